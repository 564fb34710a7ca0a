import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { LocationService } from './locations.js';
import type { PriceService } from './prices/service.js';
import type { TariffDirection } from '../../engine/schemas/common.js';
import { ApiError, Codes, invalid, unprocessable } from '../../engine/errors.js';
import { formOf, formatter } from '../../engine/pricing/format.js';
import type { Period } from '../../engine/pricing/schedules/periods.js';
import { scheduleByDuration } from '../../engine/pricing/schedules/duration.js';
import { scheduleByLimit } from '../../engine/pricing/schedules/limit.js';
import { scheduleByAmount, type DeviceNeed } from '../../engine/pricing/schedules/amount.js';
import {
  baseValue,
  type ScheduleAmountRequest,
  type ScheduleDurationRequest,
  type ScheduleLimitRequest,
} from '../../engine/schemas/schedule-request.js';
import { isoSeconds } from '../../engine/clock.js';

/** What the schedules read: the price sweep, the location, the clock and the id generator. */
export interface ScheduleDeps {
  prices: PriceService;
  locations: LocationService;
  clock: Clock;
  ids: IdGenerator;
}

const MINUTE = 60_000;
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places + 0;

/** The request's direction: `tariff_direction`, or the reference's other spelling `direction`. */
function directionOf(b: { tariff_direction?: TariffDirection; direction?: TariffDirection }, at = '') {
  if (b.tariff_direction && b.direction && b.tariff_direction !== b.direction)
    throw invalid(
      Codes.tariffDirectionConflict,
      `${at}tariff_direction and ${at}direction disagree: give one of them (direction is another spelling).`,
    );
  return b.tariff_direction ?? b.direction;
}

/** `location_id` in the body too (the reference's examples send it): it must be the path's. */
function samePlace(body: { location_id?: string | undefined }, id: string): void {
  if (body.location_id !== undefined && body.location_id !== id)
    throw invalid(Codes.locationIdMismatch, 'location_id in the body must be the location of the path.');
}

const periodsOut = (periods: Period[], fmt: (ms: number) => string) =>
  periods.map((p) => ({
    start_time: fmt(p.from),
    end_time: fmt(p.to),
    price: { average: p.average, confidence: p.confidence },
  }));

/** The fields every answer opens with. */
function headOf<const O extends string>(
  deps: ScheduleDeps,
  scope: Scope,
  prefix: string,
  object: O,
  locationId: string,
  place: { zone: string; currency: string },
  direction: TariffDirection,
) {
  return {
    id: deps.ids(prefix),
    object,
    live_mode: scope.liveMode,
    account_id: scope.accountId,
    location_id: locationId,
    location_timezone: place.zone,
    currency_code: place.currency,
    tariff_direction: direction,
  };
}

/** `POST /schedules/duration/{id}` (docs/schedules.md, By duration). */
export function scheduleDuration(deps: ScheduleDeps, scope: Scope, locationId: string, body: ScheduleDurationRequest) {
  samePlace(body, locationId);
  const direction = directionOf(body) ?? 'IMPORT';
  const segment = body.segment ?? 'LOW';
  const w = deps.prices.intervals(scope, locationId, direction, body);
  const windowMinutes = (w.to - w.from) / MINUTE;
  if (body.duration > windowMinutes)
    throw invalid(
      Codes.durationTooLong,
      `duration: ${body.duration} minutes is longer than the window (${round(windowMinutes, 3)} minutes).`,
    );
  const result = scheduleByDuration(w.intervals, segment, body.duration * MINUTE);
  if ('unreachable' in result)
    throw unprocessable(
      Codes.noPriceData,
      `Only ${round(result.unreachable.availableMs / MINUTE, 3)} minutes of the window have a known price; duration asks for ${body.duration}.`,
    );
  const fmt = formatter(formOf(body.end_time));
  return {
    ...headOf(deps, scope, 'std', 'schedule_duration', locationId, w, direction),
    request: { start_time: fmt(w.from), end_time: fmt(w.to), segment, duration: body.duration },
    data: periodsOut(result.periods, fmt),
    time_created: isoSeconds(deps.clock.now()),
  };
}

/** `POST /schedules/limit/{id}` (docs/schedules.md, By limit). */
export function scheduleLimit(deps: ScheduleDeps, scope: Scope, locationId: string, body: ScheduleLimitRequest) {
  samePlace(body, locationId);
  const direction = directionOf(body) ?? 'IMPORT';
  const segment = body.segment ?? 'LOW';
  // A gap between a tariff's bands is unknown to the schedules, never free energy (as `intervals`).
  const w = deps.prices.explain(scope, locationId, direction, body, { unknownGaps: true });
  const result = scheduleByLimit(w.intervals, segment, body);
  const fmt = formatter(formOf(body.end_time));
  return {
    ...headOf(deps, scope, 'spl', 'schedule_limit', locationId, w, direction),
    // The reference's example reads `direction` and each period's `tariff.rate_avg`: both are given.
    direction,
    request: {
      start_time: fmt(w.from),
      end_time: fmt(w.to),
      segment,
      direction,
      ...(body.relative !== undefined ? { relative: body.relative } : {}),
      ...(body.absolute !== undefined ? { absolute: body.absolute } : {}),
    },
    duration: round(result.durationMs / MINUTE, 3),
    threshold: result.limit === null ? null : round(result.limit, 6),
    next_update: w.nextUpdate === null ? null : fmt(w.nextUpdate),
    data: periodsOut(result.periods, fmt).map((p) => ({
      ...p,
      tariff: { rate_avg: p.price.average, confidence: p.price.confidence },
    })),
    time_created: isoSeconds(deps.clock.now()),
  };
}

/** A quantity in its units, from watts or watt-hours. */
const inUnits = (base: number, units: string) => round(units === 'KW' || units === 'KWH' ? base / 1000 : base, 6);
/** An energy as an answer shows it: whole watt-hours (half away from zero) in WH; the plan uses the exact one. */
const energyIn = (wh: number, units: string) =>
  units === 'WH' ? Math.sign(wh) * Math.round(Math.abs(wh)) + 0 : inUnits(wh, units);
const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : round((100 * part) / Math.abs(whole), 2));

/** An entry's window, by the rule of prices; an error names the entry. */
function entryWindow(deps: ScheduleDeps, e: ScheduleAmountRequest['data'][number], i: number, zone: string) {
  try {
    return deps.prices.window(e, zone);
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(err.status, err.type, err.code, `data[${i}]: ${err.message}`);
    throw err;
  }
}

/** `POST /schedules/amount/{id}` (docs/schedules.md, By amount). */
export function scheduleAmount(deps: ScheduleDeps, scope: Scope, locationId: string, body: ScheduleAmountRequest) {
  samePlace(body, locationId);
  const top = directionOf(body);
  const entries = body.data.map((e, i) => directionOf(e, `data[${i}].`) ?? top ?? 'IMPORT');
  const direction = entries[0]!;
  if (entries.some((d) => d !== direction) || (top !== undefined && top !== direction))
    throw invalid(
      Codes.tariffDirectionMixed,
      'All entries of data must have one tariff_direction (the request’s, when it gives one).',
    );
  const zone = deps.locations.find(scope, locationId).timezone;
  const windows = body.data.map((e, i) => entryWindow(deps, e, i, zone));
  const from = Math.min(...windows.map((w) => w.from));
  const to = Math.max(...windows.map((w) => w.to));
  let w: ReturnType<PriceService['intervals']>;
  try {
    w = deps.prices.intervals(scope, locationId, direction, {
      start_time: new Date(from).toISOString(),
      end_time: new Date(to).toISOString(),
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === Codes.windowTooLong)
      throw invalid(Codes.windowTooLong, `data: the entries' windows together span more than 90 days.`);
    throw err;
  }
  const devices: DeviceNeed[] = body.data.map((e, i) => ({
    ...windows[i]!,
    powerW: baseValue(e.max_power),
    energyWh: baseValue(e.energy),
  }));
  const maxPowerW = body.max_power ? baseValue(body.max_power) : undefined;
  const result = scheduleByAmount({
    intervals: w.intervals,
    direction,
    maxPowerW,
    shaving: body.shaving_threshold,
    devices,
  });
  if ('unreachable' in result) {
    const { index, maxWh } = result.unreachable;
    const units = body.data[index]!.energy.units;
    const within = [
      'its window at its max_power',
      ...(maxPowerW !== undefined ? ["what the location's max_power leaves it after the entries before it"] : []),
      ...(body.shaving_threshold ? ['the shaving_threshold'] : []),
    ];
    throw invalid(
      Codes.energyUnreachable,
      `data[${index}].energy: at most ${inUnits(maxWh, units)} ${units} fits (within ${within.join(', ')}).`,
    );
  }
  // Selling, a plan is better the more it earns; buying, the less it costs.
  const gain = (money: number, baseline: number) => (direction === 'EXPORT' ? money - baseline : baseline - money);
  const data = result.plans.map((plan, i) => {
    const e = body.data[i]!;
    const fmt = formatter(formOf(e.end_time));
    const money = { value: round(plan.money, 6), confidence: plan.confidence };
    const saved = gain(plan.money, plan.baseline);
    return {
      ...(e.device_id !== undefined ? { device_id: e.device_id } : {}),
      tariff_direction: direction,
      start_time: fmt(windows[i]!.from),
      end_time: fmt(windows[i]!.to),
      max_power: { units: e.max_power.units, value: Number(e.max_power.value) },
      energy: {
        units: e.energy.units,
        value: e.energy.units === 'WH' ? energyIn(baseValue(e.energy), 'WH') : Number(e.energy.value),
      },
      cost: money,
      tariff: money,
      savings: { value: round(saved, 6), percentage: percentOf(saved, plan.baseline) },
      schedule: plan.runs.map((r) => ({
        start_time: fmt(r.from),
        end_time: fmt(r.to),
        power: { units: e.max_power.units, value: inUnits(r.powerW, e.max_power.units) },
      })),
    };
  });
  const plans = result.plans;
  const money = plans.reduce((t, p) => t + p.money, 0);
  const baseline = plans.reduce((t, p) => t + p.baseline, 0);
  const saved = gain(money, baseline);
  const total = { value: round(money, 6), confidence: Math.min(...plans.map((p) => p.confidence)) };
  const energyUnits = body.data[0]!.energy.units;
  return {
    ...headOf(deps, scope, 'sae', 'schedule_amount', locationId, w, direction),
    ...(body.max_power ? { max_power: { units: body.max_power.units, value: Number(body.max_power.value) } } : {}),
    ...(body.shaving_threshold ? { shaving_threshold: body.shaving_threshold } : {}),
    energy: {
      units: energyUnits,
      value: energyIn(
        devices.reduce((t, d) => t + d.energyWh, 0),
        energyUnits,
      ),
    },
    cost: total,
    tariff: total,
    savings: { value: round(saved, 6), percentage: percentOf(saved, baseline) },
    data,
    time_created: isoSeconds(deps.clock.now()),
  };
}
