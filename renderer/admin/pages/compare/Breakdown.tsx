import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { money } from '../../candidate';
import { columnColour } from './CostChart';
import { PART_WORDS, type BillParts, type Column } from './model';

const ALWAYS: (keyof BillParts)[] = ['energy', 'fixed'];

/**
 * Each column's bill over the compared span, part by part, so a verdict can be followed: a
 * cheaper energy price can lose to a dearer standing charge. A part no column has is left out
 * (energy and the standing charge are always said).
 */
export function Breakdown({
  columns,
  currency,
  carriedCredits = false,
  partial = false,
}: {
  columns: Column[];
  /** Some months are left out of the totals (the battery's figures are the whole window's). */
  partial?: boolean;
  currency: string;
  /** Credits are carried to a true-up: the credit row is what was applied to bills and paid out, not what was earned. */
  carriedCredits?: boolean;
}) {
  const parts = (Object.keys(PART_WORDS) as (keyof BillParts)[]).filter(
    (k) => ALWAYS.includes(k) || columns.some((c) => c.parts[k] !== 0),
  );
  const carried = columns.some((c) => c.carried > 0);
  const nem = columns.some((c) => c.net_metering);
  const battery = columns.some((c) => c.battery);
  const car = columns.some((c) => c.car_kwh !== undefined);
  const words = (k: keyof BillParts) =>
    k !== 'credit'
      ? PART_WORDS[k]
      : nem
        ? 'Surplus paid at the true-up'
        : carriedCredits
          ? 'Export credit applied to bills and paid at the true-up'
          : PART_WORDS[k];
  const kwh = (v: number) => `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} kWh`;
  const amount = (k: keyof BillParts, v: number) => (k === 'credit' ? `−${money(v, currency)}` : money(v, currency));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Bill breakdown
      </Typography>
      <Table size="small" aria-label="Bill breakdown">
        <TableHead>
          <TableRow>
            <TableCell>Part of the bill</TableCell>
            {columns.map((c, i) => (
              <TableCell key={c.key} align="right" sx={{ maxWidth: 180, overflowWrap: 'anywhere' }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ display: 'inline-block', width: 10, height: 10, mr: 1, bgcolor: columnColour(i) }}
                />
                {c.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {parts.map((k) => (
            <TableRow key={k} data-part={k}>
              <TableCell>{words(k)}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} align="right" data-value={c.parts[k]}>
                  {amount(k, c.parts[k])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-part="total" sx={{ '& td': { fontWeight: 600 } }}>
            <TableCell>Total</TableCell>
            {columns.map((c) => (
              <TableCell key={c.key} align="right" data-value={c.value}>
                {money(c.value, currency)}
              </TableCell>
            ))}
          </TableRow>
          {nem ? (
            <>
              <TableRow data-part="surplus-paid">
                <TableCell>Surplus kWh paid at the true-up</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align="right" data-value={c.surplus_paid_kwh}>
                    {kwh(c.surplus_paid_kwh)}
                  </TableCell>
                ))}
              </TableRow>
              <TableRow data-part="banked">
                <TableCell>kWh banked at the end, not yet paid out</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align="right" data-value={c.banked_kwh}>
                    {kwh(c.banked_kwh)}
                  </TableCell>
                ))}
              </TableRow>
            </>
          ) : null}
          {battery ? (
            <>
              <TableRow data-part="battery-saving">
                <TableCell>What the battery saves</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align="right" data-value={c.battery?.saving}>
                    {c.battery ? money(c.battery.saving, currency) : '—'}
                  </TableCell>
                ))}
              </TableRow>
              <TableRow data-part="battery-without">
                <TableCell>Total without the battery</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align="right" data-value={c.battery?.total_without}>
                    {c.battery ? money(c.battery.total_without, currency) : '—'}
                  </TableCell>
                ))}
              </TableRow>
              <TableRow data-part="battery-through">
                <TableCell>Battery charged / discharged, cycles</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align="right" data-value={c.battery?.discharged_kwh}>
                    {c.battery
                      ? `${kwh(c.battery.charged_kwh)} / ${kwh(c.battery.discharged_kwh)}, ${c.battery.cycles.toLocaleString('en-GB', { maximumFractionDigits: 1 })}`
                      : '—'}
                  </TableCell>
                ))}
              </TableRow>
            </>
          ) : null}
          {car ? (
            <TableRow data-part="car">
              <TableCell>Car charging (in the energy)</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} align="right" data-value={c.car_kwh}>
                  {kwh(c.car_kwh ?? 0)}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
          {carried ? (
            <TableRow data-part="carried">
              <TableCell>Credit carried on, not yet paid out</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} align="right" data-value={c.carried}>
                  {money(c.carried, currency)}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      {battery ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="compare-battery-note">
          The totals are with the battery: each column dispatches it on its own tariffs. Its saving is that column’s
          bill without the battery less the bill with it, over the whole window
          {partial ? ' (months left out of the totals included)' : ''}.
          {columns.some((c) => c.battery?.warnings.length)
            ? ` ${[...new Set(columns.flatMap((c) => c.battery?.warnings ?? []))].join(' ')}`
            : ''}
        </Typography>
      ) : null}
    </Box>
  );
}
