import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshot, type Harness } from '../helpers.js';
import { meterWorld } from './zero-meter-world.js';

/**
 * Zero's cost operations (`2024-08-24`) through the app, over the records either generation
 * stored: 0.32 from 07:00 to 22:00 Berlin time and 0.21 otherwise on import, 0.08 flat on export.
 */
let h: Harness;
let loc: string;

beforeEach(async () => ({ h, loc } = await meterWorld()));
afterEach(() => h.close());

const send = (headers: Record<string, string>, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  h.call({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const zero = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => send(h.zero, method, url, payload);
const anode = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => send(h.test, method, url, payload);
const stored = async () =>
  (await anode('GET', `/meter-records?location_id=${loc}`)).body.data as { record_reference_id: string | null }[];
const money = (x: number) => Math.round(x * 1e6) / 1e6;

/** The guide's example record: 20,567 W for half an hour, 23:30 to midnight in Berlin (night rate). */
const example = () => ({
  location_id: loc,
  record_reference_id: 'MET-1',
  units: 'W',
  value: 20567,
  start_time: '2026-06-05T21:30:00Z',
  end_time: '2026-06-05T22:00:00Z',
});

/** Three records of 2–3 November (Berlin): 1 kWh at night, 2 kWh and 0.5 kWh by day. */
const threeRecords = (extra: Record<string, unknown> = {}) =>
  [
    { location_id: loc, record_reference_id: 'R1', units: 'KWH', value: 1, ...extra },
    { location_id: loc, record_reference_id: 'R2', units: 'KWH', value: 2, ...extra },
    { location_id: loc, record_reference_id: 'R3', units: 'WH', value: 500, ...extra },
  ].map((r, i) => ({
    ...r,
    start_time: ['2026-11-02T00:00:00Z', '2026-11-02T10:00:00Z', '2026-11-03T12:00:00Z'][i],
    end_time: ['2026-11-02T01:00:00Z', '2026-11-02T11:00:00Z', '2026-11-03T13:00:00Z'][i],
  }));
const window = { start_time: '2026-11-02T00:00:00+01:00', end_time: '2026-11-04T00:00:00+01:00' };

describe('Zero costs: POST /costs/instant', () => {
  it('answers a meter_record in Zero’s names, the cost under tariff, and stores the record', async () => {
    const r = await zero('POST', '/costs/instant', { ...example(), not_a_field: 1 });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(
      [
        'account_id',
        'carbon_units',
        'currency_code',
        'data',
        'direction',
        'energy_units',
        'id',
        'live_mode',
        'object',
        'request',
        'tariff_rate',
        'time_created',
      ].sort(),
    );
    expect(r.body).toMatchObject({
      object: 'meter_record',
      live_mode: false,
      direction: 'IMPORT',
      tariff_rate: 'IMPORT',
      currency_code: 'EUR',
      energy_units: 'WH',
      carbon_units: 'gCO2eq',
      request: { ...example(), non_persistent: false },
      data: {
        start_time: '2026-06-05T21:30:00Z',
        end_time: '2026-06-05T22:00:00Z',
        record_reference_id: 'MET-1',
        energy: { value: 10284 },
        tariff: { value: money(10.2835 * 0.21), confidence: 1 },
      },
    });
    expect(r.body.request).not.toHaveProperty('not_a_field');
    expect(r.body.data).not.toHaveProperty('session_reference_id');
    expect(r.body.id).toMatch(/^mre_/);
    expect((await stored()).map((x) => x.record_reference_id)).toEqual(['MET-1']);
  });

  it('direction EXPORT is priced by the export tariff unless tariff_rate says otherwise', async () => {
    const body = { ...example(), units: 'KWH', value: 1 };
    const out = await zero('POST', '/costs/instant', { ...body, direction: 'EXPORT' });
    expect(out.body).toMatchObject({ direction: 'EXPORT', tariff_rate: 'EXPORT', data: { tariff: { value: 0.08 } } });
    const local = await zero('POST', '/costs/instant', { ...body, direction: 'EXPORT', tariff_rate: 'IMPORT' });
    expect(local.body).toMatchObject({ direction: 'EXPORT', tariff_rate: 'IMPORT', data: { tariff: { value: 0.21 } } });
  });

  it('non_persistent and include_tariff are booleans in any case', async () => {
    const before = snapshot(h.svc);
    const r = await zero(
      'POST',
      '/costs/instant?non_persistent=True&include_tariff=FALSE&include_carbon=true',
      example(),
    );
    expect(r.status).toBe(200);
    expect(r.body.request.non_persistent).toBe(true);
    // A cost entry always has its money: Zero's shape requires it.
    expect(r.body.data.tariff.value).toBeGreaterThan(0);
    expect(r.body.data.energy.value).toBe(10284);
    expect(snapshot(h.svc)).toBe(before);
    const bad = await zero('POST', '/costs/instant?include_carbon=yes', example());
    expect(bad.status).toBe(409);
    expect(bad.body.message).toContain('include_carbon');
  });

  it('bad input is 409 naming the field, a location without a tariff 422; nothing is stored', async () => {
    const bare = (await h.location()).id;
    const before = snapshot(h.svc);
    const cases = [
      [{ ...example(), units: 'MWH' }, 'units'],
      [{ ...example(), start_time: '5 June' }, 'start_time'],
      [{ ...example(), direction: 'LOCAL' }, 'direction'],
      [{ ...example(), tariff_rate: 'BOTH' }, 'tariff_rate'],
      [{ ...example(), end_time: '2026-06-05T21:00:00Z' }, 'end_time'],
      [{ ...example(), location_id: undefined }, 'location_id'],
    ] as const;
    for (const [body, field] of cases) {
      const r = await zero('POST', '/costs/instant', body);
      expect(r.status, field).toBe(409);
      expect(r.body.message).toContain(field);
    }
    const none = await zero('POST', '/costs/instant', { ...example(), location_id: bare });
    expect(none.status).toBe(422);
    expect(typeof none.body.message).toBe('string');
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('Zero costs: POST /costs/interval/{id} and /costs/session/{id}', () => {
  it('reports per record, by DAY and by MONTH; the same figures as Anode’s report of the same records', async () => {
    expect((await zero('PUT', '/meters/interval', threeRecords())).body.records_accepted).toBe(3);
    const perRecord = await zero('POST', `/costs/interval/${loc}`, window);
    expect(perRecord.status).toBe(200);
    expect(Object.keys(perRecord.body).sort()).toEqual(
      [
        'account_id',
        'carbon_units',
        'currency_code',
        'data',
        'direction',
        'energy_units',
        'id',
        'live_mode',
        'location_timezone',
        'object',
        'object_id',
      ].sort(),
    );
    expect(perRecord.body).toMatchObject({
      object: 'energy_cost',
      object_id: loc,
      direction: 'IMPORT',
      location_timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      energy_units: 'WH',
      carbon_units: 'gCO2eq',
    });
    expect(perRecord.body.id).toMatch(/^ecs_/);
    expect(
      perRecord.body.data.map((e: any) => [e.record_reference_id, e.energy.value, e.tariff.value, e.tariff.confidence]),
    ).toEqual([
      ['R1', 1000, 0.21, 1],
      ['R2', 2000, 0.64, 1],
      ['R3', 500, 0.16, 1],
    ]);
    const days = await zero('POST', `/costs/interval/${loc}?aggregation=DAY`, window);
    expect(days.body.data).toEqual([
      {
        start_time: '2026-11-02T00:00:00+01:00',
        end_time: '2026-11-03T00:00:00+01:00',
        energy: { value: 3000 },
        tariff: { value: 0.85, confidence: 1 },
      },
      {
        start_time: '2026-11-03T00:00:00+01:00',
        end_time: '2026-11-04T00:00:00+01:00',
        energy: { value: 500 },
        tariff: { value: 0.16, confidence: 1 },
      },
    ]);
    const month = await zero('POST', `/costs/interval/${loc}?aggregation=MONTH&include_tariff=true`, window);
    expect(month.body.data).toHaveLength(1);
    expect(month.body.data[0]).toMatchObject({ energy: { value: 3500 }, tariff: { value: 1.01 } });
    for (const aggregation of ['', '?aggregation=DAY', '?aggregation=MONTH']) {
      const a = await anode('POST', `/costs/interval/${loc}${aggregation}`, window);
      const z = await zero('POST', `/costs/interval/${loc}${aggregation}`, window);
      expect(z.body.data.map((e: any) => e.tariff.value)).toEqual(a.body.data.map((e: any) => e.cost.value));
      expect(z.body.data.map((e: any) => e.energy.value)).toEqual(a.body.data.map((e: any) => e.energy.value));
    }
  });

  it('direction chooses the records and tariffs reported; export records by the export tariff', async () => {
    await zero('PUT', '/meters/interval', threeRecords({ direction: 'EXPORT' }));
    const imported = await zero('POST', `/costs/interval/${loc}`, window);
    expect(imported.body.data).toEqual([]);
    const exported = await zero('POST', `/costs/interval/${loc}?direction=EXPORT&aggregation=MONTH`, window);
    expect(exported.body).toMatchObject({ direction: 'EXPORT', data: [{ tariff: { value: money(3.5 * 0.08) } }] });
  });

  it('records Anode stored are costed by Zero’s session report as by Anode’s', async () => {
    const device = (await anode('POST', '/devices', { reference_id: 'CAR-1' })).body.id as string;
    const records = threeRecords({ device_id: device, session_reference_id: 'EV-1', tariff_direction: 'IMPORT' });
    expect((await anode('PUT', '/meters/interval', records)).body.records_accepted).toBe(3);
    const z = await zero('POST', '/costs/session/EV-1');
    expect(z.status).toBe(200);
    expect(z.body).toMatchObject({
      object: 'energy_cost',
      object_id: device,
      direction: 'IMPORT',
      currency_code: 'EUR',
    });
    expect(z.body.data.map((e: any) => [e.session_reference_id, e.record_reference_id, e.tariff.value])).toEqual([
      ['EV-1', 'R1', 0.21],
      ['EV-1', 'R2', 0.64],
      ['EV-1', 'R3', 0.16],
    ]);
    const a = await anode('POST', '/costs/session/EV-1');
    expect(z.body.data.map((e: any) => e.tariff)).toEqual(a.body.data.map((e: any) => e.cost));
    const none = await zero('POST', '/costs/session/EV-1?direction=EXPORT&include_tariff=false');
    expect(none).toMatchObject({ status: 200, body: { direction: 'EXPORT', data: [] } });
    expect((await zero('POST', '/costs/session/NO-SUCH')).status).toBe(404);
  });

  it('records Zero stored are costed by Anode’s reports as by Zero’s, instant records included', async () => {
    await zero('PUT', '/meters/interval', threeRecords({ session_reference_id: 'S-1' }));
    await zero('POST', '/costs/instant', { ...example(), session_reference_id: 'S-1' });
    const a = await anode('POST', '/costs/session/S-1');
    const z = await zero('POST', '/costs/session/S-1');
    expect(a.body.total.cost.value).toBe(money(0.21 + 0.64 + 0.16 + money(10.2835 * 0.21)));
    expect(z.body.data.map((e: any) => e.tariff.value)).toEqual(a.body.data.map((e: any) => e.cost.value));
    expect(z.body.object_id).toBe(loc);
    // The typed Zero client reads the same answer, parsed by Zero's schema.
    const typed = await h.zeroApi.call('zero.costs.session', { params: { id: 'S-1' }, query: { direction: 'IMPORT' } });
    expect(typed.data.map((e) => e.tariff?.value)).toEqual(a.body.data.map((e: any) => e.cost.value));
    const batch = await h.zeroApi.call('zero.meters.interval', {
      body: threeRecords({ session_reference_id: 'S-1' }),
    });
    expect(batch).toMatchObject({ object: 'meter_batch', records_accepted: 3, records_processed: 0 });
  });

  it('bad input is 409 naming the field', async () => {
    const cases = [
      [`/costs/interval/${loc}?aggregation=WEEK`, window, 'aggregation'],
      [`/costs/interval/${loc}?direction=SIDEWAYS`, window, 'direction'],
      [`/costs/interval/${loc}`, { start_time: window.start_time }, 'end_time'],
      [`/costs/interval/nope`, window, 'id'],
      [`/costs/session/EV-1?include_tariff=maybe`, undefined, 'include_tariff'],
    ] as const;
    for (const [url, body, field] of cases) {
      const r = await zero('POST', url, body);
      expect(r.status, field).toBe(409);
      expect(r.body.message).toContain(field);
    }
  });
});
