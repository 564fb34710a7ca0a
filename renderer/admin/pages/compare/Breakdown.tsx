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
}: {
  columns: Column[];
  currency: string;
  /** Credits are carried to a true-up: the credit row is what was applied to bills and paid out, not what was earned. */
  carriedCredits?: boolean;
}) {
  const parts = (Object.keys(PART_WORDS) as (keyof BillParts)[]).filter(
    (k) => ALWAYS.includes(k) || columns.some((c) => c.parts[k] !== 0),
  );
  const carried = columns.some((c) => c.carried > 0);
  const nem = columns.some((c) => c.net_metering);
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
    </Box>
  );
}
