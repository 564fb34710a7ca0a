import type { Scope } from '../../db/documents.js';
import { scheduleDuration, scheduleLimit, type ScheduleDeps } from '../schedules.js';
import { formOf, formatter } from '../../../engine/pricing/format.js';
import { directionOf, type ZeroDirection } from '../../../engine/schemas/zero/window-query.js';
import type { SlotThreshold, SlotThresholdQuery, SlotTime, SlotTimeQuery } from '../../../engine/schemas/zero/slots.js';

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places + 0;
const segmentOf = (s: string) => s.toUpperCase() as 'LOW' | 'HIGH';

/**
 * When the window's prices may change next, as `POST /prices` says it; Zero always names a time,
 * so where nothing in the window changes, its end.
 */
function nextUpdateOf(
  deps: ScheduleDeps,
  scope: Scope,
  locationId: string,
  direction: ZeroDirection,
  q: SlotTimeQuery,
) {
  const w = deps.prices.explain(scope, locationId, direction, q, { unknownGaps: true });
  return formatter(formOf(q.end_time))(w.nextUpdate ?? w.to);
}

/** `GET /slots/time/{id}` (docs/schedules.md, Zero): the schedule by duration under Zero's names. */
export function zeroSlotTime(deps: ScheduleDeps, scope: Scope, locationId: string, q: SlotTimeQuery): SlotTime {
  const direction = directionOf(q.direction);
  const segment = segmentOf(q.segment);
  const a = scheduleDuration(deps, scope, locationId, {
    start_time: q.start_time,
    end_time: q.end_time,
    tariff_direction: direction,
    segment,
    duration: q.duration,
  });
  return {
    id: a.id.replace(/^std_/, 'sta_'),
    object: 'slot_time',
    live_mode: a.live_mode,
    location_id: a.location_id,
    location_timezone: a.location_timezone,
    currency_code: a.currency_code,
    direction,
    next_update: nextUpdateOf(deps, scope, locationId, direction, q),
    request: {
      direction,
      segment,
      duration: q.duration,
      start_time: a.request.start_time,
      end_time: a.request.end_time,
    },
    data: a.data.map((p) => ({
      start_time: p.start_time,
      end_time: p.end_time,
      tariff: { rate_avg: p.price.average, confidence: p.price.confidence },
    })),
    time_created: a.time_created,
    account_id: a.account_id,
  };
}

/**
 * `GET /slots/threshold/{id}` (docs/schedules.md, Zero): the schedule by limit under Zero's names.
 * Zero places `relative` on the window's price range from its lowest (0) to its highest (1) for
 * both segments, and an `absolute` threshold overrides it; the limit schedule measures a HIGH
 * share from the dearest end, so a HIGH `relative` r is asked as 1 − r.
 */
export function zeroSlotThreshold(
  deps: ScheduleDeps,
  scope: Scope,
  locationId: string,
  q: SlotThresholdQuery,
): SlotThreshold {
  const direction = directionOf(q.direction);
  const segment = segmentOf(q.segment);
  const threshold =
    q.absolute !== undefined
      ? { absolute: q.absolute }
      : { relative: segment === 'HIGH' ? round(1 - q.relative!, 12) : q.relative! };
  const a = scheduleLimit(deps, scope, locationId, {
    start_time: q.start_time,
    end_time: q.end_time,
    tariff_direction: direction,
    segment,
    ...threshold,
  });
  return {
    id: a.id.replace(/^spl_/, 'slt_'),
    object: 'slot_threshold',
    live_mode: a.live_mode,
    location_id: a.location_id,
    location_timezone: a.location_timezone,
    currency_code: a.currency_code,
    direction,
    duration: a.duration,
    next_update: a.next_update ?? a.request.end_time,
    request: {
      direction,
      segment,
      absolute: q.absolute ?? a.threshold ?? 0,
      relative: q.relative ?? relativeOf(deps, scope, locationId, direction, q, q.absolute!),
      start_time: a.request.start_time,
      end_time: a.request.end_time,
    },
    data: a.data.map((p) => ({
      start_time: p.start_time,
      end_time: p.end_time,
      tariff: { rate: p.price.average, rate_avg: p.price.average, confidence: p.price.confidence },
    })),
    time_created: a.time_created,
    account_id: a.account_id,
  };
}

/** Where a price lies on the range of the window's known prices, 0 its lowest and 1 its highest (6 decimals). */
function relativeOf(
  deps: ScheduleDeps,
  scope: Scope,
  locationId: string,
  direction: ZeroDirection,
  q: SlotThresholdQuery,
  price: number,
): number {
  const known = deps.prices.intervals(scope, locationId, direction, q).intervals.filter((iv) => iv.confidence > 0);
  if (!known.length) return 0;
  const min = known.reduce((m, iv) => Math.min(m, iv.value), Infinity);
  const max = known.reduce((m, iv) => Math.max(m, iv.value), -Infinity);
  if (max === min) return price >= max ? 1 : 0;
  return round(Math.min(1, Math.max(0, (price - min) / (max - min))), 6);
}
