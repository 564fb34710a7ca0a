import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { money } from '../../candidate';
import { columnColour } from './CostChart';
import { DateTime } from 'luxon';
import { kwhWords, type Fair } from './model';
import { apart, candidatesVerdict, flexibleWords, verdict } from './verdict';
import { Breakdown } from './Breakdown';

/** A month of the answer as the notes name it: "Nov 2026". */
const monthWords = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale('en-GB').toFormat('LLL yyyy');

/** The months left out, each with why: "Nov 2026 (Stored: … leaves 121.3 kWh unpriced)"; four at most, then a count. */
function leftOutWords(fair: Fair, zone: string): string {
  const shown = fair.leftOut.slice(0, 4).map((m) => `${monthWords(m.start_time, zone)} (${m.why.join('; ')})`);
  const more = fair.leftOut.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more month${more === 1 ? '' : 's'}` : ''}`;
}

/**
 * What the totals leave out and why, so that the verdict is read as what it is: a comparison
 * over the months every column prices in full.
 */
function coverageNote(fair: Fair, zone: string): string | null {
  if (fair.all) return null;
  const alone = fair.columns.length === 1;
  if (fair.months === 0)
    return alone
      ? `No month of this usage is priced in full by the stored tariffs: ${leftOutWords(fair, zone)}.`
      : `No month is priced in full by every column, so there is no verdict: ${leftOutWords(fair, zone)}.`;
  const run = fair.run
    ? `, ${monthWords(new Date(fair.run.from).toISOString(), zone)} – ${monthWords(new Date(fair.run.to - 1).toISOString(), zone)}`
    : '';
  const n = fair.months === 1 ? 'the one month' : `the ${fair.months} months`;
  return alone
    ? `Left out of the total: ${leftOutWords(fair, zone)}. The total counts ${n} the stored tariffs price in full${run}.`
    : `Left out of every total: ${leftOutWords(fair, zone)}. The totals and the verdict compare ${n} every column prices in full${run}.`;
}

/** Each column's total over the compared span, and its difference to the stored tariffs. */
export function Totals({
  fair,
  zone,
  currency,
  span,
  head,
  profile,
  tiered,
  carriedCredits = false,
}: {
  /** The columns over the months every column prices in full (`fairOf`). */
  fair: Fair;
  zone: string;
  currency: string;
  /** The span as the verdict says it: "per year", "over 35 days, 15 Sep – 19 Oct". */
  span: string;
  /** The cost column's heading: "Cost per year", "Cost, 35 days". */
  head: string;
  /** Whether the usage is a standard profile (scaled to the twelve months compared, which the caption says). */
  profile: boolean;
  /** Whether a compared tariff has consumption tiers (their billing period the note explains). */
  tiered: boolean;
  /** Export credit is carried to a true-up (the breakdown's credit row says what it holds). */
  carriedCredits?: boolean;
}) {
  const { columns } = fair;
  const stored = columns[0];
  // Exports are said only where there are any (a household with solar).
  const exports = columns.some((c) => c.export_kwh > 0);
  // Tiers are said only where a column reaches one: the column would read 0 everywhere else.
  const aboveTier = columns.some((c) => c.above_first_tier_kwh > 0);
  // Never across unequal coverage: with no month priced in full by every column there is nothing to weigh.
  const said = fair.months ? verdict(columns, currency, span, flexibleWords(columns)) : null;
  const among = fair.months ? candidatesVerdict(columns, currency, span) : null;
  const coverage = coverageNote(fair, zone);
  return (
    <>
      {said ? (
        <Alert severity={said.saves ? 'success' : 'info'} sx={{ mb: 1 }} data-testid="compare-verdict">
          {said.text}
          {among ? (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="compare-among">
              {among}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      {/* Beside the verdict: what it leaves out, since a column that prices less of the usage is not cheaper for it. */}
      {coverage ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="compare-coverage">
          {coverage}
        </Alert>
      ) : null}
      {/* With no month in any total there is nothing to tabulate: the note above says why. */}
      {fair.months ? (
        <Table size="small" aria-label="Totals">
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>Tariff</TableCell>
              <TableCell align="right">{exports ? 'kWh bought' : 'kWh'}</TableCell>
              {exports ? (
                <TableCell align="right">
                  {/* Net metering banks what is sent as kWh: nothing is sold. */}
                  {columns.some((c) => c.net_metering) ? 'kWh sent' : 'kWh sold'}
                </TableCell>
              ) : null}
              {aboveTier ? <TableCell align="right">kWh above the first tier</TableCell> : null}
              <TableCell align="right">{head}</TableCell>
              <TableCell align="right">Difference</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.map((c, i) => {
              const d = stored && i > 0 ? apart(c.value, stored.value) : null;
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
                  {exports ? <TableCell align="right">{c.export_kwh.toFixed(1)}</TableCell> : null}
                  {aboveTier ? (
                    <TableCell align="right" data-testid="compare-above-first-tier">
                      {c.above_first_tier_kwh.toFixed(1)}
                    </TableCell>
                  ) : null}
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
      ) : null}
      {fair.months ? (
        <Breakdown columns={columns} currency={currency} carriedCredits={carriedCredits} partial={!fair.all} />
      ) : null}
      {/* Solar with no export price at some times: those kWh earn nothing, which is a real part of the bill. */}
      {fair.months && columns.some((c) => c.unpriced_export_kwh > 0) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="compare-unpriced-export">
          Sent to the grid at times no export tariff prices, so credited nothing:{' '}
          {columns
            .filter((c) => c.unpriced_export_kwh > 0)
            .map((c) => `${c.name}, ${kwhWords(c.unpriced_export_kwh)}`)
            .join('; ')}
          .
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="compare-rule">
        Like with like: the totals count only the months every column prices in full. A month where a column leaves
        usage unpriced, or where a stored tariff that a candidate replaces covers only part of it, is left out of every
        column.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="compare-charges-note">
        The totals are whole bills: energy, standing and fixed charges, demand and minimum charges, less export credit.
        {tiered
          ? ' Consumption tiers are priced as a bill prices them: each tariff counts its energy from the first of each month, and what goes past a tier’s bound costs the next tier’s price.'
          : ''}
      </Typography>
      {profile ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="compare-profile-note">
          A profile is scaled so the twelve months compared hold its kWh per year exactly, whichever month they start
          in.
        </Typography>
      ) : null}
    </>
  );
}
