import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import type { Clock } from '../../../engine/clock.js';
import type { IdGenerator } from '../../../engine/ids.js';
import type { TariffDirection } from '../../../engine/schemas/common.js';
import type { CumulativeSubmission, MeterBatch, MeterRecord } from '../../../engine/schemas/meter.js';
import type { LocationService } from '../locations.js';
import type { DeviceService } from '../devices.js';
import { checkRecord, knownIds, type KnownIds } from './check.js';
import { RecordStore } from './records.js';
import { BatchStore } from './batches.js';
import { IntervalSubmissions } from './interval.js';
import { RegisterReadings } from './cumulative.js';
import { RecordQueries, type RecordFilter } from './queries.js';
import { viewRecord } from './view.js';
import type { CheckedRecord, MeterColumns, ReadingRow, RecordRow, ReportRow } from './rows.js';

/**
 * Meter records (docs/costs.md, Meter records): interval submissions checked record by record,
 * cumulative register readings turned into records, each record stored once under its two
 * identities (its reference at its location; its location, device, directions and interval),
 * every submission in one transaction. One object for the service's callers; each concept is
 * a file of this folder.
 */
export class MeterService {
  private readonly records: RecordStore;
  private readonly batches: BatchStore;
  private readonly intervals: IntervalSubmissions;
  private readonly readings: RegisterReadings;
  private readonly queries: RecordQueries;

  constructor(
    db: Db,
    clock: Clock,
    ids: IdGenerator,
    private readonly locations: LocationService,
    private readonly devices: DeviceService,
  ) {
    this.records = new RecordStore(db, clock, ids);
    this.batches = new BatchStore(db, clock, ids);
    this.intervals = new IntervalSubmissions(db, this.records, this.batches, locations, devices);
    this.readings = new RegisterReadings(db, this.records, this.batches, locations, devices);
    this.queries = new RecordQueries(db);
  }

  /** One interval record checked (see checkRecord); throws the named 4xx, stores nothing. */
  check(scope: Scope, raw: unknown, known: KnownIds = knownIds(scope, this.locations, this.devices)): CheckedRecord {
    return checkRecord(raw, known);
  }

  /** Stores checked records in order (see RecordStore.putAll); joins the caller's transaction. */
  putAll(scope: Scope, records: readonly CheckedRecord[]): { id: string; changed: boolean }[] {
    return this.records.putAll(scope, records);
  }

  /** Stores one checked record (see putAll). */
  put(scope: Scope, c: CheckedRecord): { id: string; changed: boolean } {
    return this.records.putAll(scope, [c])[0]!;
  }

  /** Keeps a submission's answer with the locations it stored records for; joins the caller's transaction. */
  keepBatch(scope: Scope, batch: MeterBatch, locations: Iterable<string>): void {
    this.batches.keep(scope, batch, locations);
  }

  /** `GET /meters/batch`: a submission's answer; another account's or mode's is not found. */
  getBatch(scope: Scope, id: string): MeterBatch {
    return this.batches.get(scope, id);
  }

  /** Every kept batch of the scope, oldest first, with the locations it stored records for (a workspace). */
  allBatches(scope: Scope): { batch: MeterBatch; locations: string[] }[] {
    return this.batches.all(scope);
  }

  /** `PUT /meters/interval`; `prepare` maps each item of another generation's shape (see IntervalSubmissions). */
  submitInterval(scope: Scope, items: unknown[], prepare?: (raw: unknown) => unknown): MeterBatch {
    return this.intervals.submit(scope, items, prepare);
  }

  /** `PUT /meters/cumulative`. */
  submitCumulative(scope: Scope, body: CumulativeSubmission): MeterBatch {
    return this.readings.submit(scope, body);
  }

  /** A stored record as the API shows it. */
  view(scope: Scope, r: RecordRow): MeterRecord {
    return viewRecord(scope, r);
  }

  /** `GET /meter-records`: stored records in time order, filtered, a page at a time. */
  list(scope: Scope, q: RecordFilter) {
    return this.queries.list(scope, q);
  }

  /** The records of a location or a device of one direction that meet `[from, to)`, in time order. */
  inWindow(scope: Scope, by: 'location' | 'device', id: string, direction: TariffDirection, from: number, to: number) {
    return this.queries.inWindow(scope, by, id, direction, from, to);
  }

  /** The same records as columns, and each one's location, kept until anything is written. */
  columns(
    scope: Scope,
    by: 'location' | 'device',
    id: string,
    direction: TariffDirection,
    from: number,
    to: number,
  ): MeterColumns {
    return this.queries.columns(scope, by, id, direction, from, to);
  }

  /** Every record of a session, any direction, in time order. */
  ofSession(scope: Scope, session: string): ReportRow[] {
    return this.queries.ofSession(scope, session);
  }

  /** Every record of the scope, by location and then list order (a workspace). */
  all(scope: Scope): RecordRow[] {
    return this.queries.all(scope);
  }

  /** Every register reading of the scope, by location, register and time (a workspace). */
  allReadings(scope: Scope): ReadingRow[] {
    return this.readings.all(scope);
  }

  /** Writes a record as it was stored (a workspace import); joins the caller's transaction. */
  insert(scope: Scope, r: RecordRow): void {
    this.records.insert(scope, r);
  }

  /** Writes a register reading (a workspace import); joins the caller's transaction. */
  insertReading(scope: Scope, r: ReadingRow): void {
    this.readings.insert(scope, r);
  }

  /** The location of the device's newest record, if it has any. */
  deviceLocation(scope: Scope, deviceId: string): string | undefined {
    return this.queries.deviceLocation(scope, deviceId);
  }
}
