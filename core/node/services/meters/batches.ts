import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import type { Clock } from '../../../engine/clock.js';
import type { IdGenerator } from '../../../engine/ids.js';
import { isoSeconds } from '../../../engine/clock.js';
import { notFound, type ApiError } from '../../../engine/errors.js';
import type { MeterBatch } from '../../../engine/schemas/meter.js';

/**
 * A submission's answer (`meter_batch`), kept as it was answered with the locations it stored
 * records for: it goes with the last of them (a location deleted takes its records).
 */
export class BatchStore {
  private readonly insertBatch;
  private readonly linkBatch;
  private readonly batchById;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.insertBatch = db.prepare('INSERT INTO meter_batches (id, account_id, live_mode, body) VALUES (?, ?, ?, ?)');
    this.linkBatch = db.prepare(
      'INSERT OR IGNORE INTO meter_batch_locations (account_id, live_mode, location_id, batch_id) VALUES (?, ?, ?, ?)',
    );
    this.batchById = db
      .prepare<unknown[], string>('SELECT body FROM meter_batches WHERE id = ? AND account_id = ? AND live_mode = ?')
      .pluck();
  }

  /** A new submission's answer, nothing accepted yet. */
  open(scope: Scope, submitted: number) {
    return {
      id: this.ids('bat'),
      object: 'meter_batch' as const,
      live_mode: scope.liveMode,
      records_submitted: submitted,
      records_accepted: 0,
      records_processed: 0,
      failed_records: [] as MeterBatch['failed_records'],
      time_created: isoSeconds(this.clock.now()),
      account_id: scope.accountId,
    };
  }

  /** Keeps a submission's answer with the locations it stored records for. Joins the caller's transaction. */
  keep(scope: Scope, batch: MeterBatch, locations: Iterable<string>): void {
    const mode = scope.liveMode ? 1 : 0;
    this.insertBatch.run(batch.id, scope.accountId, mode, JSON.stringify(batch));
    for (const location of locations) this.linkBatch.run(scope.accountId, mode, location, batch.id);
  }

  /** `GET /meters/batch`: a submission's answer; another account's or mode's is not found. */
  get(scope: Scope, id: string): MeterBatch {
    const body = this.batchById.get(id, scope.accountId, scope.liveMode ? 1 : 0);
    if (body === undefined) throw notFound('batch', id);
    return JSON.parse(body) as MeterBatch;
  }

  /** Every kept batch of the scope, oldest first, with the locations it stored records for (a workspace). */
  all(scope: Scope): { batch: MeterBatch; locations: string[] }[] {
    const mode = scope.liveMode ? 1 : 0;
    const rows = this.db
      .prepare<unknown[], { id: string; body: string }>(
        'SELECT id, body FROM meter_batches WHERE account_id = ? AND live_mode = ? ORDER BY seq',
      )
      .all(scope.accountId, mode);
    const where = this.db
      .prepare<unknown[], string>(
        'SELECT location_id FROM meter_batch_locations WHERE batch_id = ? AND account_id = ? AND live_mode = ? ORDER BY location_id',
      )
      .pluck();
    return rows.map((r) => ({
      batch: JSON.parse(r.body) as MeterBatch,
      locations: where.all(r.id, scope.accountId, mode),
    }));
  }
}

/** A refused item of a submission, as its answer lists it: its number, its own reference, the error. */
export function failedRecord(i: number, raw: unknown, e: ApiError): MeterBatch['failed_records'][number] {
  return { record_num: i + 1, record_reference_id: referenceOf(raw), error: { code: e.code, message: e.message } };
}

/** The record's own reference, if it gave a usable one. */
function referenceOf(raw: unknown): string | null {
  const ref = (raw as { record_reference_id?: unknown } | null)?.record_reference_id;
  return typeof ref === 'string' && ref.length > 0 && ref.length <= 200 ? ref : null;
}
