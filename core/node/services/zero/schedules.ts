import type { Scope } from '../../db/documents.js';
import { scheduleAmount, type ScheduleDeps } from '../schedules.js';
import { directionOf } from '../../../engine/schemas/zero/window-query.js';
import type { Schedule, ScheduleCreate } from '../../../engine/schemas/zero/schedules.js';

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places + 0;

/**
 * Zero's shaving threshold as the amount schedule takes it. Zero places `relative` on the price
 * range from its lowest (0) to its highest (1) whichever way the energy goes, and an `absolute`
 * overrides it; the amount schedule measures a selling share from the dearest end.
 */
function shavingOf(t: ScheduleCreate['shaving_threshold'], selling: boolean) {
  if (!t || (t.absolute === undefined && t.relative === undefined)) return undefined;
  if (t.absolute !== undefined) return { absolute: t.absolute };
  return { relative: selling ? round(1 - t.relative!, 12) : t.relative! };
}

/**
 * `POST /schedules` (docs/schedules.md, Zero): the schedule by amount under Zero's names. The
 * location is the body's; a device without its own `max_power` may use the location's.
 */
export function zeroSchedule(deps: ScheduleDeps, scope: Scope, body: ScheduleCreate): Schedule {
  const directions = body.data.map((e) => directionOf(e.direction));
  const shaving = shavingOf(body.shaving_threshold, directions[0] === 'EXPORT');
  const a = scheduleAmount(deps, scope, body.location_id, {
    location_id: body.location_id,
    max_power: body.max_power,
    ...(shaving ? { shaving_threshold: shaving } : {}),
    data: body.data.map((e, i) => ({
      device_id: e.device_id,
      tariff_direction: directions[i],
      ...(e.start_time !== undefined ? { start_time: e.start_time } : {}),
      end_time: e.end_time,
      max_power: e.max_power ?? body.max_power,
      energy: e.energy,
    })),
  });
  return {
    id: a.id.replace(/^sae_/, 'sch_'),
    object: 'schedule',
    live_mode: a.live_mode,
    location_id: a.location_id,
    location_timezone: a.location_timezone,
    currency_code: a.currency_code,
    max_power: a.max_power!,
    ...(body.shaving_threshold ? { shaving_threshold: body.shaving_threshold } : {}),
    tariff: a.tariff,
    savings: a.savings,
    data: a.data.map((d) => ({
      device_id: d.device_id!,
      direction: d.tariff_direction as 'IMPORT' | 'EXPORT',
      start_time: d.start_time,
      end_time: d.end_time,
      max_power: d.max_power,
      energy: d.energy,
      tariff: d.tariff,
      savings: d.savings,
      schedule: d.schedule,
    })),
    time_created: a.time_created,
    account_id: a.account_id,
  };
}
