import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { money } from '../../candidate';
import { columnColour } from './CostChart';
import type { Column } from './model';

/** Whole cents apart: what the page shows as a difference (a sub-cent one reads as "saves €0.00"). */
const cents = (v: number) => Math.round(v * 100);

/** "A", "A and B", "A, B and C". */
const names = (list: string[]) =>
  list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

/**
 * What switching to the cheapest candidate would save (or cost) over the compared span, in one
 * sentence. A candidate that costs the same as the stored tariffs (an unchanged copy, say) is
 * never called the cheapest: it is said to cost the same, and the dearer ones are weighed apart.
 */
export function verdict(
  columns: Column[],
  currency: string,
  span = 'per year',
): { text: string; saves: boolean } | null {
  const [stored, ...candidates] = columns;
  if (!stored || !candidates.length) return null;
  const best = candidates.reduce((a, b) => (b.value < a.value ? b : a));
  const diff = stored.value - best.value;
  if (cents(diff) > 0)
    return { text: `Switching to ${best.name} saves ${money(diff, currency)} ${span}.`, saves: true };
  const same = candidates.filter((c) => cents(c.value - stored.value) === 0);
  const dearer = candidates.filter((c) => !same.includes(c));
  const next = dearer.length ? dearer.reduce((a, b) => (b.value < a.value ? b : a)) : null;
  if (!next)
    return {
      text: `${names(same.map((c) => c.name))} cost${same.length === 1 ? 's' : ''} the same as the stored tariffs.`,
      saves: false,
    };
  const more = money(next.value - stored.value, currency);
  if (same.length)
    return {
      text: `No candidate is cheaper than the stored tariffs: ${names(same.map((c) => c.name))} cost${same.length === 1 ? 's' : ''} the same; ${next.name} costs ${more} more ${span}.`,
      saves: false,
    };
  return {
    text: `Keeping the stored tariffs is cheaper: the cheapest candidate, ${next.name}, costs ${more} more ${span}.`,
    saves: false,
  };
}

/** "12.5 kWh" as the totals show energy. */
const kwhText = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kWh`;

/**
 * The usage that no stored or candidate tariff prices (before a contract starts, say): the API
 * costs it 0, so the page says so instead of showing a low total silently.
 */
function unpricedNote(columns: Column[]): string | null {
  if (!columns.some((c) => c.unpriced_kwh > 0)) return null;
  if (columns.every((c) => c.unpriced_kwh === columns[0]!.unpriced_kwh))
    return `${kwhText(columns[0]!.unpriced_kwh)} of this usage fall where no stored tariff applies and are costed 0.`;
  // A candidate runs over the whole span, so its column may price what the stored tariffs leave out.
  return `Usage where no tariff of the column applies, costed 0: ${columns.map((c) => `${c.name} (${kwhText(c.unpriced_kwh)})`).join('; ')}.`;
}

/** Each column's total over the compared span, and its difference to the stored tariffs. */
export function Totals({
  columns,
  currency,
  span,
  head,
  profile,
}: {
  columns: Column[];
  currency: string;
  /** The span as the verdict says it: "per year", "over 35 days, 15 Sep – 19 Oct". */
  span: string;
  /** The cost column's heading: "Cost per year", "Cost, 35 days". */
  head: string;
  /** Whether the usage is a standard profile (scaled per calendar year, which the caption explains). */
  profile: boolean;
}) {
  const stored = columns[0];
  const said = verdict(columns, currency, span);
  const unpriced = unpricedNote(columns);
  return (
    <>
      {said ? (
        <Alert severity={said.saves ? 'success' : 'info'} sx={{ mb: 1 }} data-testid="compare-verdict">
          {said.text}
        </Alert>
      ) : null}
      {/* Beside the verdict: a column that prices less of the usage is not cheaper for it. */}
      {unpriced ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="compare-unpriced">
          {unpriced}
        </Alert>
      ) : null}
      <Table size="small" aria-label="Totals">
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>Tariff</TableCell>
            <TableCell align="right">kWh</TableCell>
            <TableCell align="right">{head}</TableCell>
            <TableCell align="right">Difference</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((c, i) => {
            const d = stored && i > 0 ? c.value - stored.value : null;
            return (
              <TableRow key={c.key} data-column={c.key}>
                <TableCell>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ display: 'inline-block', width: 10, height: 10, mr: 1, bgcolor: columnColour(i) }}
                  />
                  {c.name}
                </TableCell>
                <TableCell align="right">{c.kwh.toFixed(1)}</TableCell>
                <TableCell align="right" data-value={c.value}>
                  {money(c.value, currency)}
                </TableCell>
                <TableCell align="right">
                  {d === null ? '—' : `${d > 0 ? '+' : d < 0 ? '−' : '±'}${money(Math.abs(d), currency)}`}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {profile ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="compare-profile-note">
          A profile is scaled to its kWh per calendar year, so twelve months across New Year hold about, not exactly,
          the yearly figure.
        </Typography>
      ) : null}
    </>
  );
}
