import { DateTime } from 'luxon';
import type { Clock } from '../../../engine/clock.js';
import { Codes, invalid } from '../../../engine/errors.js';
import type { PriceRequest } from '../../../engine/schemas/price.js';
import { COST_LIMITS } from '../../../engine/schemas/cost.js';

const HOURS_90 = 90 * 24 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The window of a price request (rule 10): end required and after start (`now` by default);
 * up to max(90×24 h, 90 local days).
 */
export function priceWindow(
  req: Pick<PriceRequest, 'start_time' | 'end_time'>,
  zone: string,
  clock: Clock,
): { from: number; to: number } {
  const to = DateTime.fromISO(req.end_time, { setZone: true }).toMillis();
  // Now by default, to the second: answers write instants in whole seconds.
  const from = req.start_time
    ? DateTime.fromISO(req.start_time, { setZone: true }).toMillis()
    : Math.floor(clock.now().getTime() / 1000) * 1000;
  if (!(to > from))
    throw invalid(
      'end_time_before_start_time',
      `end_time must be after start_time${req.start_time ? '' : ' (now, by default)'}.`,
    );
  // 90 local days are only worth working out for a window longer than 90×24 h.
  if (to > from + HOURS_90 && to > DateTime.fromMillis(from, { zone }).plus({ days: 90 }).toMillis())
    throw invalid(
      'window_too_long',
      'The window may be at most 90 days (90×24 h or 90 local calendar days, whichever is longer).',
    );
  return { from, to };
}

/**
 * The window of a cost (`POST /costs`, the meter cost reports): end after start, at most
 * `COST_LIMITS.maxWindowDays` (that many 24-hour days or local calendar days, whichever is longer).
 */
export function costWindow(w: { start_time: string; end_time: string }, zone: string): { from: number; to: number } {
  const from = DateTime.fromISO(w.start_time, { setZone: true }).toMillis();
  const to = DateTime.fromISO(w.end_time, { setZone: true }).toMillis();
  if (!(to > from)) throw invalid('end_time_before_start_time', 'end_time must be after start_time.');
  const days = COST_LIMITS.maxWindowDays;
  if (to > from + days * DAY_MS && to > DateTime.fromMillis(from, { zone }).plus({ days }).toMillis())
    throw invalid(
      Codes.windowTooLong,
      `The window may be at most ${days} days (${days}×24 h or ${days} local calendar days, whichever is longer).`,
    );
  return { from, to };
}
