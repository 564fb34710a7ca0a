import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { money } from '../../candidate';
import { columnColour } from './CostChart';
import { spanWords, type Column } from './model';

/** What switching to the cheapest candidate would save (or cost) over the compared months, in one sentence. */
export function verdict(
  columns: Column[],
  currency: string,
  span = 'per year',
): { text: string; saves: boolean } | null {
  const [stored, ...candidates] = columns;
  if (!stored || !candidates.length) return null;
  const best = candidates.reduce((a, b) => (b.value < a.value ? b : a));
  const diff = stored.value - best.value;
  if (diff > 0) return { text: `Switching to ${best.name} saves ${money(diff, currency)} ${span}.`, saves: true };
  if (diff === 0) return { text: `${best.name} costs the same as the stored tariffs.`, saves: false };
  return {
    text: `Keeping the stored tariffs saves ${money(-diff, currency)} ${span} over the cheapest candidate, ${best.name}.`,
    saves: false,
  };
}

/** Each column's total over the compared months, and its difference to the stored tariffs. */
export function Totals({ columns, currency, months }: { columns: Column[]; currency: string; months: number }) {
  const stored = columns[0];
  const said = verdict(columns, currency, spanWords(months));
  return (
    <>
      {said ? (
        <Alert severity={said.saves ? 'success' : 'info'} sx={{ mb: 1 }} data-testid="compare-verdict">
          {said.text}
        </Alert>
      ) : null}
      <Table size="small" aria-label="Totals">
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>Tariff</TableCell>
            <TableCell align="right">kWh</TableCell>
            <TableCell align="right">
              {months === 12 ? 'Cost per year' : `Cost, ${months} month${months === 1 ? '' : 's'}`}
            </TableCell>
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
    </>
  );
}
