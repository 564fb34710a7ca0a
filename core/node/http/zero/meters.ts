import { implement } from '../route.js';
import { fromZod } from '../../../engine/api/validate.js';
import type { MeterBatch } from '../../../engine/schemas/meter.js';
import {
  anodeCumulative,
  anodeRecord,
  MeterRecordSubmit,
  plainZeroRecord,
  zeroMeterContracts,
  type MeterRecords,
} from '../../../engine/api/zero/meters.js';

/** An item of a Zero submission as the service's record, or its named error (listed as a failed record). */
function zeroItem(raw: unknown): unknown {
  const plain = plainZeroRecord(raw);
  if (plain) return anodeRecord(plain);
  const parsed = MeterRecordSubmit.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw fromZod(parsed.error, 'body', MeterRecordSubmit);
  return anodeRecord(parsed.data);
}

/**
 * A kept batch in Zero's shape: each failed record numbered from 0, its error the message
 * (which names the field), its reference only when it gave one.
 */
export function zeroBatch(b: MeterBatch): MeterRecords {
  return {
    id: b.id,
    object: 'meter_batch',
    records_submitted: b.records_submitted,
    records_accepted: b.records_accepted,
    records_processed: b.records_processed,
    failed_records: b.failed_records.map((f) => ({
      record_num: f.record_num - 1,
      ...(f.record_reference_id !== null ? { record_reference_id: f.record_reference_id } : {}),
      error: f.error.message,
    })),
    time_created: b.time_created,
    account_id: b.account_id,
  };
}

export const zeroMeterRoutes = implement(zeroMeterContracts, {
  'zero.meters.interval': ({ svc, scope, body }) => zeroBatch(svc.meters.submitInterval(scope, body, zeroItem)),
  'zero.meters.cumulative': ({ svc, scope, body }) =>
    zeroBatch(svc.meters.submitCumulative(scope, anodeCumulative(body))),
  'zero.meters.batch': ({ svc, scope, query }) => zeroBatch(svc.meters.getBatch(scope, query.batch_id)),
});
