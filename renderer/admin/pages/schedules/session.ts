import { DateTime } from 'luxon';
import type { MeterRecordInput } from '../../../../core/engine/schemas/meter';
import type { Answer } from './model';

type AmountAnswer = Extract<Answer, { mode: 'amount' }>['answer'];

/** Energy as the meter records hold it: kWh to the micro-kWh. */
const micro = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * A session reference for a plan: "charge-2026-05-20-0000", by its first run in the location's
 * zone (an export plan is an "export-…"). `taken` says whether one is in use; the first free of
 * "-2", "-3"… is taken then, so a new plan never mixes its records into an earlier session.
 */
export async function sessionReference(
  a: AmountAnswer,
  zone: string,
  taken: (ref: string) => Promise<boolean>,
): Promise<string> {
  const first = a.data[0]?.schedule[0];
  const at = first ? DateTime.fromISO(first.start_time, { setZone: true }).setZone(zone) : null;
  const base = `${a.tariff_direction === 'EXPORT' ? 'export' : 'charge'}-${at ? at.toFormat('yyyy-MM-dd-HHmm') : 'plan'}`;
  for (let n = 1; n < 100; n++) {
    const ref = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(ref))) return ref;
  }
  return `${base}-${a.id.slice(-6)}`;
}

/**
 * The plan of an amount schedule as meter records of the location: one record per run, its
 * energy the run's power over its time, the last run holding what is left of the energy asked
 * (its end is rounded up to the second, as the schedule's money counts only the energy asked).
 * Each record carries the session reference, a record reference of its own (storing the plan
 * again replaces, never doubles, them) and the device the request named.
 */
export function planRecords(a: AmountAnswer, locationId: string, session: string): MeterRecordInput[] {
  const entry = a.data[0];
  if (!entry) return [];
  const kwh = (v: { units: string; value: number }) => (v.units === 'KWH' ? v.value : v.value / 1000);
  const kw = (v: { units: string; value: number }) => (v.units === 'KW' ? v.value : v.value / 1000);
  const asked = kwh(entry.energy);
  let given = 0;
  return entry.schedule.map((run, i) => {
    const hours = (Date.parse(run.end_time) - Date.parse(run.start_time)) / 3_600_000;
    const last = i === entry.schedule.length - 1;
    const value = last ? micro(Math.max(0, asked - given)) : micro(kw(run.power) * hours);
    given = micro(given + value);
    return {
      location_id: locationId,
      ...(entry.device_id ? { device_id: entry.device_id } : {}),
      session_reference_id: session,
      record_reference_id: `${session}-${String(i + 1).padStart(2, '0')}`,
      tariff_direction: a.tariff_direction,
      units: 'KWH' as const,
      value,
      start_time: run.start_time,
      end_time: run.end_time,
    };
  });
}
