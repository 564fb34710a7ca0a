import type { Scope } from '../../db/documents.js';
import { formatter } from '../../../engine/pricing/format.js';
import type { MeterRecord } from '../../../engine/schemas/meter.js';
import type { RecordRow } from './rows.js';

/** Whole-second instants without milliseconds, as the reference writes them. */
const utc = formatter({ kind: 'Z' });

/** A stored record as the API shows it. */
export function viewRecord(scope: Scope, r: RecordRow): MeterRecord {
  return {
    id: r.id,
    object: 'meter_record',
    live_mode: scope.liveMode,
    location_id: r.location_id,
    device_id: r.device_id || null,
    session_reference_id: r.session_reference_id,
    record_reference_id: r.record_reference_id,
    tariff_direction: r.tariff_direction,
    energy_flow_direction: r.energy_flow_direction,
    units: r.units,
    value: r.value,
    kwh: r.micro_kwh / 1e6,
    confidence: r.confidence,
    start_time: utc(r.start_ms),
    end_time: utc(r.end_ms),
    time_created: r.time_created,
    account_id: scope.accountId,
  };
}
