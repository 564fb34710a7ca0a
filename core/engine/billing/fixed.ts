import { DateTime } from 'luxon';
import type { CompiledComponent } from '../pricing/compile.js';
import { minimumsOf } from '../schemas/charges.js';

/** Whether a tariff's contract meets the month `[a, b)`: its charges are the month's. */
export const inForce = (c: CompiledComponent, a: number, b: number): boolean => c.start < b && c.end > a;

/** Money in major units as micro-units, so sums of charges stay exact. */
export const toMicro = (amount: number): number => Math.round(amount * 1e6);

/**
 * The local days of the month `[a, b)` a contract covers: all of them when it runs the whole
 * month (23- and 25-hour days count once), else the days whose local start lies inside it.
 */
function daysInForce(c: CompiledComponent, a: number, b: number, zone: string): number {
  let day = DateTime.fromMillis(a, { zone });
  if (c.start <= a && c.end >= b) return day.daysInMonth ?? 0;
  let n = 0;
  while (day.toMillis() < b) {
    const t = day.toMillis();
    if (t >= c.start && t < c.end) n++;
    day = day.plus({ days: 1 });
  }
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
