/**
 * Meter records as the service keeps them: pure rules shared by the submissions, instant costs
 * and the workspace (docs/costs.md, Meter records). No I/O.
 */
import { ApiError, Codes, invalid } from '../errors.js';
import type { TariffDirection } from '../schemas/common.js';
import { METER_LIMITS, type EnergyFlowDirection, type MeterUnits } from '../schemas/meter.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Instants a record may lie between: 2000-01-01 and 2100-01-01 (UTC). */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** Whether an instant is one a record may start at or a reading be taken at. */
export const inRecordRange = (t: number): boolean => t >= EARLIEST && t < LATEST;

/** The direction fields of a record or submission, in any of the reference's spellings. */
export interface DirectionInput {
  tariff_direction?: TariffDirection | undefined;
  tariff_rate?: TariffDirection | undefined;
  direction?: TariffDirection | undefined;
  energy_flow_direction?: EnergyFlowDirection | undefined;
}

/**
 * The tariff direction and the energy flow of a record: `tariff_direction` (or its older name
 * `tariff_rate`), else the older metering `direction`, else IMPORT; the flow as given, else
 * OUTBOUND for EXPORT and INBOUND otherwise. Two spellings that disagree are refused.
 */
export function directionsOf(r: DirectionInput): { tariff: TariffDirection; flow: EnergyFlowDirection } {
  if (r.tariff_direction && r.tariff_rate && r.tariff_direction !== r.tariff_rate)
    throw invalid(Codes.tariffDirectionConflict, 'tariff_rate: must equal tariff_direction (it is its older name).');
  const tariff = r.tariff_direction ?? r.tariff_rate ?? r.direction ?? 'IMPORT';
  const metered = r.direction ?? tariff;
  return { tariff, flow: r.energy_flow_direction ?? (metered === 'EXPORT' ? 'OUTBOUND' : 'INBOUND') };
}

/** Checks a record's interval: end after start, at most the longest span, between 2000 and 2100. */
export function checkSpan(start: number, end: number): void {
  if (!inRecordRange(start))
    throw invalid('start_time_invalid', 'start_time: must be between 2000-01-01 and 2100-01-01.');
  if (end > LATEST) throw invalid('end_time_invalid', 'end_time: must be before 2100-01-01.');
  if (!(end > start)) throw invalid('end_time_before_start_time', 'end_time must be after start_time.');
  if (end - start > METER_LIMITS.maxRecordDays * DAY_MS)
    throw invalid(
      Codes.recordTooLong,
      `end_time: a record spans at most ${METER_LIMITS.maxRecordDays} days; split longer ones.`,
    );
}

/**
 * A record's energy in integer micro-kWh: energy units as given; power held constant over the
 * interval times its length. More than a record may hold is refused.
 */
export function microKwhOf(units: MeterUnits, value: number, start: number, end: number, field = 'value'): number {
  const hours = (end - start) / HOUR_MS;
  const kwh =
    units === 'KWH' ? value : units === 'WH' ? value / 1000 : units === 'KW' ? value * hours : (value * hours) / 1000;
  if (!Number.isFinite(kwh) || kwh < 0 || kwh > METER_LIMITS.maxKwh)
    throw invalid(
      `${field}_invalid`,
      `${field}: the record's energy must be from 0 to ${METER_LIMITS.maxKwh} kWh (${units} over the interval).`,
    );
  return Math.round(kwh * 1e6);
}

/**
 * Whole watt-hours of an energy in micro-kWh, half away from zero (10,283.5 Wh is 10,284): what
 * an answer in `WH` shows. Costs are computed from the exact energy, never from this.
 */
export function wholeWh(microKwh: number): number {
  const wh = Math.floor((Math.abs(microKwh) + 500) / 1000);
  return microKwh < 0 ? -wh : wh;
}

/** A submission over the limit: refused whole before anything is read or stored. */
export function batchTooLarge(n: number, what = 'records'): ApiError {
  return new ApiError(
    413,
    'invalid_request',
    Codes.batchTooLarge,
    `A submission holds at most ${METER_LIMITS.maxRecords} ${what} (${n} given); send the rest in another.`,
  );
}

/** One reading of a cumulative register: when, and the register's value in micro-kWh. */
export interface Reading {
  time: number;
  microKwh: number;
}

/**
 * The spans between consecutive readings (sorted by time, strictly rising): each holds the
 * difference of its two readings, spread evenly over its time. A reading lower than the one
 * before it makes no span; the caller refuses it by name.
 */
export function spansOf(readings: readonly Reading[]): { start: number; end: number; microKwh: number }[] {
  const out: { start: number; end: number; microKwh: number }[] = [];
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1]!;
    const b = readings[i]!;
    out.push({ start: a.time, end: b.time, microKwh: b.microKwh - a.microKwh });
  }
  return out;
}

/** A register reading's value in micro-kWh. */
export const readingMicroKwh = (units: 'WH' | 'KWH', value: number): number =>
  Math.round((units === 'WH' ? value / 1000 : value) * 1e6);
