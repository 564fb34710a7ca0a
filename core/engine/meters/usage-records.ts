/**
 * A usage file submitted as meter records (docs/costs.md, Meter records): the command line's
 * `meters submit` and the app's meter upload build the same records and send them in the same
 * batches. Pure: the caller sends each batch.
 */
import type { TariffDirection } from '../schemas/common.js';
import { METER_LIMITS, type MeterBatch, type MeterRecordInput } from '../schemas/meter.js';
import { usageBody, type UsageInterval } from '../usage/csv.js';

/** Where the records of a file belong: the location, and optionally a device, a session and a direction. */
export interface RecordTarget {
  location_id: string;
  device_id?: string | undefined;
  session_reference_id?: string | undefined;
  tariff_direction?: TariffDirection | undefined;
}

/** Each interval of a usage file as a meter record of `at`: its energy in kWh over its span. */
export function meterRecordsOf(intervals: UsageInterval[], at: RecordTarget): MeterRecordInput[] {
  return usageBody(intervals).map((iv) => ({
    location_id: at.location_id,
    ...(at.device_id ? { device_id: at.device_id } : {}),
    ...(at.session_reference_id ? { session_reference_id: at.session_reference_id } : {}),
    ...(at.tariff_direction ? { tariff_direction: at.tariff_direction } : {}),
    units: 'KWH',
    value: iv.kwh,
    start_time: iv.start_time,
    end_time: iv.end_time,
  }));
}

/** Records in submissions the API takes (at most 10,000 each), each with the place of its first record. */
export function meterBatches<T>(
  records: T[],
  size: number = METER_LIMITS.maxRecords,
): { offset: number; records: T[] }[] {
  const out: { offset: number; records: T[] }[] = [];
  for (let i = 0; i < records.length; i += size) out.push({ offset: i, records: records.slice(i, i + size) });
  return out;
}

/** A batch's answer with its failed records numbered by their place in the whole file, not in the request. */
export function inFileOrder<B extends Pick<MeterBatch, 'failed_records'>>(batch: B, offset: number): B {
  return { ...batch, failed_records: batch.failed_records.map((f) => ({ ...f, record_num: f.record_num + offset })) };
}
