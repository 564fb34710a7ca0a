/**
 * The calendar names a schedule may use (case-insensitive): months and weekdays in full or
 * three-letter form, `All`, `Weekday`/`Weekdays` and `Weekend`/`Weekends`.
 * Shared by request validation and the price engine so both read a schedule the same way.
 */
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const monthIndex = new Map<string, number>();
MONTHS.forEach((m, i) => {
  monthIndex.set(m, i + 1);
  monthIndex.set(m.slice(0, 3), i + 1);
});
monthIndex.set('sept', 9);

const dayIndex = new Map<string, number[]>();
DAYS.forEach((d, i) => {
  dayIndex.set(d, [i + 1]);
  dayIndex.set(d.slice(0, 3), [i + 1]);
});
dayIndex.set('weekday', [1, 2, 3, 4, 5]);
dayIndex.set('weekdays', [1, 2, 3, 4, 5]);
dayIndex.set('weekend', [6, 7]);
dayIndex.set('weekends', [6, 7]);

export const ALL = 'all';

/** Month numbers 1–12 named by `name`, `'all'` for All, or undefined when the name is unknown. */
export function parseMonth(name: string): number[] | 'all' | undefined {
  const k = name.trim().toLowerCase();
  if (k === ALL) return ALL;
  const m = monthIndex.get(k);
  return m === undefined ? undefined : [m];
}

/** ISO weekday numbers (1 = Monday) named by `name`, `'all'` for All, or undefined when unknown. */
export function parseDay(name: string): number[] | 'all' | undefined {
  const k = name.trim().toLowerCase();
  if (k === ALL) return ALL;
  return dayIndex.get(k);
}

export const MONTH_NAMES = MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));
export const DAY_NAMES = DAYS.map((d) => d[0]!.toUpperCase() + d.slice(1));

/** `HH:MM:SS` → seconds since local midnight, or undefined when malformed. */
export function parseTimeOfDay(s: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/.exec(s);
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

export function formatTimeOfDay(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

export const DAY_SECONDS = 86400;

/**
 * A band's local-time span in seconds since the start of its day: `[from, to)` where `to` may
 * exceed 86400 when the band wraps past midnight (rule 2), and `valid_to` 00:00:00 is the end of day.
 */
export function bandSpan(validFrom: string, validTo: string): { from: number; to: number } | undefined {
  const from = parseTimeOfDay(validFrom);
  const toRaw = parseTimeOfDay(validTo);
  if (from === undefined || toRaw === undefined) return undefined;
  const to = toRaw <= from ? toRaw + DAY_SECONDS : toRaw;
  return { from, to };
}
