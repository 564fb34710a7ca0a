import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import { invalid } from '../../../engine/errors.js';
import { instantOf } from '../../../engine/usage/instant.js';
import type { TariffDirection } from '../../../engine/schemas/common.js';
import { METER_LIMITS } from '../../../engine/schemas/meter.js';
import { ReadCache } from '../../cache.js';
import { viewRecord } from './view.js';
import type { MeterColumns, RecordRow, ReportRow } from './rows.js';

/** A record starts at most the longest span before a window and still reaches into it. */
const REACH = METER_LIMITS.maxRecordDays * 86_400_000;

/** The filters of `GET /meter-records`. */
export interface RecordFilter {
  location_id?: string | undefined;
  device_id?: string | undefined;
  session_reference_id?: string | undefined;
  tariff_direction?: TariffDirection | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
  limit?: number | undefined;
  starting_after?: string | undefined;
}

/** Reads stored meter records: the API's list, a report's window, a session, a workspace. */
export class RecordQueries {
  private readonly windowRows;
  private readonly windowColumns;
  private readonly columnCache: ReadCache<string, MeterColumns>;

  constructor(private readonly db: Db) {
    // A window's records of a location (by the identity index) or a device (by its own).
    const window = (by: 'location' | 'device', columns: string) =>
      db.prepare<unknown[], ReportRow>(
        `SELECT ${columns} FROM meter_records WHERE account_id = ? AND live_mode = ? AND ${
          by === 'location' ? 'location_id = ?' : "device_id = ? AND device_id <> ''"
        } AND tariff_direction = ? AND start_ms >= ? AND start_ms < ? AND end_ms > ? ORDER BY start_ms`,
      );
    const rowColumns =
      'location_id, device_id, session_reference_id, record_reference_id, start_ms, end_ms, micro_kwh, confidence, tariff_direction';
    this.windowRows = { location: window('location', rowColumns), device: window('device', rowColumns) };
    this.windowColumns = {
      location: window('location', 'start_ms, end_ms, micro_kwh, confidence').raw(true),
      device: window('device', 'start_ms, end_ms, micro_kwh, confidence, location_id').raw(true),
    };
    this.columnCache = new ReadCache(db.writes, 32 * 1024 * 1024, (c) => 40 * c.series.starts.length + 256);
  }

  /** `GET /meter-records`: stored records in time order, filtered, a page at a time. */
  list(scope: Scope, q: RecordFilter) {
    const where = ['account_id = ?', 'live_mode = ?'];
    const args: (string | number)[] = [scope.accountId, scope.liveMode ? 1 : 0];
    const add = (sql: string, v: string | number | undefined) => {
      if (v === undefined) return;
      where.push(sql);
      args.push(v);
    };
    add('location_id = ?', q.location_id);
    add('device_id = ?', q.device_id);
    add('session_reference_id = ?', q.session_reference_id);
    add('tariff_direction = ?', q.tariff_direction);
    add('end_ms > ?', q.start_time === undefined ? undefined : instantOf(q.start_time));
    add('start_ms < ?', q.end_time === undefined ? undefined : instantOf(q.end_time));
    if (q.starting_after) {
      const at = this.db
        // The ids have no index (it would cost every insert): a cursor is found by one scan.
        .prepare('SELECT start_ms, seq FROM meter_records WHERE id = ? AND account_id = ? AND live_mode = ?')
        .get(q.starting_after, scope.accountId, scope.liveMode ? 1 : 0) as
        { start_ms: number; seq: number } | undefined;
      if (!at)
        throw invalid('starting_after_invalid', `starting_after: no meter record with id '${q.starting_after}'.`);
      where.push('(start_ms > ? OR (start_ms = ? AND seq > ?))');
      args.push(at.start_ms, at.start_ms, at.seq);
    }
    const limit = q.limit ?? 1000;
    const rows = this.db
      .prepare(`SELECT * FROM meter_records WHERE ${where.join(' AND ')} ORDER BY start_ms, seq LIMIT ?`)
      .all(...args, limit + 1) as RecordRow[];
    return { data: rows.slice(0, limit).map((r) => viewRecord(scope, r)), has_more: rows.length > limit };
  }

  /** The records of a location or a device of one direction that meet `[from, to)`, in time order. */
  inWindow(scope: Scope, by: 'location' | 'device', id: string, direction: TariffDirection, from: number, to: number) {
    return this.windowRows[by].all(scope.accountId, scope.liveMode ? 1 : 0, id, direction, from - REACH, to, from);
  }

  /**
   * The same records as columns, and each one's location: what a report by day or month reads.
   * Kept until anything is written, so a report asked again reads no SQL.
   */
  columns(
    scope: Scope,
    by: 'location' | 'device',
    id: string,
    direction: TariffDirection,
    from: number,
    to: number,
  ): MeterColumns {
    const mode = scope.liveMode ? 1 : 0;
    return this.columnCache.get(`${scope.accountId}|${mode}|${by}|${id}|${direction}|${from}|${to}`, () => {
      const rows = this.windowColumns[by].all(
        scope.accountId,
        mode,
        id,
        direction,
        from - REACH,
        to,
        from,
      ) as unknown as (number | string)[][];
      const n = rows.length;
      const series = {
        starts: new Float64Array(n),
        ends: new Float64Array(n),
        microKwh: new Float64Array(n),
        confidence: new Float64Array(n),
      };
      const locations: string[] = by === 'location' ? [id] : [];
      const location = new Uint32Array(n);
      const index = new Map(locations.map((l, k) => [l, k]));
      for (let i = 0; i < n; i++) {
        const r = rows[i]!;
        series.starts[i] = r[0] as number;
        series.ends[i] = r[1] as number;
        series.microKwh[i] = r[2] as number;
        series.confidence[i] = r[3] as number;
        if (by === 'device') {
          const at = r[4] as string;
          let k = index.get(at);
          if (k === undefined) index.set(at, (k = locations.push(at) - 1));
          location[i] = k;
        }
      }
      return { series, location, locations };
    });
  }

  /** Every record of a session, any direction, in time order. */
  ofSession(scope: Scope, session: string): ReportRow[] {
    return this.db
      .prepare<unknown[], ReportRow>(
        'SELECT location_id, device_id, session_reference_id, record_reference_id, start_ms, end_ms, micro_kwh, confidence, tariff_direction FROM meter_records WHERE account_id = ? AND live_mode = ? AND session_reference_id = ? ORDER BY start_ms, seq',
      )
      .all(scope.accountId, scope.liveMode ? 1 : 0, session);
  }

  /** Every record of the scope, by location and then list order (a workspace). */
  all(scope: Scope): RecordRow[] {
    return this.db
      .prepare<unknown[], RecordRow>(
        'SELECT * FROM meter_records WHERE account_id = ? AND live_mode = ? ORDER BY location_id, seq',
      )
      .all(scope.accountId, scope.liveMode ? 1 : 0);
  }

  /** The location of the device's newest record, if it has any. */
  deviceLocation(scope: Scope, deviceId: string): string | undefined {
    const row = this.db
      .prepare(
        'SELECT location_id FROM meter_records WHERE account_id = ? AND live_mode = ? AND device_id = ? ORDER BY start_ms DESC LIMIT 1',
      )
      .get(scope.accountId, scope.liveMode ? 1 : 0, deviceId) as { location_id: string } | undefined;
    return row?.location_id;
  }
}
