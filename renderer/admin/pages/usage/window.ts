import { DateTime } from 'luxon';

/** The windows offered, each ending with the service clock's today at the location. */
export const PRESETS = [
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
  ['12m', 'Last 12 months'],
  ['custom', 'Dates of your own'],
] as const;
export type Preset = (typeof PRESETS)[number][0];

/** The longest window the cost report takes (`POST /costs/interval`: 400 days). */
export const MAX_WINDOW_DAYS = 400;

/** The first and last local day (inclusive) of a preset, ending `today`. */
export function presetDays(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  const t = DateTime.fromISO(today);
  const from =
    preset === '12m'
      ? t.startOf('month').minus({ months: 11 })
      : t.minus({ days: { '7d': 6, '30d': 29, '90d': 89 }[preset] });
  return { from: from.toISODate()!, to: today };
}

/** A window of local days [from's midnight, the midnight after `to`) in `zone`, or why it cannot be asked. */
export interface UsageWindow {
  start_time: string;
  end_time: string;
  fromMs: number;
  toMs: number;
  days: number;
}

export function windowOf(from: string, to: string, zone: string): UsageWindow | { problem: string } {
  const a = DateTime.fromISO(from, { zone }).startOf('day');
  const b = DateTime.fromISO(to, { zone }).startOf('day').plus({ days: 1 });
  if (!a.isValid || !b.isValid) return { problem: 'Pick the first and the last day.' };
  const days = Math.round(b.diff(a, 'days').days);
  if (days < 1) return { problem: 'The last day is before the first.' };
  if (days > MAX_WINDOW_DAYS) return { problem: `At most ${MAX_WINDOW_DAYS} days: the cost report covers no more.` };
  return {
    start_time: a.toISO({ suppressMilliseconds: true })!,
    end_time: b.toISO({ suppressMilliseconds: true })!,
    fromMs: a.toMillis(),
    toMs: b.toMillis(),
    days,
  };
}

/** The local days [from, to] (inclusive) a span of instants [start, end) touches, at most MAX_WINDOW_DAYS from its start. */
export function daysOf(start: number, end: number, zone: string): { from: string; to: string } {
  const a = DateTime.fromMillis(start, { zone }).startOf('day');
  let b = DateTime.fromMillis(end - 1, { zone }).startOf('day');
  const last = a.plus({ days: MAX_WINDOW_DAYS - 1 });
  if (b > last) b = last;
  return { from: a.toISODate()!, to: b.toISODate()! };
}
