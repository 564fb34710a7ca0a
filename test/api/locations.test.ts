import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { berlinAddress, harness, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

const MRS = /^mrs_[0-9a-f]{24}$/;

const create = (body: unknown, headers = h.test) =>
  h.call({ method: 'POST', url: '/locations', headers, payload: body as object });

describe('locations', () => {
  it('creates with zone and currency derived from the address, and round-trips', async () => {
    const r = await create({ postal_address: berlinAddress, reference_id: 'house-1' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^loc_/),
      object: 'location',
      live_mode: false,
      reference_id: 'house-1',
      postal_address: berlinAddress,
      timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      market_region: 'DE-LU',
      customer_id: null,
      geo_location: { lat: 52.52437, lng: 13.41053 },
      flex_allowed: true,
      tariff_status: {
        commodity_import: 'NOT_CONNECTED',
        commodity_export: 'NOT_CONNECTED',
        non_commodity_import: 'NOT_CONNECTED',
        non_commodity_export: 'NOT_SUPPORTED',
        local: 'NOT_SUPPORTED',
      },
      tariff_elements: [],
      market_sources: { import: expect.stringMatching(MRS), export: expect.stringMatching(MRS) },
      time_created: '2026-03-01T12:00:00Z',
      account_id: h.cred.account_id,
    });
    const g = await h.call({ method: 'GET', url: `/locations/${r.body.id}`, headers: h.test });
    expect(g.body).toEqual(r.body);
    const l = await h.call({ method: 'GET', url: '/locations', headers: h.test });
    expect(l.body).toEqual({ object: 'list', url: '/locations', has_more: false, data: [r.body] });
  });

  it.each([
    [{ country_code: 'US', state: 'CA', city: 'San Jose' }, 'America/Los_Angeles', 'USD'],
    [{ country_code: 'US', state: 'New York' }, 'America/New_York', 'USD'],
    [{ country_code: 'AU', state: 'NSW' }, 'Australia/Sydney', 'AUD'],
    [{ country_code: 'AU', state: 'WA' }, 'Australia/Perth', 'AUD'],
    [{ country_code: 'gb', city: 'Leeds' }, 'Europe/London', 'GBP'],
    [{ country_code: 'IN' }, 'Asia/Kolkata', 'INR'],
    [{ country_code: 'CL', state: 'RM' }, 'America/Santiago', 'CLP'],
  ])('derives the zone of %o offline', async (postal_address, tz, cur) => {
    const r = await create({ postal_address });
    expect(r.status).toBe(200);
    expect(r.body.timezone).toBe(tz);
    expect(r.body.currency_code).toBe(cur);
    expect(r.body.postal_address.country_code).toBe(postal_address.country_code.toUpperCase());
  });

  it('takes an explicit zone and currency', async () => {
    const r = await create({
      postal_address: { country_code: 'AU' },
      timezone: 'Australia/Lord_Howe',
      currency_code: 'AUD',
    });
    expect(r.body.timezone).toBe('Australia/Lord_Howe');
  });

  it.each([
    [{ postal_address: { country_code: 'XX' } }, 'country_code_invalid'],
    [{ postal_address: {} }, 'country_code_missing'],
    [{}, 'postal_address_missing'],
    [{ postal_address: berlinAddress, timezone: 'Mars/Olympus' }, 'timezone_invalid'],
    [{ postal_address: berlinAddress, currency_code: 'EURO' }, 'currency_code_invalid'],
    [{ postal_address: { ...berlinAddress, planet: 'earth' } }, 'parameter_unknown'],
    [{ postal_address: { ...berlinAddress, city: 42 } }, 'city_invalid'],
  ])('rejects %o with %s', async (body, code) => {
    const r = await create(body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    expect((await h.call({ method: 'GET', url: '/locations', headers: h.test })).body.data).toEqual([]);
  });

  it('patches, re-deriving the zone when the address changes', async () => {
    const { body: loc } = await create({ postal_address: berlinAddress });
    const p1 = await h.call({
      method: 'PATCH',
      url: `/locations/${loc.id}`,
      headers: h.test,
      payload: { reference_id: 'r2' },
    });
    expect(p1.body).toMatchObject({ reference_id: 'r2', timezone: 'Europe/Berlin' });
    const p2 = await h.call({
      method: 'PATCH',
      url: `/locations/${loc.id}`,
      headers: h.test,
      payload: { postal_address: { country_code: 'US', state: 'TX' } },
    });
    expect(p2.body).toMatchObject({ timezone: 'America/Chicago', currency_code: 'USD', reference_id: 'r2' });
    expect((await h.call({ method: 'GET', url: `/locations/${loc.id}`, headers: h.test })).body).toEqual(p2.body);
  });

  it('deletes a location with its tariffs', async () => {
    const { body: loc } = await create({ postal_address: berlinAddress });
    const t = await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(loc.id) });
    const withTariff = (await h.call({ method: 'GET', url: `/locations/${loc.id}`, headers: h.test })).body;
    expect(withTariff.tariff_status.commodity_import).toBe('CONNECTED');
    expect(withTariff.tariff_elements).toEqual([t.body.id]);
    const d = await h.call({ method: 'DELETE', url: `/locations/${loc.id}`, headers: h.test });
    expect(d.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/locations/${loc.id}`, headers: h.test })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: `/tariffs/${t.body.id}`, headers: h.test })).status).toBe(404);
    expect((await h.call({ method: 'DELETE', url: `/locations/${loc.id}`, headers: h.test })).body.code).toBe(
      'location_not_found',
    );
  });

  it('isolates accounts and modes: the other world gets 404 and an empty list', async () => {
    const { body: loc } = await create({ postal_address: berlinAddress });
    const other = h.svc.accounts.create('Other');
    const otherTest = await h.login(other.account_id, other.test_key);
    for (const headers of [h.live, otherTest]) {
      for (const [method, payload] of [['GET'], ['PATCH', { reference_id: 'x' }], ['DELETE']] as const) {
        const r = await h.call({ method, url: `/locations/${loc.id}`, headers, ...(payload ? { payload } : {}) });
        expect(r.status).toBe(404);
        expect(r.body.code).toBe('location_not_found');
      }
      expect((await h.call({ method: 'GET', url: '/locations', headers })).body.data).toEqual([]);
      const t = await h.call({ method: 'POST', url: '/tariffs', headers, payload: tariffBody(loc.id) });
      expect(t.status).toBe(404);
    }
    expect(
      (await h.call({ method: 'GET', url: `/locations/${loc.id}`, headers: h.test })).body.reference_id,
    ).toBeNull();
  });

  it("names its region's market sources: the same ids for every location of a region and mode, none without a region", async () => {
    const london = { address_line1: '1-3 Strand', city: 'London', post_code: 'WC2N 5EH', country_code: 'GB' };
    const a = (await create({ postal_address: london })).body;
    const b = (await create({ postal_address: { city: 'Leeds', country_code: 'GB' } })).body;
    const berlin = (await create({ postal_address: berlinAddress })).body;
    const live = (await create({ postal_address: london }, h.live)).body;
    const none = (await create({ postal_address: london, market_region: null })).body;
    expect(a.market_region).toBe('GB');
    expect(a.market_sources.import).toMatch(MRS);
    expect(a.market_sources.export).toMatch(MRS);
    expect(a.market_sources.import).not.toBe(a.market_sources.export);
    // Stable per region, direction and mode: another London location has the same, Berlin and live mode others.
    expect(b.market_sources).toEqual(a.market_sources);
    expect(berlin.market_sources.import).not.toBe(a.market_sources.import);
    expect(live.market_sources.import).toMatch(MRS);
    expect(live.market_sources.import).not.toBe(a.market_sources.import);
    expect(none.market_sources).toEqual({ import: null, export: null });
    // Read back and listed alike; moved to another region, it names that region's.
    expect((await h.call({ method: 'GET', url: `/locations/${a.id}`, headers: h.test })).body.market_sources).toEqual(
      a.market_sources,
    );
    const moved = await h.call({
      method: 'PATCH',
      url: `/locations/${b.id}`,
      headers: h.test,
      payload: { market_region: 'DE-LU' },
    });
    expect(moved.body.market_sources).toEqual(berlin.market_sources);
  });
});
