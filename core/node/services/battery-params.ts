import type { Scope } from '../db/documents.js';
import type { DeviceService } from './devices.js';
import { invalid } from '../../engine/errors.js';
import type { BatteryParams, LpSolver } from '../../engine/battery/index.js';
import type { CarParams } from '../../engine/car/plan.js';
import type { BatteryRequest, CarRequest } from '../../engine/schemas/battery.js';

/** The solver a plan runs on, loaded before a request needs it (docs/batteries.md). */
export type SolverSource = () => LpSolver;

export interface ResolvedBattery {
  params: BatteryParams;
  /** What the answer should say about how the battery was read. */
  warnings: string[];
}

/**
 * A request's battery with every field filled: the request's own, else the named device's
 * stored properties, else the defaults. Each field's range was checked by its schema; here the
 * states of charge are checked against the reserve they default from. `startPercent` is where a
 * battery schedule starts when the request names none (the device's last reported state).
 */
export function batteryParams(
  scope: Scope,
  devices: DeviceService,
  req: BatteryRequest,
  startPercent?: (deviceId: string) => number | undefined,
): ResolvedBattery {
  const device = req.device_id !== undefined ? devices.get(scope, req.device_id) : undefined;
  const warnings: string[] = [];
  const capacity = req.capacity_kwh ?? device?.capacity_kwh;
  if (capacity === undefined)
    throw invalid(
      'capacity_kwh_missing',
      device
        ? `battery.capacity_kwh is required: device ${device.id} has no capacity_kwh.`
        : 'battery.capacity_kwh is required (or device_id naming a device that has it).',
    );
  const ratings = [device?.power_rating_import_kwh, device?.power_rating_export_kwh].filter(
    (v): v is number => v !== undefined,
  );
  // One power for both directions: a device rated differently each way is planned at the smaller.
  const power = req.power_kw ?? (ratings.length ? Math.min(...ratings) : undefined);
  if (power === undefined)
    throw invalid(
      'power_kw_missing',
      device
        ? `battery.power_kw is required: device ${device.id} has no power rating.`
        : 'battery.power_kw is required (or device_id naming a device that has it).',
    );
  const reserve = req.reserve_percent ?? device?.reserve_percent ?? 0;
  let initial = req.initial_soc_percent;
  if (initial === undefined && device && startPercent) {
    const reported = startPercent(device.id);
    if (reported !== undefined) {
      initial = Math.max(reported, reserve);
      if (reported < reserve)
        warnings.push(`The device reported ${reported} % charged, below its reserve: the plan starts at the reserve.`);
    }
  }
  initial ??= reserve;
  if (initial < reserve)
    throw invalid(
      'initial_soc_percent_invalid',
      `battery.initial_soc_percent: must be at least the reserve (${reserve} %) and at most 100.`,
    );
  const final = req.final_soc_percent ?? initial;
  if (final < reserve)
    throw invalid(
      'final_soc_percent_invalid',
      `battery.final_soc_percent: must be at least the reserve (${reserve} %) and at most 100.`,
    );
  return {
    params: {
      capacityKwh: capacity,
      powerKw: power,
      roundTripEfficiency: req.round_trip_efficiency ?? device?.round_trip_efficiency ?? 0.9,
      reserveKwh: (capacity * reserve) / 100,
      initialKwh: (capacity * initial) / 100,
      finalKwh: (capacity * final) / 100,
      gridCharging: req.grid_charging ?? true,
      export: req.export ?? false,
      strategy: req.strategy ?? 'OPTIMAL',
    },
    warnings,
  };
}

export function carParams(req: CarRequest): CarParams {
  return {
    powerKw: req.power_kw,
    kwhPerDay: req.kwh_per_day,
    plugIn: req.plug_in,
    readyBy: req.ready_by,
    strategy: req.strategy ?? 'CHEAPEST',
  };
}
