import type { z } from 'zod';
import { DateTime } from 'luxon';
import type { Device } from '../../../../core/engine/schemas/customer';
import type { BatteryScheduleRequest } from '../../../../core/engine/schemas/battery-schedule';
import { DEMO_HOME } from '../../../../core/engine/demo-home';
import type { Params, Problem } from './model';

export type BatteryBody = z.input<typeof BatteryScheduleRequest>;

/** At most what the service plans in one request (31 days). */
const MAX_HOURS = 31 * 24;

/** A device the Battery mode can plan: one holding a capacity and a power rating. */
export const isBattery = (d: Device) =>
  d.capacity_kwh !== undefined && (d.power_rating_import_kwh !== undefined || d.power_rating_export_kwh !== undefined);

/** The battery to plan: the one chosen if it is a battery, else the demo home's, else the first. */
export function batteryOf(devices: readonly Device[], chosen: string): Device | undefined {
  const batteries = devices.filter(isBattery);
  return (
    batteries.find((d) => d.id === chosen) ??
    batteries.find((d) => d.reference_id === DEMO_HOME.battery) ??
    batteries[0]
  );
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/**
 * The battery schedule the form stands for: from the service's now for the hours asked, the
 * device's stored properties and last reported state (no initial state is sent), and the home's
 * yearly usage (on its country's household profile) and solar laid on standard shapes.
 */
export function batteryRequestOf(
  p: Params,
  now: number,
  deviceId: string | undefined,
  /** The household profile of the location's country, as Compare picks it. */
  profile: string,
): BatteryBody | Problem {
  const hours = num(p.hours);
  if (hours === undefined || !Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS)
    return { problem: `Give the hours to plan, a whole number from 1 to ${MAX_HOURS}.`, field: 'hours' };
  const usage = num(p.usageKwh) ?? 0;
  const solar = num(p.solarKwh) ?? 0;
  if (!(usage >= 0)) return { problem: 'Give the yearly usage, 0 kWh or more.', field: 'usageKwh' };
  if (!(solar >= 0)) return { problem: 'Give the yearly solar, 0 kWh or more.', field: 'solarKwh' };
  if (!deviceId) return { problem: 'Pick a battery: a device with a capacity and a power rating.' };
  // From the quarter hour the service's now is in: the plan does not move with every minute's tick.
  const start = DateTime.fromMillis(now - (now % 900_000), { zone: 'utc' });
  return {
    start_time: start.toISO({ suppressMilliseconds: true })!,
    end_time: start.plus({ hours }).toISO({ suppressMilliseconds: true })!,
    battery: { device_id: deviceId },
    ...(usage > 0 ? { usage: { profile, kwh_per_year: usage } } : {}),
    ...(solar > 0 ? { generation: { profile: 'PV' as const, kwh_per_year: solar } } : {}),
  };
}
