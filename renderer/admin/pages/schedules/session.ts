import { DateTime } from 'luxon';
import type { MeterRecordInput } from '../../../../core/engine/schemas/meter';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import type { Answer } from './model';

/** Energy as the meter records hold it: kWh to the micro-kWh. */
const micro = (v: number) => Math.round(v * 1e6) / 1e6;

/** One run of a plan: when the device draws, and the energy it takes then. */
export interface PlanRun {
  start_time: string;
  end_time: string;
  kwh: number;
}

/** What a schedule's answer stores as a session: its direction, device, mode and runs. */
export interface Plan {
  mode: Answer['mode'];
  live_mode: boolean;
  direction: TariffDirection;
  device_id?: string;
  runs: PlanRun[];
}

const kwhOf = (v: { units: string; value: number }) => (v.units === 'KWH' ? v.value : v.value / 1000);
const kwOf = (v: { units: string; value: number }) => (v.units === 'KW' ? v.value : v.value / 1000);
const hoursOf = (r: { start_time: string; end_time: string }) =>
  (Date.parse(r.end_time) - Date.parse(r.start_time)) / 3_600_000;

/**
 * The plan of an answer. An amount's runs take the run's power over its time, the last run
 * what is left of the energy asked (its end is rounded up to the second, as the schedule's
 * money counts only the energy asked). The cheapest hours and the time under a price say only
 * when: each chosen period is a run of the device at `powerKw`, for the `device` named.
 */
export function planOf(a: Answer, device: { powerKw: number; id?: string }): Plan {
  const base = { mode: a.mode, live_mode: a.answer.live_mode, direction: a.answer.tariff_direction };
  if (a.mode === 'amount') {
    const entry = a.answer.data[0];
    if (!entry) return { ...base, runs: [] };
    const asked = kwhOf(entry.energy);
    let given = 0;
    const runs = entry.schedule.map((run, i) => {
      const last = i === entry.schedule.length - 1;
      const kwh = last ? micro(Math.max(0, asked - given)) : micro(kwOf(run.power) * hoursOf(run));
      given = micro(given + kwh);
      return { start_time: run.start_time, end_time: run.end_time, kwh };
    });
    return { ...base, ...(entry.device_id ? { device_id: entry.device_id } : {}), runs };
  }
  const runs = a.answer.data.map((p) => ({
    start_time: p.start_time,
    end_time: p.end_time,
    kwh: micro(device.powerKw * hoursOf(p)),
  }));
  return { ...base, ...(device.id ? { device_id: device.id } : {}), runs };
}

/** The plan's energy, all runs together, in kWh. */
export const planKwh = (p: Plan) => micro(p.runs.reduce((t, r) => t + r.kwh, 0));

/**
 * A session reference for a plan: "charge-2026-05-20-0000", by its first run in the location's
 * zone (an export plan is an "export-…"). `taken` says whether one is in use; the first free of
 * "-2", "-3"… is taken then, so a new plan never mixes its records into an earlier session.
 */
export async function sessionReference(
  p: Plan,
  zone: string,
  taken: (ref: string) => Promise<boolean>,
): Promise<string> {
  const first = p.runs[0];
  const at = first ? DateTime.fromISO(first.start_time, { setZone: true }).setZone(zone) : null;
  const base = `${p.direction === 'EXPORT' ? 'export' : 'charge'}-${at ? at.toFormat('yyyy-MM-dd-HHmm') : 'plan'}`;
  for (let n = 1; n < 100; n++) {
    const ref = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(ref))) return ref;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/**
 * The plan as meter records of the location: one record per run. Each carries the session
 * reference, a record reference of its own (storing the plan again replaces, never doubles,
 * them) and the device, if one is named.
 */
export function planRecords(p: Plan, locationId: string, session: string): MeterRecordInput[] {
  return p.runs.map((run, i) => ({
    location_id: locationId,
    ...(p.device_id ? { device_id: p.device_id } : {}),
    session_reference_id: session,
    record_reference_id: `${session}-${String(i + 1).padStart(2, '0')}`,
    tariff_direction: p.direction,
    units: 'KWH' as const,
    value: run.kwh,
    start_time: run.start_time,
    end_time: run.end_time,
  }));
}
