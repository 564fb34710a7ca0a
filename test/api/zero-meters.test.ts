import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshot, type Harness } from '../helpers.js';
import { meterWorld } from './zero-meter-world.js';

/**
 * Zero's meter submissions (`2024-08-24`) through the app: Zero's names in, Zero's shapes out,
 * and the same stored records Anode lists and costs.
 */
let h: Harness;
let loc: string;

beforeEach(async () => ({ h, loc } = await meterWorld()));
afterEach(() => h.close());

const zero = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  h.call({ method, url, headers: h.zero, ...(payload === undefined ? {} : { payload: payload as object }) });
const anodeRecords = async () =>
  (await h.call({ method: 'GET', url: `/meter-records?location_id=${loc}`, headers: h.test })).body.data as {
    tariff_direction: string;
    energy_flow_direction: string;
    kwh: number;
    record_reference_id: string | null;
    units: string;
  }[];
const record = (i: number, extra: Record<string, unknown> = {}) => ({
  location_id: loc,
  record_reference_id: `MET-${i}`,
  units: 'KWH',
  value: 0.5,
  start_time: `2026-11-02T0${i}:00:00Z`,
  end_time: `2026-11-02T0${i}:30:00Z`,
  ...extra,
});

describe('Zero meters: PUT /meters/interval', () => {
  it('answers a meter_batch in Zero’s shape: a bad record listed from 0 with its error, the others stored', async () => {
    const r = await zero('PUT', '/meters/interval', [
      record(1, { an_unknown_field: 'ignored' }),
      record(2, { end_time: '2026-11-02T01:00:00Z' }),
      record(3),
    ]);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(
      [
        'account_id',
        'failed_records',
        'id',
        'object',
        'records_accepted',
        'records_processed',
        'records_submitted',
        'time_created',
      ].sort(),
    );
    expect(r.body).toMatchObject({
      object: 'meter_batch',
      records_submitted: 3,
      records_accepted: 2,
      records_processed: 2,
      account_id: h.cred.account_id,
    });
    expect(r.body.id).toMatch(/^bat_/);
    expect(r.body.failed_records).toEqual([
      { record_num: 1, record_reference_id: 'MET-2', error: 'end_time must be after start_time.' },
    ]);
    expect((await anodeRecords()).map((x) => x.record_reference_id)).toEqual(['MET-1', 'MET-3']);
    // Sent again: nothing new is processed.
    const again = await zero('PUT', '/meters/interval', [record(1), record(3)]);
    expect(again.body).toMatchObject({ records_accepted: 2, records_processed: 0, failed_records: [] });
  });

  it('a record with a bad field is a failed record whose message names the field; no reference, none shown', async () => {
    const noRef: Record<string, unknown> = record(1);
    delete noRef.record_reference_id;
    const r = await zero('PUT', '/meters/interval', [
      { ...noRef, units: 'MWH' },
      record(2, { direction: 'LOCAL' }),
      record(3, { value: -1 }),
      record(4),
    ]);
    expect(r.status).toBe(200);
    expect(r.body.records_accepted).toBe(1);
    const failed = r.body.failed_records as { record_num: number; record_reference_id?: string; error: string }[];
    expect(failed.map((f) => f.record_num)).toEqual([0, 1, 2]);
    expect(failed[0]).not.toHaveProperty('record_reference_id');
    expect(failed[0]!.error).toContain('units');
    expect(failed[1]!.error).toContain('direction');
    expect(failed[2]!.error).toContain('value');
    expect((await anodeRecords()).map((x) => x.record_reference_id)).toEqual(['MET-4']);
  });

  it('direction defaults to IMPORT and tariff_rate to the direction; each is the stored record’s flow and tariffs', async () => {
    await zero('PUT', '/meters/interval', [
      record(1),
      record(2, { direction: 'EXPORT' }),
      record(3, { direction: 'IMPORT', tariff_rate: 'LOCAL' }),
      record(4, { tariff_rate: 'EXPORT' }),
    ]);
    const all = await anodeRecords();
    expect(all.map((x) => [x.record_reference_id, x.energy_flow_direction, x.tariff_direction])).toEqual([
      ['MET-1', 'INBOUND', 'IMPORT'],
      ['MET-2', 'OUTBOUND', 'EXPORT'],
      ['MET-3', 'INBOUND', 'LOCAL'],
      ['MET-4', 'INBOUND', 'EXPORT'],
    ]);
  });

  it('W and KW are power held over the interval, WH and KWH its energy', async () => {
    const r = await zero('PUT', '/meters/interval', [
      record(1, { units: 'W', value: 2000 }),
      record(2, { units: 'KW', value: 2 }),
      record(3, { units: 'WH', value: 1000 }),
      record(4, { units: 'KWH', value: 1 }),
    ]);
    expect(r.body.records_accepted).toBe(4);
    expect((await anodeRecords()).map((x) => [x.units, x.kwh])).toEqual([
      ['W', 1],
      ['KW', 1],
      ['WH', 1],
      ['KWH', 1],
    ]);
  });

  it('GET /meters/batch answers the batch again in Zero’s shape, and in Anode’s to an Anode client', async () => {
    const sent = await zero('PUT', '/meters/interval', [record(1), record(2, { start_time: 'yesterday' })]);
    const again = await zero('GET', `/meters/batch?batch_id=${sent.body.id}`);
    expect(again).toMatchObject({ status: 200, body: sent.body });
    const anode = await h.call({ method: 'GET', url: `/meters/batch?batch_id=${sent.body.id}`, headers: h.test });
    expect(anode.body.failed_records[0]).toMatchObject({
      record_num: 2,
      record_reference_id: 'MET-2',
      error: { code: 'start_time_invalid' },
    });
    const bad = await zero('GET', '/meters/batch?batch_id=nope');
    expect(bad.status).toBe(409);
    expect(bad.body.message).toContain('batch_id');
    expect((await zero('GET', '/meters/batch?batch_id=bat_unknown1234')).status).toBe(404);
  });

  it('a body that is not an array is 409 naming it, more than 10,000 records 413; nothing is stored', async () => {
    const before = snapshot(h.svc);
    const r = await zero('PUT', '/meters/interval', { location_id: loc });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('body');
    const tooMany = await zero(
      'PUT',
      '/meters/interval',
      Array.from({ length: 10_001 }, () => record(1)),
    );
    expect(tooMany.status).toBe(413);
    expect(typeof tooMany.body.message).toBe('string');
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('Zero meters: PUT /meters/cumulative/epoch', () => {
  const t0 = Date.parse('2026-11-02T00:00:00Z') / 1000;

  it('register readings at Unix seconds become records of their differences, in Zero’s batch shape', async () => {
    const r = await zero('PUT', '/meters/cumulative/epoch', {
      location_id: loc,
      units: 'WH',
      ignored_field: true,
      data: [
        { time: t0, value: 1000 },
        { time: t0 + 3600, value: 1500, record_reference_id: 'R-2', extra: 1 },
        { time: t0 + 7200, value: 2250, record_reference_id: 'R-3' },
        { time: t0 + 10800, value: 2000, record_reference_id: 'R-4' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'meter_batch', records_submitted: 4, records_accepted: 3 });
    expect(r.body.failed_records).toHaveLength(1);
    expect(r.body.failed_records[0]).toMatchObject({ record_num: 3, record_reference_id: 'R-4' });
    expect(r.body.failed_records[0].error).toContain('value');
    const all = await anodeRecords();
    expect(all.map((x) => [x.record_reference_id, x.kwh, x.energy_flow_direction, x.tariff_direction])).toEqual([
      ['R-2', 0.5, 'INBOUND', 'IMPORT'],
      ['R-3', 0.75, 'INBOUND', 'IMPORT'],
    ]);
  });

  it('direction EXPORT makes an export register; Anode’s own path is not Zero’s', async () => {
    const body = {
      location_id: loc,
      units: 'KWH',
      direction: 'EXPORT',
      data: [
        { time: t0, value: 10 },
        { time: t0 + 3600, value: 12 },
      ],
    };
    expect((await zero('PUT', '/meters/cumulative/epoch', body)).body.records_accepted).toBe(2);
    expect((await anodeRecords()).map((x) => [x.kwh, x.energy_flow_direction, x.tariff_direction])).toEqual([
      [2, 'OUTBOUND', 'EXPORT'],
    ]);
    expect((await zero('PUT', '/meters/cumulative', body)).status).toBe(404);
  });

  it('bad input is 409 naming the field, and nothing is stored', async () => {
    const before = snapshot(h.svc);
    const bad = [
      [{ location_id: loc, units: 'W', data: [{ time: t0, value: 1 }] }, 'units'],
      [{ location_id: loc, units: 'WH', direction: 'LOCAL', data: [{ time: t0, value: 1 }] }, 'direction'],
      [{ location_id: 'nope', units: 'WH', data: [{ time: t0, value: 1 }] }, 'location_id'],
      [{ location_id: loc, units: 'WH', data: 'readings' }, 'data'],
    ] as const;
    for (const [body, field] of bad) {
      const r = await zero('PUT', '/meters/cumulative/epoch', body);
      expect(r.status, field).toBe(409);
      expect(r.body.message).toContain(field);
    }
    expect(snapshot(h.svc)).toBe(before);
  });
});
