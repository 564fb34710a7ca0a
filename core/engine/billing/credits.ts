import type { Metering } from '../schemas/bill.js';

/** What one month brings to the settlement, in micro-units of the currency. */
export interface MonthSums {
  /** Energy plus fixed plus demand charges. */
  charges: number;
  /** Export credit, positive. */
  credit: number;
  /** The local month's number, 1–12. */
  monthNumber: number;
  /** The sum of the MONTH minimums in force. */
  minMonthly: number;
  /** The sum of the YEAR minimums in force, applied where the month closes a billing year. */
  minYearly: number;
  /** NET_METERING: the surplus paid out at the end of the true-up month (0 in other months). */
  payout?: number;
}

export interface Settled {
  minimum: number;
  applied: number;
  carried: number;
  trueUp: number;
  total: number;
}

const BILLING_YEAR = 12;

/**
 * How each month's charges and export credit become what the customer pays (docs/bills.md):
 *
 * - PAID_MONTHLY: total = charges − credit, negative when the customer is paid.
 * - CARRIED: credit pays charges, the month's own first (SAME_MONTH; with NEXT_MONTH it counts
 *   from the next month), then credit carried from earlier months; the total never goes below 0
 *   through credits and what is left is carried. At the end of the true-up month the carried
 *   credit, the month's own included, is paid out as `trueUp` and restarts at 0.
 * - A monthly minimum tops the total after credits, before any true-up, up to itself; carried
 *   credit never pays it. An annual minimum tops the sum of the billing year's monthly totals
 *   (with their minimums, before the true-up; the year ends with the true-up month, December
 *   when credits are paid monthly), charged in the year's last month. A year cut by the window
 *   counts the months the window holds.
 * - NET_METERING: a month's total is its charges (its surplus is banked as kWh); the billing
 *   year ends with the true-up month, whose surplus payout (`payout`) is subtracted after the
 *   minimums.
 */
export function settle(months: readonly MonthSums[], metering: Metering): Settled[] {
  const nem = metering.mode === 'NET_METERING';
  // Net energy metering settles kWh, not money: its months pay their charges, the surplus is paid at the true-up.
  const carried = !nem && metering.credits === 'CARRIED';
  const yearEnd = carried || nem ? metering.true_up_month : 12;
  const out: Settled[] = [];
  const beforeTrueUp: number[] = [];
  let carry = 0;
  months.forEach((m, i) => {
    let applied = 0;
    let total: number;
    if (!carried) total = m.charges - m.credit;
    else {
      let rest = m.charges;
      let own = m.credit;
      if (metering.credits_from === 'SAME_MONTH') {
        const a = Math.max(0, Math.min(rest, own));
        rest -= a;
        own -= a;
        applied += a;
      }
      const b = Math.max(0, Math.min(rest, carry));
      carry -= b;
      rest -= b;
      applied += b;
      carry += own;
      total = rest;
    }
    // No minimum (0) leaves a negative month alone: the customer is paid.
    let minimum = m.minMonthly > 0 ? Math.max(0, m.minMonthly - total) : 0;
    total += minimum;
    beforeTrueUp.push(total);
    let trueUp = 0;
    if (m.monthNumber === yearEnd) {
      let year = 0;
      for (let j = Math.max(0, i - BILLING_YEAR + 1); j <= i; j++) year += beforeTrueUp[j]!;
      const short = m.minYearly > 0 ? Math.max(0, m.minYearly - year) : 0;
      minimum += short;
      total += short;
      if (carried) {
        trueUp = carry;
        total -= carry;
        carry = 0;
      }
      if (nem) {
        trueUp = m.payout ?? 0;
        total -= trueUp;
      }
    }
    out.push({ minimum, applied, carried: carry, trueUp, total });
  });
  return out;
}
