import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, snapshot, type Harness } from '../helpers.js';

/**
 * Bad input to customers, devices, meter records and cost reports: a named 4xx each time
 * (per record, in a batch) and nothing stored changes. Other accounts' and the other mode's
 * objects are never found.
 */
let h: Harness;
let loc: string;
let dev: string;
let cus: string;
/** Another account's bearer, its location, device and customer. */
let other: { headers: Record<string, string>; loc: string; dev: string; cus: string };
/** This account's live-mode location, device and customer. */
let live: { loc: string; dev: string; cus: string };

const json = (r: { body: unknown }) => r.body as Record<string, any>;

beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
  await h.tariff(loc);
  dev = json(await h.call({ method: 'POST', url: '/devices', headers: h.test, payload: {} })).id;
  cus = json(await h.call({ method: 'POST', url: '/customers', headers: h.test, payload: {} })).id;
  const o = h.svc.accounts.create('Other');
  const headers = await h.login(o.account_id, o.test_key);
  other = {
    headers,
    loc: (await h.location(headers)).id,
    dev: json(await h.call({ method: 'POST', url: '/devices', headers, payload: {} })).id,
    cus: json(await h.call({ method: 'POST', url: '/customers', headers, payload: {} })).id,
  };
  live = {
    loc: (await h.location(h.live)).id,
    dev: json(await h.call({ method: 'POST', url: '/devices', headers: h.live, payload: {} })).id,
    cus: json(await h.call({ method: 'POST', url: '/customers', headers: h.live, payload: {} })).id,
  };
  // The other worlds have records and a session of the same name.
  for (const [headers, l] of [
    [other.headers, other.loc],
    [h.live, live.loc],
  ] as const)
    await h.call({
      method: 'PUT',
      url: '/meters/interval',
      headers,
      payload: [{ ...record(), location_id: l, session_reference_id: 'SHARED' }],
    });
});
afterEach(() => h.close());

function record(extra: Record<string, unknown> = {}) {
  return {
    location_id: loc,
    units: 'KWH',
    value: 1,
    start_time: '2026-06-01T10:00:00Z',
    end_time: '2026-06-01T10:15:00Z',
    ...extra,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('bad input to the reporting routes: a named 4xx and nothing stored changes', () => {
  const cases: [
    string,
    () => { method: Method; url: string; payload?: unknown; headers?: Record<string, string> },
    number,
    string,
  ][] = [
    ['a customer id of the wrong kind', () => ({ method: 'GET', url: '/customers/loc_1' }), 400, 'customer_id_invalid'],
    ['an unknown customer', () => ({ method: 'GET', url: '/customers/cus_nothere' }), 404, 'customer_not_found'],
    [
      "another account's customer",
      () => ({ method: 'GET', url: `/customers/${other.cus}` }),
      404,
      'customer_not_found',
    ],
    [
      'a live-mode customer',
      () => ({ method: 'PATCH', url: `/customers/${live.cus}`, payload: {} }),
      404,
      'customer_not_found',
    ],
    [
      "deleting another account's customer",
      () => ({ method: 'DELETE', url: `/customers/${other.cus}` }),
      404,
      'customer_not_found',
    ],
    [
      'a customer field unknown',
      () => ({ method: 'POST', url: '/customers', payload: { name: 'x' } }),
      400,
      'parameter_unknown',
    ],
    [
      'an empty reference',
      () => ({ method: 'POST', url: '/customers', payload: { reference_id: '' } }),
      400,
      'reference_id_invalid',
    ],
    ['a device id of the wrong kind', () => ({ method: 'GET', url: '/devices/cus_1' }), 400, 'device_id_invalid'],
    ["another account's device", () => ({ method: 'DELETE', url: `/devices/${other.dev}` }), 404, 'device_not_found'],
    ['a live-mode device', () => ({ method: 'GET', url: `/devices/${live.dev}` }), 404, 'device_not_found'],
    ['a device list filter unknown', () => ({ method: 'GET', url: '/devices?kind=ev' }), 400, 'parameter_unknown'],
    // Whole submissions.
    [
      'a batch that is not an array',
      () => ({ method: 'PUT', url: '/meters/interval', payload: record() }),
      400,
      'body_invalid',
    ],
    ['an empty batch', () => ({ method: 'PUT', url: '/meters/interval', payload: [] }), 400, 'body_missing'],
    [
      'cumulative readings in power units',
      () => ({
        method: 'PUT',
        url: '/meters/cumulative',
        payload: { location_id: loc, units: 'KW', data: [{ time: 1_780_000_000, value: 1 }] },
      }),
      400,
      'units_invalid',
    ],
    [
      "cumulative readings of another account's location",
      () => ({
        method: 'PUT',
        url: '/meters/cumulative',
        payload: { location_id: other.loc, units: 'WH', data: [{ time: 1_780_000_000, value: 1 }] },
      }),
      404,
      'location_not_found',
    ],
    [
      'cumulative readings of a live-mode device',
      () => ({
        method: 'PUT',
        url: '/meters/cumulative',
        payload: { location_id: loc, device_id: live.dev, units: 'WH', data: [{ time: 1_780_000_000, value: 1 }] },
      }),
      404,
      'device_not_found',
    ],
    [
      'cumulative without readings',
      () => ({ method: 'PUT', url: '/meters/cumulative', payload: { location_id: loc, units: 'WH', data: [] } }),
      400,
      'data_missing',
    ],
    // Instant costs: the record is the request.
    [
      'an instant cost in a unit the reference does not list',
      () => ({ method: 'POST', url: '/costs/instant', payload: record({ units: 'MWH' }) }),
      400,
      'units_invalid',
    ],
    [
      'an instant cost ending at its start',
      () => ({ method: 'POST', url: '/costs/instant', payload: record({ end_time: '2026-06-01T10:00:00Z' }) }),
      400,
      'end_time_before_start_time',
    ],
    [
      'an instant cost of negative energy',
      () => ({ method: 'POST', url: '/costs/instant', payload: record({ value: -0.5 }) }),
      400,
      'value_invalid',
    ],
    [
      'an instant cost of non-finite energy',
      () => ({
        method: 'POST',
        url: '/costs/instant',
        payload: JSON.stringify(record()).replace('"value":1', '"value":1e400'),
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'value_invalid',
    ],
    [
      "an instant cost at another account's location",
      () => ({ method: 'POST', url: '/costs/instant', payload: record({ location_id: other.loc }) }),
      404,
      'location_not_found',
    ],
    [
      'an instant cost of a live-mode device',
      () => ({ method: 'POST', url: '/costs/instant', payload: record({ device_id: live.dev }) }),
      404,
      'device_not_found',
    ],
    [
      'an instant cost query unknown',
      () => ({ method: 'POST', url: '/costs/instant?dry=1', payload: record() }),
      400,
      'parameter_unknown',
    ],
    [
      'non_persistent not a boolean',
      () => ({ method: 'POST', url: '/costs/instant?non_persistent=yes', payload: record() }),
      400,
      'non_persistent_invalid',
    ],
    [
      'an instant cost without a tariff of the direction',
      () => ({ method: 'POST', url: '/costs/instant', payload: record({ tariff_direction: 'EXPORT' }) }),
      422,
      'no_tariff_connected',
    ],
    [
      'a record longer than 31 days',
      () => ({ method: 'POST', url: '/costs/instant', payload: record({ end_time: '2026-07-03T10:00:00Z' }) }),
      400,
      'record_too_long',
    ],
    // Reports.
    ["another account's session", () => ({ method: 'POST', url: '/costs/session/SHARED' }), 404, 'session_not_found'],
    [
      'a report of an id of neither kind',
      () => ({
        method: 'POST',
        url: '/costs/interval/cus_1',
        payload: { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-02T00:00:00Z' },
      }),
      400,
      'id_invalid',
    ],
    [
      "a report of another account's location",
      () => ({
        method: 'POST',
        url: `/costs/interval/${other.loc}`,
        payload: { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-02T00:00:00Z' },
      }),
      404,
      'location_not_found',
    ],
    [
      'a report of a live-mode device',
      () => ({
        method: 'POST',
        url: `/costs/interval/${live.dev}`,
        payload: { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-02T00:00:00Z' },
      }),
      404,
      'device_not_found',
    ],
    [
      'a report by week',
      () => ({
        method: 'POST',
        url: `/costs/interval/${loc}?aggregation=WEEK`,
        payload: { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-02T00:00:00Z' },
      }),
      400,
      'aggregation_invalid',
    ],
    [
      'a report window ending at its start',
      () => ({
        method: 'POST',
        url: `/costs/interval/${loc}`,
        payload: { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-01T00:00:00Z' },
      }),
      400,
      'end_time_before_start_time',
    ],
    [
      'a report window of two years',
      () => ({
        method: 'POST',
        url: `/costs/interval/${loc}`,
        payload: { start_time: '2025-01-01T00:00:00Z', end_time: '2027-01-01T00:00:00Z' },
      }),
      400,
      'window_too_long',
    ],
    [
      'a report window without its start',
      () => ({ method: 'POST', url: `/costs/interval/${loc}`, payload: { end_time: '2026-06-01T00:00:00Z' } }),
      400,
      'start_time_missing',
    ],
    [
      'a report in a direction that does not exist',
      () => ({ method: 'POST', url: `/costs/session/S?tariff_direction=SIDEWAYS` }),
      400,
      'tariff_direction_invalid',
    ],
    [
      'a report naming two directions',
      () => ({ method: 'POST', url: `/costs/session/S?tariff_direction=IMPORT&direction=EXPORT` }),
      400,
      'tariff_direction_conflict',
    ],
    [
      'a record list filter of the wrong kind',
      () => ({ method: 'GET', url: '/meter-records?device_id=loc_1' }),
      400,
      'device_id_invalid',
    ],
    [
      'a record list cursor that is not a record',
      () => ({ method: 'GET', url: '/meter-records?starting_after=mre_nothere' }),
      400,
      'starting_after_invalid',
    ],
  ];

  for (const [name, req, status, code] of cases)
    it(name, async () => {
      const before = snapshot(h.svc);
      const r = req();
      const res = await h.call({
        method: r.method,
        url: r.url,
        headers: { ...h.test, ...r.headers },
        ...(r.payload === undefined ? {} : { payload: r.payload as object }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ object: 'error', code });
      expect(snapshot(h.svc)).toBe(before);
    });

  it('in a batch, each bad record is named on its own and only the good ones are stored', async () => {
    const before = snapshot(h.svc, ['meter_batches', 'meter_batch_locations']);
    const bad = [
      record({ units: 'MWH' }),
      record({ end_time: '2026-06-01T09:00:00Z' }),
      record({ value: -1 }),
      record({ location_id: other.loc }),
      record({ location_id: live.loc }),
      record({ device_id: other.dev }),
      record({ device_id: live.dev }),
      record({ device_id: 'loc_1' }),
      record({ start_time: 'yesterday' }),
      record({ start_time: '1999-12-31T23:45:00Z', end_time: '2000-01-01T00:00:00Z' }),
      record({ confidence: 2 }),
      record({ colour: 'red' }),
      'not a record',
    ];
    const r = await h.call({ method: 'PUT', url: '/meters/interval', headers: h.test, payload: bad as object });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ records_submitted: bad.length, records_accepted: 0, records_processed: 0 });
    expect(r.body.failed_records.map((f: { error: { code: string } }) => f.error.code)).toEqual([
      'units_invalid',
      'end_time_before_start_time',
      'value_invalid',
      'location_not_found',
      'location_not_found',
      'device_not_found',
      'device_not_found',
      'device_id_invalid',
      'start_time_invalid',
      'start_time_invalid',
      'confidence_invalid',
      'parameter_unknown',
      'body_invalid',
    ]);
    expect(r.body.failed_records.map((f: { record_num: number }) => f.record_num)).toEqual(bad.map((_, i) => i + 1));
    // Only the batch's answer is kept, to be read back by its id; nothing else changed.
    expect(snapshot(h.svc, ['meter_batches', 'meter_batch_locations'])).toBe(before);
    const kept = await h.call({ method: 'GET', url: `/meters/batch?batch_id=${r.body.id}`, headers: h.test });
    expect(kept.body).toEqual(r.body);
  });
});

describe('account and mode isolation', () => {
  it("lists, reports and records never show another account's or the other mode's objects", async () => {
    await h.call({
      method: 'PUT',
      url: '/meters/interval',
      headers: h.test,
      payload: [record({ session_reference_id: 'SHARED' })],
    });
    const mine = async (url: string, headers = h.test) => (await h.call({ method: 'GET', url, headers })).body.data;
    expect((await mine('/customers')).map((c: { id: string }) => c.id)).toEqual([cus]);
    expect((await mine('/devices')).map((d: { id: string }) => d.id)).toEqual([dev]);
    expect((await mine('/meter-records')).map((r: { location_id: string }) => r.location_id)).toEqual([loc]);
    expect((await mine('/customers', h.live)).map((c: { id: string }) => c.id)).toEqual([live.cus]);
    expect((await mine('/meter-records', other.headers)).map((r: { location_id: string }) => r.location_id)).toEqual([
      other.loc,
    ]);
    // The session of the same name is each world's own.
    const session = await h.call({ method: 'POST', url: '/costs/session/SHARED', headers: h.test });
    expect(session.body).toMatchObject({ object_id: loc, live_mode: false, data: [{ energy: { value: 1000 } }] });
    // Deleting this account's customer leaves the others' alone.
    await h.call({ method: 'DELETE', url: `/customers/${cus}`, headers: h.test });
    expect((await h.call({ method: 'GET', url: `/customers/${other.cus}`, headers: other.headers })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/customers/${live.cus}`, headers: h.live })).status).toBe(200);
  });
});
