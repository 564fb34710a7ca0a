import { DateTime } from 'luxon';

/** The most local months one bill covers (`POST /bills`: two billing years). */
export const MAX_BILL_MONTHS = 24;

/** A bill's window: whole local months, as `POST /bills/{location_id}` takes it. */
export interface BillWindow {
  start_time: string;
  end_time: string;
  months: number;
}

/**
 * The whole local months in `zone` that cover the instants [fromMs, toMs): from the first one's
 * month start to the start of the month after the last, at most MAX_BILL_MONTHS (the latest kept).
 */
export function billWindowOf(fromMs: number, toMs: number, zone: string): BillWindow {
  const b = DateTime.fromMillis(toMs - 1, { zone })
    .startOf('month')
    .plus({ months: 1 });
  let a = DateTime.fromMillis(fromMs, { zone }).startOf('month');
  if (b.diff(a, 'months').months > MAX_BILL_MONTHS) a = b.minus({ months: MAX_BILL_MONTHS });
  return {
    start_time: a.toISO({ suppressMilliseconds: true })!,
    end_time: b.toISO({ suppressMilliseconds: true })!,
    months: Math.round(b.diff(a, 'months').months),
  };
}

/** A month as a bill's column names it: "Jan 2026". */
export const monthLabel = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale('en-GB').toFormat('LLL yyyy');

/** When a peak happened, in the location's wall time: "Wed 28 Jan, 19:00". */
export const peakLabel = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale('en-GB').toFormat('ccc d LLL, HH:mm');

/** The month names a true-up may fall in, 1–12. */
export const MONTH_NAMES = Array.from({ length: 12 }, (_, i) =>
  DateTime.fromObject({ year: 2026, month: i + 1 })
    .setLocale('en-GB')
    .toFormat('LLLL'),
);
