import { DateTime } from 'luxon';
import { yearFrom, type CompareYear } from './model';

/**
 * Which twelve months a profile's usage is compared over: the coming twelve (from this month),
 * a calendar year, or twelve from a month of one's own. A meter file brings its own months.
 */
export type CompareWindow =
  { kind: 'next' } | { kind: 'calendar'; year: number } | { kind: 'from'; month: string /* YYYY-MM */ };

/** The choices of the Months picker for `today` (a local date): the next twelve, this and the next calendar year, or one's own. */
export function windowChoices(today: string): [string, string][] {
  const y = DateTime.fromISO(today).year;
  return [
    ['next', 'The next 12 months'],
    [`calendar:${y}`, `Calendar year ${y}`],
    [`calendar:${y + 1}`, `Calendar year ${y + 1}`],
    ['from', '12 months from a month of your own'],
  ];
}

/** A window as the picker's value ("calendar:2027"): a calendar year not offered is shown as one's own month. */
export function windowValue(w: CompareWindow, today: string): string {
  if (w.kind === 'next') return 'next';
  if (w.kind === 'calendar' && windowChoices(today).some(([v]) => v === `calendar:${w.year}`))
    return `calendar:${w.year}`;
  return 'from';
}

/** The first month of a window, "YYYY-MM". */
export function firstMonth(w: CompareWindow, today: string): string {
  if (w.kind === 'calendar') return `${w.year}-01`;
  if (w.kind === 'from') return w.month;
  return today.slice(0, 7);
}

/** The picker's value back as a window, the month field keeping the month shown. */
export function windowOfValue(v: string, today: string, shown: string): CompareWindow {
  if (v === 'next') return { kind: 'next' };
  if (v.startsWith('calendar:')) return { kind: 'calendar', year: Number(v.slice('calendar:'.length)) };
  return { kind: 'from', month: shown };
}

/** A typed month ("2027-03") as a window: January is the calendar year; null for no month. */
export function windowOfMonth(month: string): CompareWindow | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return null;
  return month.endsWith('-01') ? { kind: 'calendar', year: Number(month.slice(0, 4)) } : { kind: 'from', month };
}

/** The twelve months of a window at a location (its zone), from `today` there. */
export const monthsOf = (w: CompareWindow, today: string, zone: string): CompareYear =>
  yearFrom(`${firstMonth(w, today)}-01`, zone);
