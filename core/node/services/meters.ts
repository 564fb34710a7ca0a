import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { ApiError, Codes, invalid, notFound } from '../../engine/errors.js';
import { fromZod } from '../../engine/api/validate.js';
import { formatter } from '../../engine/pricing/format.js';
import { instantOf } from '../../engine/usage/instant.js';
import type { TariffDirection } from '../../engine/schemas/common.js';
import {
  CumulativeReading,
  METER_LIMITS,
  MeterRecordInput,
  plainRecord,
  type CumulativeSubmission,
  type EnergyFlowDirection,
  type MeterBatch,
  type MeterRecord,
  type MeterUnits,
} from '../../engine/schemas/meter.js';
import {
  batchTooLarge,
  checkSpan,
  directionsOf,
  inRecordRange,
  microKwhOf,
  readingMicroKwh,
  spansOf,
  type Reading,
} from '../../engine/meters/records.js';
import type { LocationService } from './locations.js';
import { ReadCache } from '../cache.js';
import type { MeterSeries } from '../../engine/pricing/meter-cost.js';
import type { DeviceService } from './devices.js';
import { isoSeconds } from '../../engine/clock.js';

/** A meter record as stored: a row, `device_id` '' for the location's own meter. */
export interface RecordRow {
  id: string;
  /** The row's number: list order, and how a stored row is changed. */
  seq?: number;
  location_id: string;
  device_id: string;
  session_reference_id: string | null;
  record_reference_id: string | null;
  tariff_direction: TariffDirection;
  energy_flow_direction: EnergyFlowDirection;
  units: MeterUnits;
  value: number;
  start_ms: number;
  end_ms: number;
  micro_kwh: number;
  confidence: number;
  time_created: string;
}

/** A report's records as columns, and the location of each (a place in `locations`). */
export interface MeterColumns {
  series: MeterSeries;
  location: Uint32Array;
  locations: string[];
}

/** A record starts at most the longest span before a window and still reaches into it. */
const REACH = METER_LIMITS.maxRecordDays * 86_400_000;

/** A checked record, ready to store: a row without its id and creation time. */
export type CheckedRecord = Omit<RecordRow, 'id' | 'seq' | 'time_created'>;

/** What a report reads of a record. */
export type ReportRow = Pick<
  RecordRow,
  'location_id' | 'device_id' | 'session_reference_id' | 'record_reference_id' | 'start_ms' | 'end_ms'
> & { micro_kwh: number; confidence: number; tariff_direction: TariffDirection };

const COLUMNS = [
  'location_id',
  'device_id',
  'session_reference_id',
  'record_reference_id',
  'tariff_direction',
  'energy_flow_direction',
  'units',
  'value',
  'start_ms',
  'end_ms',
  'micro_kwh',
  'confidence',
] as const;

const same = (a: CheckedRecord, b: CheckedRecord) =>
  a.start_ms === b.start_ms &&
  a.end_ms === b.end_ms &&
  a.micro_kwh === b.micro_kwh &&
  a.value === b.value &&
  a.units === b.units &&
  a.confidence === b.confidence &&
  a.location_id === b.location_id &&
  a.device_id === b.device_id &&
  a.tariff_direction === b.tariff_direction &&
  a.energy_flow_direction === b.energy_flow_direction &&
  a.session_reference_id === b.session_reference_id &&
  a.record_reference_id === b.record_reference_id;

/** A record's stored columns in the order of COLUMNS. */
const valuesOf = (c: CheckedRecord) => [
  c.location_id,
  c.device_id,
  c.session_reference_id,
  c.record_reference_id,
  c.tariff_direction,
  c.energy_flow_direction,
  c.units,
  c.value,
  c.start_ms,
  c.end_ms,
  c.micro_kwh,
  c.confidence,
];

/** Whole-second instants without milliseconds, as the reference writes them. */
const utc = formatter({ kind: 'Z' });

/** Existence checks of one submission, each id looked up once. */
class Known {
  private readonly seen = new Map<string, boolean>();
  constructor(private readonly lookup: (id: string) => boolean) {}
  has(id: string): boolean {
    let v = this.seen.get(id);
    if (v === undefined) this.seen.set(id, (v = this.lookup(id)));
    return v;
  }
}

/**
 * Meter records (docs/costs.md, Meter records): interval submissions checked record by record,
 * cumulative register readings turned into records, each record stored once under its two
 * identities (its reference at its location; its location, device, directions and interval),
 * every submission in one transaction.
 */
export class MeterService {
  private readonly byRef;
  private readonly bySlot;
  private readonly insertNew;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;
  private readonly readingsBefore;
  private readonly readingsAfter;
  private readonly readingsIn;
  private readonly putReading;
  private readonly registerRecords;
  private readonly windowRows;
  private readonly windowColumns;
  private readonly columnCache: ReadCache<string, MeterColumns>;
  private readonly insertBatch;
  private readonly linkBatch;
  private readonly batchById;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly locations: LocationService,
    private readonly devices: DeviceService,
  ) {
    const scoped = 'account_id = @account AND live_mode = @mode';
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
    const register = `${scoped} AND location_id = @location_id AND device_id = @device_id AND tariff_direction = @tariff_direction AND energy_flow_direction = @energy_flow_direction`;
    this.readingsBefore = db.prepare<Record<string, unknown>, { time_ms: number; micro_kwh: number }>(
      `SELECT time_ms, micro_kwh FROM meter_readings WHERE ${register} AND time_ms < @time ORDER BY time_ms DESC LIMIT 1`,
    );
    this.readingsAfter = db.prepare<Record<string, unknown>, { time_ms: number; micro_kwh: number }>(
      `SELECT time_ms, micro_kwh FROM meter_readings WHERE ${register} AND time_ms > @time ORDER BY time_ms LIMIT 1`,
    );
    this.readingsIn = db.prepare<Record<string, unknown>, { time_ms: number; micro_kwh: number }>(
      `SELECT time_ms, micro_kwh FROM meter_readings WHERE ${register} AND time_ms >= @from AND time_ms <= @to ORDER BY time_ms`,
    );
    this.putReading = db.prepare(
      'INSERT OR REPLACE INTO meter_readings (account_id, live_mode, location_id, device_id, tariff_direction, energy_flow_direction, time_ms, micro_kwh) VALUES (@account, @mode, @location_id, @device_id, @tariff_direction, @energy_flow_direction, @time, @micro_kwh)',
    );
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
    this.insertBatch = db.prepare('INSERT INTO meter_batches (id, account_id, live_mode, body) VALUES (?, ?, ?, ?)');
    this.linkBatch = db.prepare(
      'INSERT OR IGNORE INTO meter_batch_locations (account_id, live_mode, location_id, batch_id) VALUES (?, ?, ?, ?)',
    );
    this.batchById = db
      .prepare<unknown[], string>('SELECT body FROM meter_batches WHERE id = ? AND account_id = ? AND live_mode = ?')
      .pluck();
    this.registerRecords = db.prepare<Record<string, unknown>, RecordRow>(
      `SELECT * FROM meter_records WHERE ${register} AND start_ms >= @from AND end_ms <= @to ORDER BY start_ms`,
    );
  }

  private scopeArgs(scope: Scope) {
    return { account: scope.accountId, mode: scope.liveMode ? 1 : 0 };
  }

  private known(scope: Scope) {
    return {
      locations: new Known((id) => {
        try {
          this.locations.find(scope, id);
          return true;
        } catch {
          return false;
        }
      }),
      devices: new Known((id) => this.devices.has(scope, id)),
    };
  }

  /**
   * One interval record checked: its fields by the schema, then what the schema cannot see
   * (directions agreeing, the interval, the energy, the location and device of this account
   * and mode). Throws the named 4xx; stores nothing.
   */
  check(scope: Scope, raw: unknown, known = this.known(scope)): CheckedRecord {
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

  /**
   * Stores checked records in order: each replaces the record with its reference at its location,
   * or with its location, device, directions and interval (keeping that record's id), and
   * changes nothing when that record is already the same. A new record is one insert; only one
   * that meets a stored identity is looked up. Joins the caller's transaction.
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

  /** Stores one checked record (see putAll). */
  put(scope: Scope, c: CheckedRecord): { id: string; changed: boolean } {
    return this.putAll(scope, [c])[0]!;
  }

  private batch(scope: Scope, submitted: number) {
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

  /**
   * Keeps a submission's answer, as it was answered, with the locations it stored records for: it
   * goes with the last of them (a location deleted takes its records). Joins the caller's transaction.
   */
  keepBatch(scope: Scope, batch: MeterBatch, locations: Iterable<string>): void {
    const mode = scope.liveMode ? 1 : 0;
    this.insertBatch.run(batch.id, scope.accountId, mode, JSON.stringify(batch));
    for (const location of locations) this.linkBatch.run(scope.accountId, mode, location, batch.id);
  }

  /** `GET /meters/batch`: a submission's answer; another account's or mode's is not found. */
  getBatch(scope: Scope, id: string): MeterBatch {
    const body = this.batchById.get(id, scope.accountId, scope.liveMode ? 1 : 0);
    if (body === undefined) throw notFound('batch', id);
    return JSON.parse(body) as MeterBatch;
  }

  /** Every kept batch of the scope, oldest first, with the locations it stored records for (a workspace). */
  allBatches(scope: Scope): { batch: MeterBatch; locations: string[] }[] {
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

  /** `PUT /meters/interval`: each record checked on its own; the good ones stored in one transaction. */
  submitInterval(scope: Scope, items: unknown[]): MeterBatch {
    if (items.length > METER_LIMITS.maxRecords) throw batchTooLarge(items.length);
    if (items.length === 0) throw invalid('body_missing', 'body needs at least one meter record.');
    const out = this.batch(scope, items.length);
    const known = this.known(scope);
    const good: CheckedRecord[] = [];
    items.forEach((raw, i) => {
      try {
        good.push(this.check(scope, raw, known));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        out.failed_records.push({ record_num: i + 1, record_reference_id: referenceOf(raw), error: errorOf(e) });
      }
    });
    out.records_accepted = good.length;
    this.db.transaction(() => {
      for (const r of this.putAll(scope, good)) if (r.changed) out.records_processed++;
      this.devices.touch(scope, new Set(good.flatMap((c) => (c.device_id ? [c.device_id] : []))));
      this.keepBatch(scope, out, new Set(good.map((c) => c.location_id)));
    })();
    return out;
  }

  /**
   * `PUT /meters/cumulative`: register readings. The readings join those stored for the same
   * register (location, device, directions); each span between two neighbouring readings is a
   * record of their difference, spread evenly over it. A reading lower than the one before it
   * (or higher than the one after) is refused by name; spans the new readings change are
   * replaced, so sending the readings again changes nothing.
   */
  submitCumulative(scope: Scope, body: CumulativeSubmission): MeterBatch {
    const n = body.data.length;
    if (n > METER_LIMITS.maxRecords) throw batchTooLarge(n, 'readings');
    if (n === 0) throw invalid('data_missing', 'data needs at least one reading.');
    this.locations.find(scope, body.location_id);
    if (body.device_id && !this.devices.has(scope, body.device_id)) throw notFound('device', body.device_id);
    const { tariff, flow } = directionsOf(body);
    const out = this.batch(scope, n);
    const fail = (i: number, e: ApiError) =>
      out.failed_records.push({ record_num: i + 1, record_reference_id: referenceOf(body.data[i]), error: errorOf(e) });

    // Each reading checked on its own; one time given twice keeps the first.
    const given: (Reading & { num: number; ref: string | null })[] = [];
    const times = new Set<number>();
    body.data.forEach((raw, i) => {
      const parsed = CumulativeReading.safeParse(raw, { reportInput: true });
      if (!parsed.success) return fail(i, fromZod(parsed.error, 'body', CumulativeReading));
      const r = parsed.data;
      const time = typeof r.time === 'number' ? r.time * 1000 : instantOf(r.time);
      if (!inRecordRange(time))
        return fail(i, invalid('time_invalid', 'time: must be between 2000-01-01 and 2100-01-01.'));
      if (body.units === 'KWH' ? r.value > 1e9 : r.value > 1e12)
        return fail(i, invalid('value_invalid', 'value: a register reading is at most 1,000,000,000 kWh.'));
      if (times.has(time))
        return fail(i, invalid(Codes.readingTimeDuplicate, 'time: an earlier reading of this submission has it.'));
      times.add(time);
      given.push({ time, microKwh: readingMicroKwh(body.units, r.value), num: i, ref: r.record_reference_id ?? null });
    });
    given.sort((a, b) => a.time - b.time);

    const register = {
      ...this.scopeArgs(scope),
      location_id: body.location_id,
      device_id: body.device_id ?? '',
      tariff_direction: tariff,
      energy_flow_direction: flow,
    };
    const store = () => {
      if (given.length === 0) return;
      const first = given[0]!.time;
      const last = given[given.length - 1]!.time;
      const before = this.readingsBefore.get({ ...register, time: first });
      const after = this.readingsAfter.get({ ...register, time: last });
      // A new reading carries the stored one at its time, which stays if the new one is refused.
      type Kept = Reading & { num?: number; ref?: string | null; stored?: Reading };
      const storedAt = new Map<number, Reading>();
      const stored: Kept[] = [];
      for (const r of this.readingsIn.all({ ...register, from: first, to: last })) {
        const reading = { time: r.time_ms, microKwh: r.micro_kwh };
        if (times.has(r.time_ms)) storedAt.set(r.time_ms, reading);
        else stored.push(reading);
      }
      const merged: Kept[] = [
        ...(before ? [{ time: before.time_ms, microKwh: before.micro_kwh }] : []),
        ...[...stored, ...given.map((g) => ({ ...g, stored: storedAt.get(g.time) }))].sort((a, b) => a.time - b.time),
        ...(after ? [{ time: after.time_ms, microKwh: after.micro_kwh }] : []),
      ];
      // Readings never fall: a new reading below the one before it, or above a stored one after it, is refused.
      const kept: Kept[] = [];
      const push = (r: Kept): void => {
        for (;;) {
          const prev = kept[kept.length - 1];
          if (!prev || r.microKwh >= prev.microKwh || (r.num === undefined && prev.num === undefined)) {
            kept.push(r);
            return;
          }
          if (r.num !== undefined) {
            fail(r.num, decreased('is lower than the reading before it'));
            if (r.stored) push(r.stored);
            return;
          }
          fail(prev.num!, decreased('is higher than a reading after it'));
          kept.pop();
          if (prev.stored) push(prev.stored);
        }
      };
      for (const r of merged) push(r);
      // A span longer than a record may be is refused at the new reading that ends it.
      const readings: Kept[] = [];
      for (const r of kept) {
        const prev = readings[readings.length - 1];
        if (prev && r.num !== undefined && r.time - prev.time > METER_LIMITS.maxRecordDays * 86_400_000) {
          fail(
            r.num,
            invalid(
              Codes.recordTooLong,
              `time: more than ${METER_LIMITS.maxRecordDays} days after the reading before it; send readings closer together.`,
            ),
          );
          if (r.stored) readings.push(r.stored);
          continue;
        }
        readings.push(r);
      }

      const from = readings[0]?.time ?? first;
      const to = readings[readings.length - 1]?.time ?? last;
      const existing = this.registerRecords.all({ ...register, from, to });
      const endsAt = new Map(existing.map((r) => [r.end_ms, r]));
      const spans = spansOf(readings);
      const wanted = new Set(spans.map((s) => `${s.start}|${s.end}`));
      for (const r of existing)
        if (!wanted.has(`${r.start_ms}|${r.end_ms}`)) {
          this.deleteStmt.run(r.seq, scope.accountId, register.mode);
          out.records_processed++;
        }
      for (const r of readings)
        if (r.num !== undefined) {
          this.putReading.run({ ...register, time: r.time, micro_kwh: r.microKwh });
          out.records_accepted++;
        }
      const made = spans.map((s, k): CheckedRecord => {
        // A span ending at a new reading takes its reference and the submission's session; one
        // ending at a stored reading keeps its record's.
        const end = readings[k + 1]!;
        const old = end.num === undefined ? endsAt.get(s.end) : undefined;
        const c: CheckedRecord = {
          location_id: body.location_id,
          device_id: register.device_id,
          session_reference_id: old ? old.session_reference_id : (body.session_reference_id ?? null),
          record_reference_id: end.num !== undefined ? (end.ref ?? null) : (old?.record_reference_id ?? null),
          tariff_direction: tariff,
          energy_flow_direction: flow,
          units: body.units,
          value: body.units === 'KWH' ? s.microKwh / 1e6 : s.microKwh / 1e3,
          start_ms: s.start,
          end_ms: s.end,
          micro_kwh: s.microKwh,
          confidence: body.confidence ?? 1,
        };
        return c;
      });
      for (const r of this.putAll(scope, made)) if (r.changed) out.records_processed++;
      if (body.device_id && out.records_accepted > 0) this.devices.touch(scope, [body.device_id]);
    };
    this.db.transaction(() => {
      store();
      out.failed_records.sort((a, b) => a.record_num - b.record_num);
      this.keepBatch(scope, out, out.records_accepted > 0 ? [body.location_id] : []);
    })();
    return out;
  }

  /** A stored record as the API shows it. */
  view(scope: Scope, r: RecordRow): MeterRecord {
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

  /** `GET /meter-records`: stored records in time order, filtered, a page at a time. */
  list(
    scope: Scope,
    q: {
      location_id?: string | undefined;
      device_id?: string | undefined;
      session_reference_id?: string | undefined;
      tariff_direction?: TariffDirection | undefined;
      start_time?: string | undefined;
      end_time?: string | undefined;
      limit?: number | undefined;
      starting_after?: string | undefined;
    },
  ) {
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
    return { data: rows.slice(0, limit).map((r) => this.view(scope, r)), has_more: rows.length > limit };
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

  /** Every register reading of the scope, by location, register and time (a workspace). */
  allReadings(scope: Scope) {
    return this.db
      .prepare<
        unknown[],
        Pick<RecordRow, 'location_id' | 'device_id' | 'tariff_direction' | 'energy_flow_direction'> & {
          time_ms: number;
          micro_kwh: number;
        }
      >(
        'SELECT location_id, device_id, tariff_direction, energy_flow_direction, time_ms, micro_kwh FROM meter_readings WHERE account_id = ? AND live_mode = ? ORDER BY location_id, device_id, tariff_direction, energy_flow_direction, time_ms',
      )
      .all(scope.accountId, scope.liveMode ? 1 : 0);
  }

  /** Writes a record as it was stored (a workspace import); joins the caller's transaction. */
  insert(scope: Scope, r: RecordRow): void {
    this.insertStmt.run([r.id, scope.accountId, scope.liveMode ? 1 : 0, ...valuesOf(r), r.time_created]);
  }

  /** Writes a register reading (a workspace import); joins the caller's transaction. */
  insertReading(
    scope: Scope,
    r: Pick<RecordRow, 'location_id' | 'device_id' | 'tariff_direction' | 'energy_flow_direction'> & {
      time_ms: number;
      micro_kwh: number;
    },
  ): void {
    this.putReading.run({ ...this.scopeArgs(scope), ...r, time: r.time_ms });
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

const decreased = (what: string) =>
  invalid(Codes.readingDecreased, `value: the reading ${what}; a register never falls.`);

/** The record's own reference, if it gave a usable one. */
function referenceOf(raw: unknown): string | null {
  const ref = (raw as { record_reference_id?: unknown } | null)?.record_reference_id;
  return typeof ref === 'string' && ref.length > 0 && ref.length <= 200 ? ref : null;
}

const errorOf = (e: ApiError) => ({ code: e.code, message: e.message });
