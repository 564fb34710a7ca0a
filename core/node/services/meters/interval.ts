import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import { ApiError, invalid } from '../../../engine/errors.js';
import { METER_LIMITS, type MeterBatch } from '../../../engine/schemas/meter.js';
import { batchTooLarge } from '../../../engine/meters/records.js';
import type { LocationService } from '../locations.js';
import type { DeviceService } from '../devices.js';
import { checkRecord, knownIds } from './check.js';
import type { RecordStore } from './records.js';
import { failedRecord, type BatchStore } from './batches.js';
import type { CheckedRecord } from './rows.js';

/** `PUT /meters/interval`: each record checked on its own; the good ones stored in one transaction. */
export class IntervalSubmissions {
  constructor(
    private readonly db: Db,
    private readonly records: RecordStore,
    private readonly batches: BatchStore,
    private readonly locations: LocationService,
    private readonly devices: DeviceService,
  ) {}

  /**
   * `prepare` turns an item as another API generation sends it into a record of this one (or
   * throws the item's named error), so every generation's records are checked and stored alike.
   */
  submit(scope: Scope, items: unknown[], prepare?: (raw: unknown) => unknown): MeterBatch {
    if (items.length > METER_LIMITS.maxRecords) throw batchTooLarge(items.length);
    if (items.length === 0) throw invalid('body_missing', 'body needs at least one meter record.');
    const out = this.batches.open(scope, items.length);
    const known = knownIds(scope, this.locations, this.devices);
    const good: CheckedRecord[] = [];
    items.forEach((raw, i) => {
      try {
        good.push(checkRecord(prepare ? prepare(raw) : raw, known));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        out.failed_records.push(failedRecord(i, raw, e));
      }
    });
    out.records_accepted = good.length;
    this.db.transaction(() => {
      for (const r of this.records.putAll(scope, good)) if (r.changed) out.records_processed++;
      this.devices.touch(scope, new Set(good.flatMap((c) => (c.device_id ? [c.device_id] : []))));
      this.batches.keep(scope, out, new Set(good.map((c) => c.location_id)));
    })();
    return out;
  }
}
