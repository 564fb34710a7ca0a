import type { Scope } from '../../db/documents.js';
import { notFound } from '../../../engine/errors.js';
import { fromZod } from '../../../engine/api/validate.js';
import { instantOf } from '../../../engine/usage/instant.js';
import { MeterRecordInput, plainRecord } from '../../../engine/schemas/meter.js';
import { checkSpan, directionsOf, microKwhOf } from '../../../engine/meters/records.js';
import type { LocationService } from '../locations.js';
import type { DeviceService } from '../devices.js';
import type { CheckedRecord } from './rows.js';

/** Existence checks of one submission, each id looked up once. */
export class Known {
  private readonly seen = new Map<string, boolean>();
  constructor(private readonly lookup: (id: string) => boolean) {}
  has(id: string): boolean {
    let v = this.seen.get(id);
    if (v === undefined) this.seen.set(id, (v = this.lookup(id)));
    return v;
  }
}

/** The locations and devices of one account and mode, as one submission finds them. */
export interface KnownIds {
  locations: Known;
  devices: Known;
}

export function knownIds(scope: Scope, locations: LocationService, devices: DeviceService): KnownIds {
  return {
    locations: new Known((id) => {
      try {
        locations.find(scope, id);
        return true;
      } catch {
        return false;
      }
    }),
    devices: new Known((id) => devices.has(scope, id)),
  };
}

/**
 * One interval record checked: its fields by the schema, then what the schema cannot see
 * (directions agreeing, the interval, the energy, the location and device of this account
 * and mode). Throws the named 4xx; stores nothing.
 */
export function checkRecord(raw: unknown, known: KnownIds): CheckedRecord {
  let r = plainRecord(raw);
  if (!r) {
    const parsed = MeterRecordInput.safeParse(raw, { reportInput: true });
    if (!parsed.success) throw fromZod(parsed.error, 'body', MeterRecordInput);
    r = parsed.data;
  }
  const { tariff, flow } = directionsOf(r);
  const start = instantOf(r.start_time);
  const end = instantOf(r.end_time);
  checkSpan(start, end);
  const micro = microKwhOf(r.units, r.value, start, end);
  if (!known.locations.has(r.location_id)) throw notFound('location', r.location_id);
  if (r.device_id && !known.devices.has(r.device_id)) throw notFound('device', r.device_id);
  return {
    location_id: r.location_id,
    device_id: r.device_id ?? '',
    session_reference_id: r.session_reference_id ?? null,
    record_reference_id: r.record_reference_id ?? null,
    tariff_direction: tariff,
    energy_flow_direction: flow,
    units: r.units,
    value: r.value,
    start_ms: start,
    end_ms: end,
    micro_kwh: micro,
    confidence: r.confidence ?? 1,
  };
}
