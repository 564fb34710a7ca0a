import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/documents.js';
import { Codes, invalid, notFound } from '../../../engine/errors.js';
import { fromZod } from '../../../engine/api/validate.js';
import { instantOf } from '../../../engine/usage/instant.js';
import {
  CumulativeReading,
  METER_LIMITS,
  type CumulativeSubmission,
  type MeterBatch,
} from '../../../engine/schemas/meter.js';
import {
  batchTooLarge,
  directionsOf,
  inRecordRange,
  readingMicroKwh,
  spansOf,
  type Reading,
} from '../../../engine/meters/records.js';
import type { LocationService } from '../locations.js';
import type { DeviceService } from '../devices.js';
import type { RecordStore } from './records.js';
import { failedRecord, type BatchStore } from './batches.js';
import { keptReadings, type Fail, type Kept } from './register-order.js';
import type { CheckedRecord, ReadingRow, RecordRow } from './rows.js';

/**
 * `PUT /meters/cumulative`: register readings. The readings join those stored for the same
 * register (location, device, directions); each span between two neighbouring readings is a
 * record of their difference, spread evenly over it. A reading lower than the one before it
 * (or higher than the one after) is refused by name; spans the new readings change are
 * replaced, so sending the readings again changes nothing.
 */
export class RegisterReadings {
  private readonly readingsBefore;
  private readonly readingsAfter;
  private readonly readingsIn;
  private readonly putReading;
  private readonly registerRecords;

  constructor(
    private readonly db: Db,
    private readonly records: RecordStore,
    private readonly batches: BatchStore,
    private readonly locations: LocationService,
    private readonly devices: DeviceService,
  ) {
    const scoped = 'account_id = @account AND live_mode = @mode';
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
    this.registerRecords = db.prepare<Record<string, unknown>, RecordRow>(
      `SELECT * FROM meter_records WHERE ${register} AND start_ms >= @from AND end_ms <= @to ORDER BY start_ms`,
    );
  }

  private scopeArgs(scope: Scope) {
    return { account: scope.accountId, mode: scope.liveMode ? 1 : 0 };
  }

  submit(scope: Scope, body: CumulativeSubmission): MeterBatch {
    const n = body.data.length;
    if (n > METER_LIMITS.maxRecords) throw batchTooLarge(n, 'readings');
    if (n === 0) throw invalid('data_missing', 'data needs at least one reading.');
    this.locations.find(scope, body.location_id);
    if (body.device_id && !this.devices.has(scope, body.device_id)) throw notFound('device', body.device_id);
    const { tariff, flow } = directionsOf(body);
    const out = this.batches.open(scope, n);
    const fail: Fail = (i, e) => out.failed_records.push(failedRecord(i, body.data[i], e));

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
      const readings = keptReadings(merged, fail);

      const from = readings[0]?.time ?? first;
      const to = readings[readings.length - 1]?.time ?? last;
      const existing = this.registerRecords.all({ ...register, from, to });
      const endsAt = new Map(existing.map((r) => [r.end_ms, r]));
      const spans = spansOf(readings);
      const wanted = new Set(spans.map((s) => `${s.start}|${s.end}`));
      for (const r of existing)
        if (!wanted.has(`${r.start_ms}|${r.end_ms}`)) {
          this.records.remove(scope, r.seq);
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
      for (const r of this.records.putAll(scope, made)) if (r.changed) out.records_processed++;
      if (body.device_id && out.records_accepted > 0) this.devices.touch(scope, [body.device_id]);
    };
    this.db.transaction(() => {
      store();
      out.failed_records.sort((a, b) => a.record_num - b.record_num);
      this.batches.keep(scope, out, out.records_accepted > 0 ? [body.location_id] : []);
    })();
    return out;
  }

  /** Every register reading of the scope, by location, register and time (a workspace). */
  all(scope: Scope): ReadingRow[] {
    return this.db
      .prepare<unknown[], ReadingRow>(
        'SELECT location_id, device_id, tariff_direction, energy_flow_direction, time_ms, micro_kwh FROM meter_readings WHERE account_id = ? AND live_mode = ? ORDER BY location_id, device_id, tariff_direction, energy_flow_direction, time_ms',
      )
      .all(scope.accountId, scope.liveMode ? 1 : 0);
  }

  /** Writes a register reading (a workspace import); joins the caller's transaction. */
  insert(scope: Scope, r: ReadingRow): void {
    this.putReading.run({ ...this.scopeArgs(scope), ...r, time: r.time_ms });
  }
}
