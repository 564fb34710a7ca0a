import { MONTH_NAMES } from '../../schedule/names.js';

/** Days of each month; February as 28 (said in a warning where it matters). */
export const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Tiers a band or a demand rate holds (the schemas' limit). */
export const MAX_TIERS = 10;

/** A sum of two decimal rates without binary noise (0.1 + 0.02 is 0.12). */
export const decimal = (x: number) => Number(x.toPrecision(12));

/** A tier's price as URDB gives it: rate + adj. */
export const priceOf = (tier: { rate: number; adj?: number | null | undefined }) =>
  decimal(tier.rate + (tier.adj ?? 0));

/** Whether a field carries something: not absent, null, zero, empty, or a list of such. */
export function carries(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === 0 || v === false) return false;
  if (Array.isArray(v)) return v.some(carries);
  if (typeof v === 'object') return Object.values(v as object).some(carries);
  return true;
}

/** A value of the document as it wrote it: numbers as parsed from its text, never computed. */
export const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function count(v: unknown, what: string): string {
  const n = Array.isArray(v) ? v.length : 1;
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00:00`;

/** One day row of 24 period indices as bands: adjacent hours of one price (or one period) are one band. */
export function bandsOf<T>(row: number[], band: (p: number) => T) {
  const bands: ({ valid_from: string; valid_to: string } & T)[] = [];
  const key = (h: number) => JSON.stringify(band(row[h]!));
  let from = 0;
  for (let h = 1; h <= 24; h++) {
    if (h < 24 && key(h) === key(from)) continue;
    bands.push({ valid_from: clock(from), valid_to: clock(h), ...band(row[from]!) });
    from = h;
  }
  return bands;
}

/** Groups whose days and hours came out alike (two seasons that sell alike) as one entry, months in order. */
export function mergeAlike<D>(groups: { months: number[]; days_and_hours: D }[]) {
  const out = new Map<string, { months: number[]; days_and_hours: D }>();
  for (const g of groups) {
    const k = JSON.stringify(g.days_and_hours);
    const seen = out.get(k);
    if (seen) seen.months = [...seen.months, ...g.months].sort((a, b) => a - b);
    else out.set(k, { ...g });
  }
  return [...out.values()].map((g) => ({ months: monthNames(g.months), days_and_hours: g.days_and_hours }));
}

/** Month names of 0-based months, or All for the twelve. */
export const monthNames = (months: number[]) => (months.length === 12 ? ['All'] : months.map((m) => MONTH_NAMES[m]!));

/**
 * Months of a weekday and a weekend 12 × 24 matrix that share their rows (and `extra`, such as a
 * month length) as one group each, in the order their first month comes.
 */
export function monthGroups(weekdays: number[][], weekends: number[][], extra: (m: number) => unknown = () => 0) {
  const groups = new Map<string, { months: number[]; weekday: number[]; weekend: number[]; extra: unknown }>();
  for (let m = 0; m < 12; m++) {
    const weekday = weekdays[m]!;
    const weekend = weekends[m]!;
    const key = JSON.stringify([weekday, weekend, extra(m)]);
    const g = groups.get(key);
    if (g) g.months.push(m);
    else groups.set(key, { months: [m], weekday, weekend, extra: extra(m) });
  }
  return [...groups.values()];
}

/** A group's days and hours: one row for all days when weekdays and weekends come out alike, else two. */
export function dayRows<T>(g: { weekday: number[]; weekend: number[] }, band: (p: number) => T) {
  const weekday = bandsOf(g.weekday, band),
    weekend = bandsOf(g.weekend, band);
  return JSON.stringify(weekday) === JSON.stringify(weekend)
    ? [{ days: ['All'], hours: weekday }]
    : [
        { days: ['Weekday'], hours: weekday },
        { days: ['Weekend'], hours: weekend },
      ];
}
