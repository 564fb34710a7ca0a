import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { berlinAddress, harness, snapshot, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

const zLocation = async (payload: Record<string, unknown> = { postal_address: berlinAddress }) => {
  const r = await h.call({ method: 'POST', url: '/locations', headers: h.zero, payload });
  expect(r.status).toBe(201);
  return r.body;
};
const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((o) => o.id);

describe('Zero locations: one world, LocationNew shape', () => {
  it("creates (201), reads, updates (200) and deletes (202) in Zero's shape; Anode reads the same location", async () => {
    const made = await zLocation({ postal_address: berlinAddress, reference_id: 'LOC1', timezone: 'Asia/Tokyo' });
    expect(made).toMatchObject({
      object: 'location',
      reference_id: 'LOC1',
      live_mode: false,
      timezone: 'Europe/Berlin', // `timezone` is not Zero's to write: ignored
      currency_code: 'EUR',
      postal_address: berlinAddress,
      tariff_status: {
        commodity_import: 'NOT_CONNECTED',
        commodity_export: 'NOT_CONNECTED',
        non_commodity_import: 'NOT_CONNECTED',
        non_commodity_export: 'NOT_SUPPORTED',
        local: 'NOT_SUPPORTED',
      },
      tariff_elements: [],
    });
    expect(made.geo_location).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    for (const anodeOnly of ['market_region', 'market_sources', 'flex_allowed', 'customer_id'])
      expect(made, anodeOnly).not.toHaveProperty(anodeOnly);
    const anode = await h.call({ method: 'GET', url: `/locations/${made.id}`, headers: h.test });
    expect(anode.body).toMatchObject({ id: made.id, reference_id: 'LOC1', market_region: 'DE-LU' });
    const customer = await h.call({ method: 'POST', url: '/customers', headers: h.zero, payload: {} });
    const patched = await h.call({
      method: 'PATCH',
      url: `/locations/${made.id}`,
      headers: h.zero,
      payload: { reference_id: 'LOC2', customer_id: customer.body.id, flex_allowed: 'ignored' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ reference_id: 'LOC2', customer_id: customer.body.id });
    const moved = await h.call({
      method: 'PATCH',
      url: `/locations/${made.id}`,
      headers: h.zero,
      payload: { postal_address: { country_code: 'GB', city: 'London' } },
    });
    expect(moved.body).toMatchObject({ timezone: 'Europe/London', currency_code: 'GBP', reference_id: 'LOC2' });
    const gone = await h.call({ method: 'DELETE', url: `/locations/${made.id}`, headers: h.zero });
    expect(gone).toMatchObject({ status: 202, body: { message: 'Accepted' } });
    expect((await h.call({ method: 'GET', url: `/locations/${made.id}`, headers: h.test })).status).toBe(404);
  });

  it('deletes in Zero a location Anode made, with its tariffs; Anode deletes one Zero made', async () => {
    const anodeLoc = await h.location();
    const t = await h.tariff(anodeLoc.id);
    const z = await h.call({ method: 'GET', url: `/locations/${anodeLoc.id}`, headers: h.zero });
    expect(z.body).toMatchObject({
      id: anodeLoc.id,
      tariff_elements: [t.id],
      tariff_status: { commodity_import: 'CONNECTED' },
    });
    expect((await h.call({ method: 'DELETE', url: `/locations/${anodeLoc.id}`, headers: h.zero })).status).toBe(202);
    expect((await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test })).status).toBe(404);
    const zeroLoc = await zLocation();
    const gone = await h.call({ method: 'DELETE', url: `/locations/${zeroLoc.id}`, headers: h.test });
    expect(gone).toMatchObject({ status: 200, body: { id: zeroLoc.id, object: 'location' } });
    expect((await h.call({ method: 'GET', url: `/locations/${zeroLoc.id}`, headers: h.zero })).status).toBe(404);
  });

  it('lists newest first with the reference_id and customer_id filters and paging', async () => {
    const customer = (await h.call({ method: 'POST', url: '/customers', headers: h.zero, payload: {} })).body;
    const a = await zLocation({ postal_address: berlinAddress, reference_id: 'A' });
    const b = await zLocation({ postal_address: berlinAddress, customer_id: customer.id });
    const c = await h.location(); // made in Anode
    const list = (q = '') => h.call({ method: 'GET', url: `/locations${q}`, headers: h.zero });
    const all = await list();
    expect(all.body).toMatchObject({ object: 'list', url: '/locations', has_more: false });
    expect(ids(all)).toEqual([c.id, b.id, a.id]);
    expect(all.body.data[0]).not.toHaveProperty('market_sources');
    expect(ids(await list('?reference_id=A'))).toEqual([a.id]);
    expect(ids(await list(`?customer_id=${customer.id}`))).toEqual([b.id]);
    const page = await list('?limit=2');
    expect(page.body.has_more).toBe(true);
    expect(ids(await list(`?limit=2&starting_after=${page.body.data[1].id}`))).toEqual([a.id]);
    expect(ids(await list(`?ending_before=${a.id}`))).toEqual([c.id, b.id]);
    expect((await list('?limit=0')).status).toBe(409);
  });

  it('refuses bad input with 409 and a message, storing nothing; unknown ids are 404 with a message', async () => {
    const loc = await zLocation();
    const before = snapshot(h.svc, ['journal']);
    for (const [payload, field] of [
      [{}, 'postal_address'],
      [{ postal_address: { city: 'Berlin' } }, 'country_code'],
      [{ postal_address: { country_code: 'XX' } }, 'country_code'],
      [{ postal_address: berlinAddress, customer_id: 'loc_1' }, 'customer_id'],
      [{ postal_address: berlinAddress, reference_id: 7 }, 'reference_id'],
    ] as const) {
      const r = await h.call({ method: 'POST', url: '/locations', headers: h.zero, payload });
      expect(r.status, JSON.stringify(payload)).toBe(409);
      expect(r.body.message).toContain(field);
    }
    const badPatch = await h.call({
      method: 'PATCH',
      url: `/locations/${loc.id}`,
      headers: h.zero,
      payload: { postal_address: { country_code: 12 } },
    });
    expect(badPatch.status).toBe(409);
    const noCustomer = await h.call({
      method: 'POST',
      url: '/locations',
      headers: h.zero,
      payload: { postal_address: berlinAddress, customer_id: 'cus_nope' },
    });
    expect(noCustomer.status).toBe(404);
    expect(snapshot(h.svc, ['journal'])).toBe(before);
    for (const [method, url] of [
      ['GET', '/locations/loc_nope'],
      ['PATCH', '/locations/loc_nope'],
      ['DELETE', '/locations/loc_nope'],
      ['GET', '/locations/loc_nope/status'],
    ] as const) {
      const r = await h.call({ method, url, headers: h.zero, ...(method === 'PATCH' ? { payload: {} } : {}) });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(typeof r.body.message).toBe('string');
    }
  });
});

describe('Zero location status', () => {
  it('shows each slot and the import rates of yesterday, today and tomorrow from the price engine', async () => {
    const loc = await zLocation({ postal_address: berlinAddress, reference_id: 'S1' });
    const t = await h.tariff(loc.id);
    const r = await h.call({ method: 'GET', url: `/locations/${loc.id}/status`, headers: h.zero });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: loc.id,
      object: 'location_status',
      reference_id: 'S1',
      live_mode: false,
      timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      postal_address: berlinAddress,
      time_created: loc.time_created,
      tariff_status: {
        commodity_import: {
          status: 'CONNECTED',
          connection_type: 'MANUAL',
          provider: { id: '', display_name: '', logo_url: '' },
          tariff: { id: t.id, display_name: 'Day and night', structure_type: 'TIME_OF_DAY' },
        },
        commodity_export: { status: 'NOT_CONNECTED', connection_type: '' },
        non_commodity_import: { status: 'NOT_CONNECTED' },
        non_commodity_export: { status: 'NOT_SUPPORTED' },
        local: { status: 'NOT_SUPPORTED' },
      },
      rates: { export: null },
    });
    // A slot without a tariff names none (an empty date would be no date).
    expect(r.body.tariff_status.commodity_export).not.toHaveProperty('tariff');
    // Today in Berlin (CET): 00:00–07:00 at 0.21, 07:00–22:00 at 0.32, 22:00–24:00 at 0.21, in UTC.
    expect(r.body.rates.import.today).toEqual([
      { valid_from: '2026-02-28T23:00:00Z', valid_to: '2026-03-01T06:00:00Z', tariff: { rate: 0.21, confidence: 1 } },
      { valid_from: '2026-03-01T06:00:00Z', valid_to: '2026-03-01T21:00:00Z', tariff: { rate: 0.32, confidence: 1 } },
      { valid_from: '2026-03-01T21:00:00Z', valid_to: '2026-03-01T23:00:00Z', tariff: { rate: 0.21, confidence: 1 } },
    ]);
    expect(r.body.rates.import.yesterday[0].valid_from).toBe('2026-02-27T23:00:00Z');
    expect(r.body.rates.import.tomorrow.at(-1).valid_to).toBe('2026-03-02T23:00:00Z');
    // The same engine: Anode's prices for the same hour agree.
    const p = await h.call({
      method: 'POST',
      url: `/prices/${loc.id}`,
      headers: h.test,
      payload: { start_time: '2026-03-01T06:00:00Z', end_time: '2026-03-01T07:00:00Z' },
    });
    expect(p.body.data[0].price.value).toBe(0.32);
  });

  it('answers 422 with a message for more than one tariff of a slot in force', async () => {
    const loc = await zLocation();
    await h.tariff(loc.id, { type: 'NON_COMMODITY', display_name: 'Grid A' });
    await h.tariff(loc.id, { type: 'NON_COMMODITY', display_name: 'Grid B' });
    const r = await h.call({ method: 'GET', url: `/locations/${loc.id}/status`, headers: h.zero });
    expect(r.status).toBe(422);
    expect(r.body.message).toContain('Unsupported combination of tariff elements');
    // Anode's status still serves it.
    expect((await h.call({ method: 'GET', url: `/locations/${loc.id}/status`, headers: h.test })).status).toBe(200);
  });
});

describe('Zero customers, devices and events', () => {
  it('customers: create 201, update 202 with the customer, delete 202; unknown fields ignored', async () => {
    const c = await h.call({
      method: 'POST',
      url: '/customers',
      headers: h.zero,
      payload: { reference_id: 'C1', x: 1 },
    });
    expect(c).toMatchObject({ status: 201, body: { object: 'customer', reference_id: 'C1', locations: [] } });
    const u = await h.call({
      method: 'PATCH',
      url: `/customers/${c.body.id}`,
      headers: h.zero,
      payload: { reference_id: 'C2' },
    });
    expect(u).toMatchObject({ status: 202, body: { id: c.body.id, reference_id: 'C2' } });
    const list = await h.call({ method: 'GET', url: '/customers?reference_id=C2', headers: h.zero });
    expect(ids(list)).toEqual([c.body.id]);
    const bad = await h.call({
      method: 'PATCH',
      url: `/customers/${c.body.id}`,
      headers: h.zero,
      payload: { reference_id: '' },
    });
    expect(bad.status).toBe(409);
    const d = await h.call({ method: 'DELETE', url: `/customers/${c.body.id}`, headers: h.zero });
    expect(d).toMatchObject({ status: 202, body: { message: 'Accepted' } });
    // Anode's answers are unchanged.
    const a = await h.call({ method: 'POST', url: '/customers', headers: h.test, payload: {} });
    expect(a.status).toBe(200);
    expect(
      (await h.call({ method: 'PATCH', url: `/customers/${a.body.id}`, headers: h.test, payload: {} })).status,
    ).toBe(200);
  });

  it('devices: create 201, update 200, delete 202', async () => {
    const c = await h.call({ method: 'POST', url: '/devices', headers: h.zero, payload: { reference_id: 'D1' } });
    expect(c).toMatchObject({ status: 201, body: { object: 'device', reference_id: 'D1' } });
    const u = await h.call({
      method: 'PATCH',
      url: `/devices/${c.body.id}`,
      headers: h.zero,
      payload: { reference_id: 'D2', y: 2 },
    });
    expect(u).toMatchObject({ status: 200, body: { reference_id: 'D2' } });
    expect(ids(await h.call({ method: 'GET', url: '/devices?reference_id=D2', headers: h.zero }))).toEqual([c.body.id]);
    const d = await h.call({ method: 'DELETE', url: `/devices/${c.body.id}`, headers: h.zero });
    expect(d).toMatchObject({ status: 202, body: { message: 'Accepted' } });
    const missing = await h.call({ method: 'PATCH', url: `/devices/${c.body.id}`, headers: h.zero, payload: {} });
    expect(missing.status).toBe(404);
    expect(typeof missing.body.message).toBe('string');
  });

  it("events: Zero-era names and Zero's shapes of the same events; either name filters", async () => {
    const loc = await zLocation();
    const t = await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(loc.id) });
    const z = await h.call({ method: 'GET', url: `/events?object_id=${loc.id}`, headers: h.zero });
    expect(z.body.data.map((e: { type: string }) => e.type)).toEqual(['location.create']);
    expect(z.body.data[0].data).toMatchObject({ id: loc.id, object: 'location' });
    expect(z.body.data[0].data).not.toHaveProperty('market_sources');
    const a = await h.call({ method: 'GET', url: `/events?object_id=${loc.id}`, headers: h.test });
    expect(a.body.data[0].type).toBe('location.created');
    for (const name of ['location.create', 'location.created']) {
      const f = await h.call({ method: 'GET', url: `/events?event_type=${name}`, headers: h.zero });
      expect(ids(f)).toEqual([z.body.data[0].id]);
    }
    const te = await h.call({ method: 'GET', url: `/events?object_id=${t.body.id}`, headers: h.zero });
    const one = await h.call({ method: 'GET', url: `/events/${te.body.data[0].id}`, headers: h.zero });
    expect(one.body.data).toMatchObject({ id: t.body.id, object: 'tariff', direction: 'IMPORT' });
    expect((await h.call({ method: 'GET', url: '/events/evt_nope', headers: h.zero })).status).toBe(404);
  });

  it('login answers the same in Zero; bad credentials are 403 with a message', async () => {
    const ok = await h.call({
      method: 'GET',
      url: '/login',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${h.cred.account_id}:${h.cred.test_key}`).toString('base64'),
        'flatpeak-version': '2024-08-24',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ bearer_token: expect.any(String), expires_in: 3600, live_mode: false });
    const bad = await h.call({
      method: 'GET',
      url: '/login',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${h.cred.account_id}:sk_test_nope`).toString('base64'),
        'flatpeak-version': '2024-08-24',
      },
    });
    expect(bad.status).toBe(403);
    expect(typeof bad.body.message).toBe('string');
  });
});

describe("Zero's OpenAPI document", () => {
  it("is valid and documents Zero's location shapes and statuses", async () => {
    const doc = (await h.call({ method: 'GET', url: '/openapi.json?version=2024-08-24', headers: h.test })).body;
    const res = await new Validator().validate(doc);
    expect(res.errors ?? []).toEqual([]);
    expect(doc.paths['/locations'].post.responses['201']).toBeDefined();
    expect(doc.paths['/locations/{id}'].delete.responses['202']).toBeDefined();
    expect(doc.paths['/customers/{id}'].patch.responses['202']).toBeDefined();
    expect(doc.paths['/devices'].post.responses['201']).toBeDefined();
    expect(doc.components.schemas).toHaveProperty('LocationNew');
    expect(doc.components.schemas).toHaveProperty('ZeroLocationStatus');
    expect(doc.components.schemas.LocationNew.properties).not.toHaveProperty('market_sources');
  });
});
