import { DateTime } from 'luxon';
import type { CompiledComponent } from '../pricing/compile.js';
import { periodBounds } from '../pricing/local-days.js';
import type { PricingComponent } from '../pricing/types.js';
import type { FixedCharge } from '../schemas/charges.js';
import { minimumsOf } from '../schemas/charges.js';

/** Whether a tariff's contract meets the month `[a, b)`: its charges are the month's. */
export const inForce = (c: CompiledComponent, a: number, b: number): boolean => c.start < b && c.end > a;

/** Money in major units as micro-units, so sums of charges stay exact. */
export const toMicro = (amount: number): number => Math.round(amount * 1e6);

/**
 * The local days of `[a, b)` a contract covers: those whose local start lies inside both (a 23-
 * or 25-hour day counts once). Over a whole month the contract runs, every day of the month.
 */
function daysInForce(c: CompiledComponent, a: number, b: number, zone: string): number {
  const lo = Math.max(a, c.start);
  const hi = Math.min(b, c.end);
  // Each step from the day's start: a day whose midnight the clocks skip starts later, not the next one.
  const next = (d: DateTime): DateTime => d.plus({ days: 1 }).startOf('day');
  let day: DateTime = DateTime.fromMillis(lo, { zone }).startOf('day');
  if (day.toMillis() < lo) day = next(day);
  let n = 0;
  for (; day.toMillis() < hi; day = next(day)) n++;
  return n;
}

/**
 * The fixed charges of each local month (`months`: ascending bounds), micro-units: of every
 * IMPORT tariff in force in it, a monthly charge once and a daily one times its local days.
 */
export function fixedByMonth(
  zone: string,
  months: readonly number[],
  components: readonly CompiledComponent[],
): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < months.length; i++) {
    const a = months[i]!;
    const b = months[i + 1]!;
    let sum = 0;
    for (const c of components) {
      const fixed = c.source.charges?.fixed;
      if (!fixed || !inForce(c, a, b)) continue;
      for (const f of fixed) sum += toMicro(f.amount) * (f.per === 'MONTH' ? 1 : daysInForce(c, a, b, zone));
    }
    out.push(sum);
  }
  return out;
}

/** One fixed charge of one tariff over a window: the local days it counts and what it comes to. */
export interface FixedShare {
  component: PricingComponent;
  charge: FixedCharge;
  /** Local days of the window the tariff's contract covers. */
  days: number;
  /** MONTH: the share of months those days make, each month's days over its own length. */
  months: number;
  /** Micro-units. */
  micro: number;
}

/**
 * The fixed charges of every tariff in force over a window of local days that need not be whole
 * months (the editor's 7-day preview, `POST /costs` with `fixed_charges`): a daily charge times
 * the days its contract covers, as in a bill; a monthly charge by its share of each month's days,
 * since a week is not a month (a bill charges it whole for each month it meets).
 */
export function fixedOverWindow(
  zone: string,
  from: number,
  to: number,
  components: readonly CompiledComponent[],
): FixedShare[] {
  const months = periodBounds('month', zone, from, to);
  const out: FixedShare[] = [];
  for (const c of components) {
    for (const charge of c.source.charges?.fixed ?? []) {
      let days = 0;
      let share = 0;
      for (let i = 0; i + 1 < months.length; i++) {
        const a = months[i]!;
        const n = daysInForce(c, a, months[i + 1]!, zone);
        days += n;
        share += n / (DateTime.fromMillis(a, { zone }).daysInMonth ?? n);
      }
      if (days === 0) continue;
      const micro = Math.round(toMicro(charge.amount) * (charge.per === 'DAY' ? days : share));
      out.push({ component: c.source, charge, days, months: share, micro });
    }
  }
  return out;
}

/**
 * The minimums of each month, micro-units: `monthly` sums the MONTH minimums of the tariffs in
 * force in it, `yearly` the YEAR minimums, applied where the month closes a billing year.
 */
export function minimumsByMonth(
  months: readonly number[],
  components: readonly CompiledComponent[],
): { monthly: number[]; yearly: number[] } {
  const monthly: number[] = [];
  const yearly: number[] = [];
  for (let i = 0; i + 1 < months.length; i++) {
    let m = 0;
    let y = 0;
    for (const c of components) {
      if (!inForce(c, months[i]!, months[i + 1]!)) continue;
      for (const min of minimumsOf(c.source.charges)) {
        if (min.per === 'MONTH') m += toMicro(min.amount);
        else y += toMicro(min.amount);
      }
    }
    monthly.push(m);
    yearly.push(y);
  }
  return { monthly, yearly };
}
