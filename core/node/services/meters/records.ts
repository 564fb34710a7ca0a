import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import type { Clock } from '../../../engine/clock.js';
import type { IdGenerator } from '../../../engine/ids.js';
import { isoSeconds } from '../../../engine/clock.js';
import { COLUMNS, same, valuesOf, type CheckedRecord, type RecordRow } from './rows.js';

/**
 * Writes meter records, each stored once under its two identities: its reference at its
 * location, and its location, device, directions and interval. Every write joins the caller's
 * transaction.
 */
export class RecordStore {
  private readonly byRef;
  private readonly bySlot;
  private readonly insertNew;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    const at = 'account_id = ? AND live_mode = ? AND location_id = ?';
    this.byRef = db.prepare<unknown[], RecordRow>(
      `SELECT * FROM meter_records WHERE ${at} AND record_reference_id = ?`,
    );
    this.bySlot = db.prepare<unknown[], RecordRow>(
      `SELECT * FROM meter_records WHERE ${at} AND tariff_direction = ? AND start_ms = ? AND end_ms = ? AND device_id = ? AND energy_flow_direction = ?`,
    );
    const columns = ['id', 'account_id', 'live_mode', ...COLUMNS, 'time_created'];
    const insert = `INSERT INTO meter_records (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    // A record meeting a stored identity (either unique index) is not inserted: it is looked up.
    this.insertNew = db.prepare(`${insert} ON CONFLICT DO NOTHING`);
    this.insertStmt = db.prepare(insert);
    this.updateStmt = db.prepare(
      `UPDATE meter_records SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE seq = ? AND account_id = ? AND live_mode = ?`,
    );
    // Rows are found by their identities and changed by their row number: the random ids have no index.
    this.deleteStmt = db.prepare('DELETE FROM meter_records WHERE seq = ? AND account_id = ? AND live_mode = ?');
  }

  /**
   * Stores checked records in order: each replaces the record with its reference at its location,
   * or with its location, device, directions and interval (keeping that record's id), and
   * changes nothing when that record is already the same. A new record is one insert; only one
   * that meets a stored identity is looked up.
   */
  putAll(scope: Scope, records: readonly CheckedRecord[]): { id: string; changed: boolean }[] {
    const mode = scope.liveMode ? 1 : 0;
    const now = isoSeconds(this.clock.now());
    return records.map((c) => {
      const values = valuesOf(c);
      const id = this.ids('mre');
      if (this.insertNew.run([id, scope.accountId, mode, ...values, now]).changes === 1) return { id, changed: true };
      const a =
        c.record_reference_id === null
          ? undefined
          : this.byRef.get(scope.accountId, mode, c.location_id, c.record_reference_id);
      const b = this.bySlot.get(
        scope.accountId,
        mode,
        c.location_id,
        c.tariff_direction,
        c.start_ms,
        c.end_ms,
        c.device_id,
        c.energy_flow_direction,
      );
      if (a && b && a.seq !== b.seq) this.deleteStmt.run(b.seq, scope.accountId, mode);
      // The insert met one of the two unique identities: one of these is that record.
      const existing = (a ?? b)!;
      if (same(existing, c)) return { id: existing.id, changed: false };
      this.updateStmt.run([...values, existing.seq, scope.accountId, mode]);
      return { id: existing.id, changed: true };
    });
  }

  /** Deletes the record of a row number. */
  remove(scope: Scope, seq: number | undefined): void {
    this.deleteStmt.run(seq, scope.accountId, scope.liveMode ? 1 : 0);
  }

  /** Writes a record as it was stored (a workspace import). */
  insert(scope: Scope, r: RecordRow): void {
    this.insertStmt.run([r.id, scope.accountId, scope.liveMode ? 1 : 0, ...valuesOf(r), r.time_created]);
  }
}
