import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Bill, BillMonth } from '../../../../../core/engine/schemas/bill';
import { money } from '../../../candidate';
import { kwhText } from '../UsageChart';
import { monthLabel, peakLabel } from './months';

/** One line of the statement: its words, each month's amount (and a note under it), and its total. */
interface Line {
  key: string;
  label: string;
  hint?: string;
  /** Amounts as the answer gives them; a credit is shown as taken off (−). */
  amount: (m: BillMonth) => number;
  credit?: boolean;
  note?: (m: BillMonth) => ReactNode;
  /** Not summed into the total column (a balance, not a charge): its last month's value there. */
  balance?: boolean;
  /** Not part of the total: said beside it, in grey. */
  aside?: boolean;
  /** Energy, not money (net metering's banks). */
  kwh?: boolean;
}

/** The Total column stays in view while the months scroll under it, as the part names do on the left. */
const STICKY_END = { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

const kw = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 2 })} kW`;

/** A line of a note, kept whole. */
const Part = ({ children }: { children: ReactNode }) => (
  <span style={{ display: 'block', whiteSpace: 'nowrap' }}>{children}</span>
);

/**
 * The demand note of a month: its peak and when it happened, then each demand part's money as a
 * bill lists it ("flat demand: 4.8 kW → €48.00", "Evening peak: 3 kW → €15.00") and when a
 * period's peak happened.
 */
function demandNote(m: BillMonth, zone: string, cur: string): ReactNode {
  if (!m.peak_time) return 'no draw';
  const flat = m.demand.filter((d) => d.period === null);
  const periods = m.demand.filter((d) => d.period !== null && d.time);
  // A ratchet bills at least a share of earlier peaks: the floor and the kW billed beside the peak.
  const ratchets = m.demand.filter((d) => d.period === null && (d.ratchet_kw ?? 0) > 0);
  return (
    <>
      <Part>peak {kw(m.peak_kw)}</Part>
      <Part>{peakLabel(m.peak_time, zone)}</Part>
      {ratchets.map((d) => (
        <span key={`${d.tariff_id}|ratchet`} style={{ display: 'block', marginTop: 4 }} data-testid="ratchet-note">
          <Part>floor {kw(d.ratchet_kw!)}</Part>
          <Part>billed {kw(d.billed_kw ?? d.kw)}</Part>
        </span>
      ))}
      {flat.map((d) => (
        <span key={`${d.tariff_id}|flat`} style={{ display: 'block', marginTop: 4 }} data-testid="demand-part">
          <Part>
            flat demand: {kw(d.billed_kw ?? d.kw)} → {money(d.charge, cur)}
          </Part>
        </span>
      ))}
      {periods.map((d) => (
        <span key={`${d.tariff_id}|${d.period}`} style={{ display: 'block', marginTop: 4 }} data-testid="demand-part">
          <Part>
            {d.period}: {kw(d.kw)} → {money(d.charge, cur)}
          </Part>
          <Part>{peakLabel(d.time!, zone)}</Part>
        </span>
      ))}
    </>
  );
}

/**
 * The bill laid out as a utility's statement lists it: a line per charge and credit, a column per
 * local month and the window's total. With credits carried, the month's export credit is what it
 * earned and "Credit applied" is what paid its charges; paid monthly, the export credit is taken
 * off that month.
 */
export function BillTable({ bill, zone }: { bill: Bill; zone: string }) {
  const cur = bill.currency_code;
  const nem = bill.metering.mode === 'NET_METERING';
  const carried = !nem && bill.metering.credits === 'CARRIED';
  const lines: Line[] = [
    {
      key: 'energy',
      label: 'Energy',
      amount: (m) => m.energy_charge,
      note: (m) => kwhText(m.import_kwh, 1) + ' drawn',
    },
    { key: 'fixed', label: 'Standing or fixed charge', amount: (m) => m.fixed_charge },
    { key: 'demand', label: 'Demand', amount: (m) => m.demand_charge, note: (m) => demandNote(m, zone, cur) },
    {
      key: 'minimum',
      label: 'Minimum charge',
      hint: 'Up to the tariff’s minimum',
      amount: (m) => m.minimum_charge,
    },
    ...(nem
      ? [
          {
            key: 'true-up',
            label: 'Surplus paid at the true-up',
            hint: 'kWh left over at the end of the billing year, paid at the true-up rate',
            amount: (m: BillMonth) => m.true_up,
            credit: true,
            note: (m: BillMonth) => (m.true_up > 0 ? kwhText(m.surplus_kwh ?? 0, 1) + ' paid' : null),
          },
        ]
      : [
          {
            key: 'export',
            label: carried ? 'Export credit earned' : 'Export credit',
            amount: (m: BillMonth) => m.export_credit,
            credit: !carried,
            aside: carried,
            note: (m: BillMonth) => kwhText(m.export_kwh, 1) + ' sent',
          },
        ]),
    ...(carried
      ? [
          {
            key: 'applied',
            label: 'Credit applied',
            hint: 'Export credit, this month’s and carried, that paid the month’s charges',
            amount: (m: BillMonth) => m.credit_applied,
            credit: true,
          },
          {
            key: 'true-up',
            label: 'True-up paid out',
            hint: 'Credit left at the end of the billing year, paid to the customer',
            amount: (m: BillMonth) => m.true_up,
            credit: true,
          },
        ]
      : []),
  ];
  const after: Line[] = nem
    ? [
        {
          key: 'banked',
          label: 'kWh banked',
          hint: 'Surplus kWh held for later months, each on its time-of-use period',
          amount: (m) => m.banked_kwh ?? 0,
          balance: true,
          aside: true,
          kwh: true,
        },
        {
          key: 'surplus',
          label: 'Surplus kWh',
          hint: 'The year’s surplus so far, paid at the true-up',
          amount: (m) => m.surplus_kwh ?? 0,
          balance: true,
          aside: true,
          kwh: true,
        },
      ]
    : carried
      ? [
          {
            key: 'carried',
            label: 'Credit carried forward',
            amount: (m) => m.credit_carried,
            balance: true,
            aside: true,
          },
        ]
      : [];
  const last = bill.months.at(-1);
  const sum = (f: (m: BillMonth) => number) => bill.months.reduce((t, m) => t + f(m), 0);
  const shown = (v: number, credit?: boolean, energy?: boolean) =>
    v === 0 ? '—' : energy ? kwhText(v, 1) : money(credit ? -v : v, cur);
  const row = (l: Line) => (
    <TableRow key={l.key} data-line={l.key}>
      <TableCell
        component="th"
        scope="row"
        sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', verticalAlign: 'top' }}
      >
        {l.label}
        {l.hint ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {l.hint}
          </Typography>
        ) : null}
      </TableCell>
      {bill.months.map((m) => (
        <TableCell
          key={m.start_time}
          align="right"
          data-value={l.amount(m)}
          sx={{ whiteSpace: 'nowrap', color: l.aside ? 'text.secondary' : undefined, verticalAlign: 'top' }}
        >
          {shown(l.amount(m), l.credit, l.kwh)}
          {l.note ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {l.note(m)}
            </Typography>
          ) : null}
        </TableCell>
      ))}
      <TableCell
        align="right"
        data-value={l.balance ? (last ? l.amount(last) : 0) : sum(l.amount)}
        sx={{
          ...STICKY_END,
          whiteSpace: 'nowrap',
          fontWeight: 600,
          color: l.aside ? 'text.secondary' : undefined,
          verticalAlign: 'top',
        }}
      >
        {shown(l.balance ? (last ? l.amount(last) : 0) : sum(l.amount), l.credit, l.kwh)}
      </TableCell>
    </TableRow>
  );
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Bill by month">
        <TableHead>
          <TableRow>
            <TableCell sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', minWidth: 150 }}>
              {cur}
            </TableCell>
            {bill.months.map((m) => (
              <TableCell key={m.start_time} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {monthLabel(m.start_time, zone)}
              </TableCell>
            ))}
            <TableCell align="right" sx={STICKY_END}>
              Total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map(row)}
          <TableRow data-line="total" sx={{ '& > *': { borderTop: 2, borderTopColor: 'divider' } }}>
            <TableCell component="th" scope="row" sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper' }}>
              <strong>To pay</strong>
              <Typography variant="caption" color="text.secondary" component="div">
                Negative: paid to the customer
              </Typography>
            </TableCell>
            {bill.months.map((m) => (
              <TableCell key={m.start_time} align="right" data-value={m.total} sx={{ whiteSpace: 'nowrap' }}>
                <strong>{money(m.total, cur)}</strong>
              </TableCell>
            ))}
            <TableCell align="right" data-value={bill.total} sx={{ ...STICKY_END, whiteSpace: 'nowrap' }}>
              <strong>{money(bill.total, cur)}</strong>
            </TableCell>
          </TableRow>
          {after.map(row)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
