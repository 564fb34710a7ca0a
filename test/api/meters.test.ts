import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { fixedSchedule, harness, snapshot, type Harness } from '../helpers.js';

/** The kept answers of submissions: a submission sent again is answered (and kept) anew. */
const BATCHES = ['meter_batches', 'meter_batch_locations'];
import { API_VERSION } from '../../core/engine/wire-profile.js';

/**
 * The reporting half of the production API as a client drives it: customers, devices, meter
 * records and what they cost. Every cost is checked against one worked out here from the
 * tariffs' own rates: 0.32 from 07:00 to 22:00 Berlin time and 0.21 otherwise, plus a flat
 * 0.10 grid fee, all of 2026.
 */
let h: Harness;
let loc: string;
const ZONE = 'Europe/Berlin';
const DAY = 0.32;
const NIGHT = 0.21;
const FEE = 0.1;

beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
  await h.tariff(loc);
  await h.tariff(loc, {
    type: 'NON_COMMODITY',
    display_name: 'Grid fee',
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-01-01',
    schedule: fixedSchedule([['All', [['00:00', '00:00', FEE]]]]),
  });
});
afterEach(() => h.close());

/** The price at an instant, from the rates above. */
const rateAt = (ms: number) => {
  const hour = DateTime.fromMillis(ms, { zone: ZONE }).hour;
  return (hour >= 7 && hour < 22 ? DAY : NIGHT) + FEE;
};
/** What `kwh` spread evenly over [a, b) costs, minute by minute (every rate change is on a minute), to micro-units. */
function costOf(a: number, b: number, kwh: number): number {
  let sum = 0;
  const minutes = (b - a) / 60_000;
  for (let t = a; t < b; t += 60_000) sum += (kwh / minutes) * rateAt(t);
  return Math.round(sum * 1e6) / 1e6;
}
const ms = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();
const iso = (t: number) => DateTime.fromMillis(t, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;
const micro = (x: number) => Math.round(x * 1e6) / 1e6;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = h.test) =>
  h.call({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** `n` quarter-hour records from `start` (ISO) of `kwh` each, as the reference's fields. */
function quarters(start: string, n: number, kwh: (i: number) => number, extra: Record<string, unknown> = {}) {
  const t0 = ms(start);
  return Array.from({ length: n }, (_, i) => ({
    location_id: loc,
    units: 'KWH',
    value: kwh(i),
    start_time: iso(t0 + i * 900_000),
    end_time: iso(t0 + (i + 1) * 900_000),
    ...extra,
  }));
}

describe('customers own locations', () => {
  it('a customer with a location: listed, filtered, patched, and deleted with it (its tariffs and records too)', async () => {
    const c = await call('POST', '/customers', { reference_id: 'CUS-1' });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ object: 'customer', live_mode: false, reference_id: 'CUS-1', locations: [] });
    const other = (await call('POST', '/customers', {})).body;
    expect(other.reference_id).toBeNull();

    const home = await call('POST', '/locations', {
      postal_address: { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' },
      customer_id: c.body.id,
    });
    expect(home.body.customer_id).toBe(c.body.id);
    // The harness's location joins it by PATCH.
    expect((await call('PATCH', `/locations/${loc}`, { customer_id: c.body.id })).body.customer_id).toBe(c.body.id);
    expect((await call('GET', `/customers/${c.body.id}`)).body.locations).toEqual([loc, home.body.id]);

    const list = await call('GET', '/customers');
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([other.id, c.body.id]);
    const byRef = await call('GET', '/customers?reference_id=CUS-1');
    expect(byRef.body).toMatchObject({ object: 'list', url: '/customers', has_more: false });
    expect(byRef.body.data.map((x: { id: string }) => x.id)).toEqual([c.body.id]);
    expect((await call('GET', '/customers?limit=1')).body).toMatchObject({ has_more: true, data: [{ id: other.id }] });

    const patched = await call('PATCH', `/customers/${c.body.id}`, { reference_id: 'CUS-1b' });
    expect(patched.body).toMatchObject({ reference_id: 'CUS-1b', locations: [loc, home.body.id] });
    expect((await call('PATCH', `/customers/${c.body.id}`, { reference_id: null })).body.reference_id).toBeNull();

    await call(
      'PUT',
      '/meters/interval',
      quarters('2026-06-01T10:00:00+02:00', 4, () => 1),
    );
    const gone = await call('DELETE', `/customers/${c.body.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ id: c.body.id, locations: [loc, home.body.id] });
    for (const url of [`/customers/${c.body.id}`, `/locations/${loc}`, `/locations/${home.body.id}`])
      expect((await call('GET', url)).status).toBe(404);
    expect((await call('GET', `/tariffs?location_id=${loc}`)).status).toBe(404);
    expect((await call('GET', '/meter-records')).body.data).toEqual([]);
    // The other customer stays.
    expect((await call('GET', `/customers/${other.id}`)).status).toBe(200);

    // Events: the customer's, and each location's going with it.
    const types = (await call('GET', '/events?limit=100')).body.data.map((e: { type: string }) => e.type);
    expect(types.filter((t: string) => t.startsWith('customer.'))).toEqual([
      'customer.deleted',
      'customer.updated',
      'customer.updated',
      'customer.created',
      'customer.created',
    ]);
    expect(types.filter((t: string) => t === 'location.deleted')).toHaveLength(2);
    const [deleted] = (await call('GET', '/events?type=customer.deleted')).body.data;
    // The event's data is the customer itself.
    expect(deleted.data).toMatchObject({ id: c.body.id, object: 'customer', locations: [loc, home.body.id] });
  });

  it('under the published wire profile: 201 on create, 202 Accepted on delete, events by the published names', async () => {
    await call('PATCH', '/settings', { wire_profile: 'published' });
    const c = await call('POST', '/customers', { reference_id: 'CUS-P' });
    expect(c.status).toBe(201);
    const d = await call('POST', '/devices', { reference_id: 'DEV-P' });
    expect(d.status).toBe(201);
    expect(await call('DELETE', `/devices/${d.body.id}`)).toMatchObject({ status: 202, body: { message: 'Accepted' } });
    expect(await call('DELETE', `/customers/${c.body.id}`)).toMatchObject({
      status: 202,
      body: { message: 'Accepted' },
    });
    const types = (await call('GET', '/events?limit=10')).body.data.map((e: { type: string }) => e.type);
    expect(types.slice(0, 4)).toEqual(['customer.delete', 'device.delete', 'device.create', 'customer.create']);
    // Either profile's names filter.
    expect((await call('GET', '/events?type=device.created')).body.data).toHaveLength(1);
    expect((await call('GET', '/events?type=device.create')).body.data).toHaveLength(1);
  });

  it('a location may name only an existing customer of its own account and mode; nothing changes otherwise', async () => {
    const liveCustomer = (await call('POST', '/customers', {}, h.live)).body.id;
    const before = snapshot(h.svc);
    const address = { postal_address: { city: 'Berlin', post_code: '10115', country_code: 'DE' } };
    expect(await call('POST', '/locations', { ...address, customer_id: 'cus_nothere' })).toMatchObject({
      status: 404,
      body: { code: 'customer_not_found' },
    });
    expect(await call('POST', '/locations', { ...address, customer_id: liveCustomer })).toMatchObject({
      status: 404,
      body: { code: 'customer_not_found' },
    });
    expect(await call('PATCH', `/locations/${loc}`, { customer_id: liveCustomer })).toMatchObject({
      status: 404,
      body: { code: 'customer_not_found' },
    });
    expect(await call('POST', '/locations', { ...address, customer_id: 'loc_1' })).toMatchObject({
      status: 400,
      body: { code: 'customer_id_invalid' },
    });
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('customer and device events by hand', () => {
  it('a tester triggers each, about the newest customer and device, checked against its schema', async () => {
    const c = (await call('POST', '/customers', { reference_id: 'CUS-T' })).body;
    const d = (await call('POST', '/devices', { reference_id: 'DEV-T' })).body;
    for (const [type, subject] of [
      ['customer.updated', c],
      ['device.deleted', d],
    ] as const) {
      const r = await call('POST', '/events/trigger', { type });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ type, data: { id: subject.id, object: subject.object } });
    }
    // An override must still match the schema.
    const bad = await call('POST', '/events/trigger', { type: 'device.created', data: { last_seen: 'today' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'last_seen_invalid' } });
  });
});

describe('devices', () => {
  it('are created, listed, patched and deleted; last_seen follows the newest accepted record (service clock)', async () => {
    const d = await call('POST', '/devices', { reference_id: 'EV-1' });
    expect(d.body).toMatchObject({ object: 'device', reference_id: 'EV-1', last_seen: null });
    // No record names it yet: its report has no location to give a zone or currency.
    const empty = await call('POST', `/costs/interval/${d.body.id}?aggregation=MONTH`, {
      start_time: '2026-06-01T00:00:00Z',
      end_time: '2026-07-01T00:00:00Z',
    });
    expect(empty.body).toMatchObject({
      location_timezone: 'UTC',
      currency_code: null,
      data: [{ energy: { value: 0 }, cost: { value: 0, confidence: 1 } }],
      total: { energy: { value: 0 }, cost: { value: 0 } },
    });
    expect((await call('GET', '/devices?reference_id=EV-1')).body.data).toEqual([d.body]);
    expect((await call('PATCH', `/devices/${d.body.id}`, { reference_id: 'EV-1b' })).body.reference_id).toBe('EV-1b');

    // A refused record does not count as seen.
    const bad = await call('PUT', '/meters/interval', [
      { ...quarters('2026-06-01T10:00:00+02:00', 1, () => 1)[0], device_id: d.body.id, value: -1 },
    ]);
    expect(bad.body.records_accepted).toBe(0);
    expect((await call('GET', `/devices/${d.body.id}`)).body.last_seen).toBeNull();

    h.clock.set('2026-11-20T12:05:00Z');
    await call(
      'PUT',
      '/meters/interval',
      quarters('2026-06-01T10:00:00+02:00', 2, () => 1, { device_id: d.body.id }),
    );
    expect((await call('GET', `/devices/${d.body.id}`)).body.last_seen).toBe('2026-11-20T12:05:00Z');

    // Deleting the device deletes nothing else: its records stay in the location's report.
    const gone = await call('DELETE', `/devices/${d.body.id}`);
    expect(gone.body).toMatchObject({ id: d.body.id, reference_id: 'EV-1b' });
    expect((await call('GET', `/devices/${d.body.id}`)).status).toBe(404);
    expect((await call('GET', `/meter-records?location_id=${loc}`)).body.data).toHaveLength(2);
    const types = (await call('GET', '/events?limit=10')).body.data.map((e: { type: string }) => e.type);
    expect(types.slice(0, 3)).toEqual(['device.deleted', 'device.updated', 'device.created']);
  });
});

describe('meter records and what they cost', () => {
  it('a charging session sent twice: stored once, costed by the tariff rates, split pro rata at 22:00', async () => {
    const d = (await call('POST', '/devices', { reference_id: 'EV-2' })).body.id;
    // 20:00 to 23:30 in quarter hours at 7.4 kW, the last one half power; one record of 45 minutes
    // across 22:00 (21:45–22:30) shows the pro rata split.
    const t0 = ms('2026-06-03T20:00:00+02:00');
    const records = [
      ...Array.from({ length: 7 }, (_, i) => ({ from: t0 + i * 900_000, to: t0 + (i + 1) * 900_000, kw: 7.4 })),
      { from: t0 + 7 * 900_000, to: t0 + 10 * 900_000, kw: 7.4 },
      { from: t0 + 10 * 900_000, to: t0 + 14 * 900_000, kw: 3.7 },
    ].map((r, i) => ({
      location_id: loc,
      device_id: d,
      session_reference_id: 'SESSION-1',
      record_reference_id: `MET-${i + 1}`,
      energy_flow_direction: 'INBOUND',
      tariff_direction: 'IMPORT',
      units: 'KW',
      value: r.kw,
      start_time: iso(r.from),
      end_time: iso(r.to),
      kwh: (r.kw * (r.to - r.from)) / 3_600_000,
    }));
    const body = records.map(({ kwh: _k, ...r }) => r);
    const first = await call('PUT', '/meters/interval', body);
    expect(first.body).toMatchObject({
      object: 'meter_batch',
      records_submitted: 9,
      records_accepted: 9,
      records_processed: 9,
      failed_records: [],
    });
    expect(first.body.id).toMatch(/^bat_/);
    // Sent again it changes no record: only its own batch is kept, to be read back by its id.
    const stored = snapshot(h.svc, BATCHES);
    const again = await call('PUT', '/meters/interval', body);
    expect(again.body).toMatchObject({ records_submitted: 9, records_accepted: 9, records_processed: 0 });
    expect(snapshot(h.svc, BATCHES)).toBe(stored);
    expect((await call('GET', `/meters/batch?batch_id=${again.body.id}`)).body).toEqual(again.body);

    const r = await call('POST', '/costs/session/SESSION-1');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'energy_cost',
      object_id: d,
      tariff_direction: 'IMPORT',
      location_timezone: ZONE,
      currency_code: 'EUR',
      energy_units: 'WH',
      aggregation: null,
      unpriced_kwh: 0,
    });
    expect(r.body.id).toMatch(/^ecs_/);
    const expected = records.map((x) => costOf(ms(x.start_time), ms(x.end_time), x.kwh));
    expect(r.body.data.map((e: { cost: { value: number } }) => e.cost.value)).toEqual(expected);
    expect(r.body.data[7]).toEqual({
      start_time: new Date(t0 + 7 * 900_000).toISOString().replace('.000', ''),
      end_time: new Date(t0 + 10 * 900_000).toISOString().replace('.000', ''),
      session_reference_id: 'SESSION-1',
      record_reference_id: 'MET-8',
      energy: { value: 5550 },
      // 15 minutes before 22:00 at the day rate, 30 after at the night rate.
      cost: { value: micro(5.55 * ((1 / 3) * (DAY + FEE) + (2 / 3) * (NIGHT + FEE))), confidence: 1 },
      tariff: { value: micro(5.55 * ((1 / 3) * (DAY + FEE) + (2 / 3) * (NIGHT + FEE))), confidence: 1 },
      unpriced_kwh: 0,
    });
    const total = expected.reduce((t, x) => t + Math.round(x * 1e6), 0) / 1e6;
    expect(r.body.total).toEqual({
      energy: { value: records.reduce((t, x) => t + x.kwh * 1000, 0) },
      cost: { value: total, confidence: 1 },
      tariff: { value: total, confidence: 1 },
    });
    // Nothing of the session in another direction; an unknown session is named.
    expect((await call('POST', '/costs/session/SESSION-1?tariff_direction=EXPORT')).body.data).toEqual([]);
    expect(await call('POST', '/costs/session/NOPE')).toMatchObject({
      status: 404,
      body: { code: 'session_not_found' },
    });
  });

  it('a changed record replaces the one with its reference, or with its interval; reports follow', async () => {
    const [a, b] = quarters('2026-06-04T12:00:00+02:00', 2, () => 1);
    await call('PUT', '/meters/interval', [
      { ...a, record_reference_id: 'R-A' },
      { ...b, session_reference_id: 'S-2' },
    ]);
    const ids = (await call('GET', `/meter-records?location_id=${loc}`)).body.data.map((x: { id: string }) => x.id);
    // R-A now 2 kWh; b's interval now 3 kWh (no reference: replaced by its interval).
    const changed = await call('PUT', '/meters/interval', [
      { ...a, record_reference_id: 'R-A', value: 2 },
      { ...b, session_reference_id: 'S-2', value: 3 },
    ]);
    expect(changed.body).toMatchObject({ records_accepted: 2, records_processed: 2 });
    const after = (await call('GET', `/meter-records?location_id=${loc}`)).body.data;
    expect(after.map((x: { id: string }) => x.id)).toEqual(ids);
    expect(after.map((x: { kwh: number }) => x.kwh)).toEqual([2, 3]);
    const report = await call('POST', '/costs/session/S-2');
    expect(report.body.data[0].cost.value).toBe(micro(3 * (DAY + FEE)));
  });

  it('the interval report by local day over the spring change, and by device', async () => {
    const d = (await call('POST', '/devices', {})).body.id;
    // The location's own meter: hourly 1 kWh over 28–30 March (the 29th has 23 hours).
    const t0 = ms('2026-03-28T00:00:00+01:00');
    const t1 = ms('2026-03-31T00:00:00+02:00');
    const hourly = Array.from({ length: (t1 - t0) / 3_600_000 }, (_, i) => ({
      location_id: loc,
      units: 'WH',
      value: 1000,
      start_time: new Date(t0 + i * 3_600_000).toISOString(),
      end_time: new Date(t0 + (i + 1) * 3_600_000).toISOString(),
    }));
    // The device: 2 kWh from 21:00 to 23:00 local each day.
    const ev = ['2026-03-28T21:00:00+01:00', '2026-03-29T21:00:00+02:00', '2026-03-30T21:00:00+02:00'].map((s) => ({
      location_id: loc,
      device_id: d,
      units: 'KWH',
      value: 2,
      start_time: s,
      end_time: iso(ms(s) + 2 * 3_600_000),
    }));
    expect((await call('PUT', '/meters/interval', [...hourly, ...ev])).body.failed_records).toEqual([]);
    const window = { start_time: '2026-03-28T00:00:00+01:00', end_time: '2026-03-31T00:00:00+02:00' };
    const byDay = await call('POST', `/costs/interval/${loc}?aggregation=DAY`, window);
    expect(byDay.status).toBe(200);
    expect(byDay.body).toMatchObject({ object_id: loc, aggregation: 'DAY', start_time: '2026-03-28T01:00:00+02:00' });
    const days = ['2026-03-28', '2026-03-29', '2026-03-30'].map((day) => {
      const a = DateTime.fromISO(day, { zone: ZONE }).toMillis();
      const b = DateTime.fromISO(day, { zone: ZONE }).plus({ days: 1 }).toMillis();
      const hours = (b - a) / 3_600_000;
      const evStart = DateTime.fromISO(`${day}T21:00`, { zone: ZONE }).toMillis();
      const cost = costOf(a, b, hours) + costOf(evStart, evStart + 7_200_000, 2);
      return { hours, kwh: hours + 2, cost: micro(cost) };
    });
    expect(days.map((x) => x.hours)).toEqual([24, 23, 24]);
    expect(byDay.body.data.map((e: { energy: { value: number } }) => e.energy.value)).toEqual(
      days.map((x) => x.kwh * 1000),
    );
    expect(byDay.body.data.map((e: { cost: { value: number } }) => e.cost.value)).toEqual(days.map((x) => x.cost));
    // Each day starts at local midnight, written in the form of the window's end.
    expect(byDay.body.data.map((e: { start_time: string }) => e.start_time)).toEqual([
      '2026-03-28T01:00:00+02:00',
      '2026-03-29T01:00:00+02:00',
      '2026-03-30T00:00:00+02:00',
    ]);

    const byDevice = await call('POST', `/costs/interval/${d}?aggregation=DAY`, window);
    expect(byDevice.body).toMatchObject({ object_id: d, location_timezone: ZONE, currency_code: 'EUR' });
    expect(byDevice.body.data.map((e: { cost: { value: number } }) => e.cost.value)).toEqual(
      Array(3).fill(micro(2 * (1 / 2) * (DAY + FEE) + 2 * (1 / 2) * (NIGHT + FEE))),
    );
    // By record: each of the device's records starting in the window, whole.
    const records = await call('POST', `/costs/interval/${d}`, window);
    expect(records.body.data).toHaveLength(3);
    expect(records.body.total.energy.value).toBe(6000);

    // By month: one entry, the window's part of March; empty days of a longer window are zero.
    const month = await call('POST', `/costs/interval/${loc}?aggregation=MONTH`, {
      start_time: '2026-03-01T00:00:00+01:00',
      end_time: '2026-05-01T00:00:00+02:00',
    });
    expect(month.body.data).toHaveLength(2);
    expect(month.body.data[0].cost.value).toBe(micro(days.reduce((t, x) => t + x.cost, 0)));
    expect(month.body.data[1]).toMatchObject({ energy: { value: 0 }, cost: { value: 0, confidence: 1 } });
  });

  it('instant costs, stored and not, in KWH and in KW; energy no contract covers is unpriced', async () => {
    const before = snapshot(h.svc);
    const record = {
      location_id: loc,
      record_reference_id: 'I-1',
      units: 'KWH',
      value: 1.5,
      start_time: '2026-06-05T08:00:00Z',
      end_time: '2026-06-05T08:30:00Z',
    };
    const dry = await call('POST', '/costs/instant?non_persistent=true', record);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      object: 'meter_record',
      stored: false,
      energy_units: 'WH',
      energy_flow_direction: 'INBOUND',
      tariff_direction: 'IMPORT',
      currency_code: 'EUR',
      request: { ...record, non_persistent: true },
      data: {
        start_time: '2026-06-05T08:00:00Z',
        end_time: '2026-06-05T08:30:00Z',
        record_reference_id: 'I-1',
        session_reference_id: null,
        energy: { value: 1500 },
        cost: { value: micro(1.5 * (DAY + FEE)), confidence: 1 },
      },
    });
    expect(snapshot(h.svc)).toBe(before);

    const kept = await call('POST', '/costs/instant', record);
    expect(kept.body.stored).toBe(true);
    const [stored] = (await call('GET', '/meter-records')).body.data;
    expect(stored).toMatchObject({ id: kept.body.id, record_reference_id: 'I-1', kwh: 1.5, units: 'KWH' });

    // 20,567 W held for half an hour, 21:30–22:00 UTC: 23:30 in Berlin, the night rate.
    const power = await call('POST', '/costs/instant', {
      location_id: loc,
      units: 'W',
      value: 20567,
      start_time: '2026-06-05T21:30:00Z',
      end_time: '2026-06-05T22:00:00Z',
    });
    // 10,283.5 Wh shown whole, half away from zero; the cost is of the exact energy.
    expect(power.body.data.energy.value).toBe(10284);
    expect(power.body.data.cost.value).toBe(micro(10.2835 * (NIGHT + FEE)));
    const kw = await call('POST', '/costs/instant?non_persistent=true', {
      location_id: loc,
      units: 'KW',
      value: 2,
      start_time: '2026-06-05T10:00:00Z',
      end_time: '2026-06-05T10:45:00Z',
    });
    expect(kw.body.data).toMatchObject({ energy: { value: 1500 }, cost: { value: micro(1.5 * (DAY + FEE)) } });

    // Before the contracts start (2026 only): costed 0, counted unpriced, confidence 0.
    const early = await call('POST', '/costs/instant?non_persistent=true', {
      ...record,
      start_time: '2025-12-31T22:00:00Z',
      end_time: '2025-12-31T23:30:00Z',
    });
    // 22:00–23:00 UTC is 23:00–00:00 in Berlin, 2025: unpriced; the last half hour is 2026, at night.
    expect(early.body.data).toMatchObject({
      unpriced_kwh: 1,
      cost: { value: micro(0.5 * (NIGHT + FEE)), confidence: 0 },
    });
  });

  it('cumulative readings: differences spread over their spans, continued across submissions, idempotent', async () => {
    const d = (await call('POST', '/devices', {})).body.id;
    const base = { location_id: loc, device_id: d, units: 'WH', session_reference_id: 'CUM-1' };
    const first = await call('PUT', '/meters/cumulative', {
      ...base,
      data: [
        { time: '2026-06-06T10:00:00+02:00', value: 100_000 },
        { time: '2026-06-06T11:00:00+02:00', value: 102_000, record_reference_id: 'C-1' },
        { time: '2026-06-06T12:00:00+02:00', value: 101_000 },
        { time: '2026-06-06T13:00:00+02:00', value: 105_000, record_reference_id: 'C-2' },
      ],
    });
    expect(first.body).toMatchObject({ records_submitted: 4, records_accepted: 3, records_processed: 2 });
    expect(first.body.failed_records).toEqual([
      { record_num: 3, record_reference_id: null, error: { code: 'reading_decreased', message: expect.any(String) } },
    ]);
    // The earlier generation's path and its epoch seconds continue the register.
    const later = { ...base, data: [{ time: ms('2026-06-06T14:00:00+02:00') / 1000, value: 106_000 }] };
    const next = await call('PUT', '/meters/cumulative/epoch', later);
    expect(next.body).toMatchObject({ records_accepted: 1, records_processed: 1 });
    const stored = snapshot(h.svc, BATCHES);
    expect((await call('PUT', '/meters/cumulative/epoch', later)).body.records_processed).toBe(0);
    expect(snapshot(h.svc, BATCHES)).toBe(stored);

    const r = await call('POST', '/costs/session/CUM-1');
    expect(
      r.body.data.map((e: { energy: { value: number }; record_reference_id: string | null }) => [
        e.energy.value,
        e.record_reference_id,
      ]),
    ).toEqual([
      [2000, 'C-1'],
      // The 12:00 reading was refused: the span runs from 11:00.
      [3000, 'C-2'],
      [1000, null],
    ]);
    expect(r.body.data.map((e: { cost: { value: number } }) => e.cost.value)).toEqual([
      micro(2 * (DAY + FEE)),
      micro(3 * (DAY + FEE)),
      micro(1 * (DAY + FEE)),
    ]);
    // A reading below a stored one before it is refused by name.
    const lower = await call('PUT', '/meters/cumulative', {
      ...base,
      data: [{ time: '2026-06-06T15:00:00+02:00', value: 100 }],
    });
    expect(lower.body.failed_records[0].error.code).toBe('reading_decreased');
  });

  it('a partly bad batch stores the good records; one of 10,001 records is refused whole', async () => {
    const d = (await call('POST', '/devices', {})).body.id;
    const [good, also] = quarters('2026-06-07T10:00:00+02:00', 2, () => 1);
    const before = (await call('GET', '/meter-records')).body.data.length;
    const r = await call('PUT', '/meters/interval', [
      good,
      { ...also, units: 'MWH' },
      { ...also, end_time: also!.start_time, record_reference_id: 'BAD-END' },
      { ...also, value: -1 },
      { ...also, device_id: 'dev_nothere' },
      { ...also, location_id: 'loc_nothere' },
      { ...also, tariff_direction: 'IMPORT', tariff_rate: 'EXPORT' },
      { ...also, device_id: d },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ records_submitted: 8, records_accepted: 2, records_processed: 2 });
    expect(
      r.body.failed_records.map(
        (f: { record_num: number; record_reference_id: string | null; error: { code: string } }) => [
          f.record_num,
          f.record_reference_id,
          f.error.code,
        ],
      ),
    ).toEqual([
      [2, null, 'units_invalid'],
      [3, 'BAD-END', 'end_time_before_start_time'],
      [4, null, 'value_invalid'],
      [5, null, 'device_not_found'],
      [6, null, 'location_not_found'],
      [7, null, 'tariff_direction_conflict'],
    ]);
    expect((await call('GET', '/meter-records')).body.data).toHaveLength(before + 2);

    const stored = snapshot(h.svc);
    const big = quarters('2026-01-01T00:00:00+01:00', 10_001, () => 0.25);
    const refused = await call('PUT', '/meters/interval', big);
    expect(refused).toMatchObject({ status: 413, body: { code: 'batch_too_large' } });
    expect(snapshot(h.svc)).toBe(stored);
    // 10,000 is taken.
    const most = await call('PUT', '/meters/interval', big.slice(0, 10_000));
    expect(most.body).toMatchObject({ records_accepted: 10_000, records_processed: 10_000 });
  });

  it('the version header: each version echoed, the earlier one served, others invalid', async () => {
    const ok = await call('GET', '/customers', undefined, { ...h.test, 'flatpeak-version': API_VERSION });
    expect(ok.status).toBe(200);
    expect(ok.headers['flatpeak-version']).toBe(API_VERSION);
    const old = await call('GET', '/customers', undefined, { ...h.test, 'flatpeak-version': '2024-08-24.zero' });
    expect(old.status).toBe(200);
    expect(old.headers['flatpeak-version']).toBe('2024-08-24');
    const bad = await call('GET', '/customers', undefined, { ...h.test, 'flatpeak-version': '2025-01-01.nope' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'api_version_invalid' } });
  });
});
