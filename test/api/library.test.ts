import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { berlinAddress, harness, snapshot, tariffBody, type Harness } from '../helpers.js';
import { seedDemo } from '../../core/node/demo/seed.js';
import { DEMO_HOME } from '../../core/engine/demo-home.js';

let h: Harness;
beforeEach(async () => (h = await harness('2026-06-01T12:00:00Z')));
afterEach(() => h.close());

const flat = [
  {
    months: ['All'],
    days_and_hours: [
      { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.07 }] }] },
    ],
  },
];

describe('provider library', () => {
  it('creates, retrieves, edits and deletes providers with library tariffs', async () => {
    const p = await h.call({
      method: 'POST',
      url: '/providers',
      headers: h.test,
      payload: {
        display_name: 'Lakeside Power',
        country_codes: ['de'],
        connection_types: ['LIBRARY'],
        tariffs: [{ name: 'Lake Flat', schedule: flat }],
      },
    });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      id: expect.stringMatching(/^prv_/),
      object: 'provider',
      country_codes: ['DE'],
      grid_fees_included: false,
      // Absolute, on the connect web app (its default address when none is bound).
      logo_url: `http://127.0.0.1:7070/logos/${p.body.id}.svg`,
      tariffs: [
        {
          id: expect.stringMatching(/^ltf_/),
          name: 'Lake Flat',
          type: 'COMMODITY',
          direction: 'IMPORT',
          market_rates: false,
        },
      ],
    });
    expect((await h.call({ method: 'GET', url: `/providers/${p.body.id}`, headers: h.live })).body).toMatchObject({
      display_name: 'Lakeside Power',
      live_mode: true,
    });
    const e = await h.call({
      method: 'PATCH',
      url: `/providers/${p.body.id}`,
      headers: h.test,
      payload: { grid_fees_included: true, connection_types: ['LIBRARY', 'DIRECT'], direct_behaviour: 'fail' },
    });
    expect(e.body).toMatchObject({ grid_fees_included: true, direct_behaviour: 'fail', tariffs: p.body.tariffs });
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/providers',
          headers: h.test,
          payload: { display_name: 'X', country_codes: [], connection_types: ['LIBRARY'] },
        })
      ).body.code,
    ).toBe('country_codes_missing');
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/providers',
          headers: h.test,
          payload: { display_name: 'X', country_codes: ['DE'], connection_types: ['FAX'] },
        })
      ).body.code,
    ).toBe('connection_types_invalid');
    expect((await h.call({ method: 'DELETE', url: `/providers/${p.body.id}`, headers: h.test })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/providers/${p.body.id}`, headers: h.test })).body.code).toBe(
      'provider_not_found',
    );
  });
});

describe('the Great Britain library', () => {
  it('names real suppliers; Ecotricity is market-only, with no library tariffs', async () => {
    const gb = (await h.call({ method: 'GET', url: '/providers?country_code=GB', headers: h.test })).body.data;
    expect(gb.map((p: any) => p.display_name)).toEqual([
      'Octopus Energy',
      'British Gas',
      'EDF',
      'E.ON Next',
      'OVO Energy',
      'Ecotricity',
    ]);
    const byName = Object.fromEntries(gb.map((p: any) => [p.display_name, p]));
    expect(byName['Ecotricity']).toMatchObject({
      id: 'prv_ecotricity',
      country_codes: ['GB'],
      connection_types: ['MARKET'],
      tariffs: [],
      logo_url: 'http://127.0.0.1:7070/logos/prv_ecotricity.svg',
    });
    // The others offer tariffs of each structure between them: fixed, time of day, market, and a DIRECT login.
    const tariffs = gb.flatMap((p: any) => p.tariffs);
    expect(gb.filter((p: any) => p.display_name !== 'Ecotricity').every((p: any) => p.tariffs.length > 0)).toBe(true);
    expect(tariffs.some((t: any) => t.market_rates)).toBe(true);
    expect(tariffs.some((t: any) => !t.market_rates && t.schedule[0].days_and_hours[0].hours.length > 1)).toBe(true);
    expect(byName['E.ON Next'].connection_types).toEqual(['DIRECT']);
    expect(byName['Octopus Energy'].tariffs.map((t: any) => t.name)).toEqual([
      'Flexible Octopus',
      'Octopus Go',
      'Agile Octopus',
    ]);
    // The fictional names are gone from the whole library.
    const all = (await h.call({ method: 'GET', url: '/providers?limit=100', headers: h.test })).body.data;
    expect(all.map((p: any) => p.display_name)).not.toContain('Thames Power');
    expect(all.map((p: any) => p.display_name)).not.toContain('Highland Electric');
    // A market-only provider can be made and edited like any other.
    const made = await h.call({
      method: 'POST',
      url: '/providers',
      headers: h.test,
      payload: { display_name: 'Spot Co', country_codes: ['gb'], connection_types: ['MARKET'] },
    });
    expect(made.body).toMatchObject({ connection_types: ['MARKET'], tariffs: [] });
    const both = await h.call({
      method: 'PATCH',
      url: `/providers/${made.body.id}`,
      headers: h.test,
      payload: { connection_types: ['LIBRARY', 'MARKET'] },
    });
    expect(both.body.connection_types).toEqual(['LIBRARY', 'MARKET']);
  });
});

describe('grid fees', () => {
  it('adds an operator that the status check then offers, and removes it', async () => {
    const loc = (
      await h.call({
        method: 'POST',
        url: '/locations',
        headers: h.test,
        payload: { postal_address: { ...berlinAddress, post_code: '24103', city: 'Kiel' } },
      })
    ).body.id;
    await h.call({
      method: 'POST',
      url: '/tariffs',
      headers: h.test,
      payload: tariffBody(loc, { provider_id: 'prv_nordlichtenergie' }),
    });
    // The general German entry (prefix "") serves Kiel until a closer one exists.
    expect(
      (await h.call({ method: 'GET', url: `/locations/${loc}/status`, headers: h.test })).body.tariff_status
        .non_commodity_import.offer.grid_operator,
    ).toBe('Deutsche Verteilnetz');
    const g = await h.call({
      method: 'POST',
      url: '/grid-fees',
      headers: h.test,
      payload: {
        country_code: 'de',
        post_code_prefix: '241',
        grid_operator: 'Förde Netz',
        display_name: 'Förde Netzentgelt',
        schedule: flat,
      },
    });
    expect(g.body).toMatchObject({ id: expect.stringMatching(/^grf_/), object: 'grid_fee', country_code: 'DE' });
    expect(
      (await h.call({ method: 'GET', url: `/locations/${loc}/status`, headers: h.test })).body.tariff_status
        .non_commodity_import.offer,
    ).toEqual({ grid_fee_id: g.body.id, grid_operator: 'Förde Netz', display_name: 'Förde Netzentgelt' });
    expect((await h.call({ method: 'GET', url: '/grid-fees', headers: h.test })).body.data[0].id).toBe(g.body.id);
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/grid-fees',
          headers: h.test,
          payload: { country_code: 'DE', grid_operator: 'Y', display_name: 'Y', schedule: [{ days_and_hours: [] }] },
        })
      ).body.code,
    ).toBe('days_and_hours_missing');
    expect((await h.call({ method: 'DELETE', url: `/grid-fees/${g.body.id}`, headers: h.test })).status).toBe(200);
    expect((await h.call({ method: 'DELETE', url: `/grid-fees/${g.body.id}`, headers: h.test })).body.code).toBe(
      'grid_fee_not_found',
    );
  });
});

describe('settings', () => {
  it('reads and changes token lifetimes and the rate limit, refusing bad values', async () => {
    expect((await h.call({ method: 'GET', url: '/settings', headers: h.test })).body).toEqual({
      object: 'settings',
      connect_token_ttl_seconds: 86400,
      bearer_token_ttl_seconds: 3600,
      rate_limit_per_minute: 6000,
      wire_profile: 'spec',
      api_version: '2025-09-14.anode',
      connect_web_origins: [],
    });
    const p = await h.call({
      method: 'PATCH',
      url: '/settings',
      headers: h.test,
      payload: { connect_token_ttl_seconds: 600, bearer_token_ttl_seconds: 120, rate_limit_per_minute: 100 },
    });
    expect(p.body).toEqual({
      object: 'settings',
      connect_token_ttl_seconds: 600,
      bearer_token_ttl_seconds: 120,
      rate_limit_per_minute: 100,
      wire_profile: 'spec',
      api_version: '2025-09-14.anode',
      connect_web_origins: [],
    });
    const before = snapshot(h.svc);
    expect(
      (await h.call({ method: 'PATCH', url: '/settings', headers: h.test, payload: { bearer_token_ttl_seconds: 5 } }))
        .body.code,
    ).toBe('bearer_token_ttl_seconds_invalid');
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('demo data', () => {
  it('POST /demo/reset replaces the test data with the demo set and never touches live data', async () => {
    const mine = (await h.location()).id;
    const live = (await h.location(h.live)).id;
    const r = await h.call({ method: 'POST', url: '/demo/reset', headers: h.test });
    expect(r.body).toEqual({ object: 'demo_reset', locations: 5 });
    expect((await h.call({ method: 'GET', url: `/locations/${mine}`, headers: h.test })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: `/locations/${live}`, headers: h.live })).status).toBe(200);
    const refs = (await h.call({ method: 'GET', url: '/locations', headers: h.test })).body.data
      .map((l: any) => l.reference_id)
      .sort();
    expect(refs).toEqual(['demo-austin', 'demo-berlin', 'demo-london', 'demo-solar-home', 'demo-sydney']);
    expect(
      (await h.call({ method: 'GET', url: '/webhooks', headers: h.test })).body.data.map((w: any) => w.catcher),
    ).toEqual([true]);
    expect((await h.call({ method: 'POST', url: '/demo/reset', headers: h.live })).body.code).toBe(
      'live_mode_not_allowed',
    );
  });

  it('the demo set has a solar home with its own customer, two tariffs and a battery that reported its state', async () => {
    await h.call({ method: 'POST', url: '/demo/reset', headers: h.test });
    const get = async (url: string) => (await h.call({ method: 'GET', url, headers: h.test })).body;
    const home = (await get('/locations?limit=100')).data.find((l: any) => l.reference_id === DEMO_HOME.location);
    const customer = (await get('/customers?limit=100')).data.find((c: any) => c.reference_id === DEMO_HOME.customer);
    expect(customer.locations).toEqual([home.id]);
    const tariffs = (await get(`/tariffs?location_id=${home.id}`)).data;
    expect(tariffs.map((t: any) => [t.direction, t.display_name]).sort()).toEqual([
      ['EXPORT', 'Nordlicht Sonne Einspeisung'],
      ['IMPORT', 'Nordlicht Nacht'],
    ]);
    const battery = (await get('/devices?limit=100')).data.find((d: any) => d.reference_id === DEMO_HOME.battery);
    expect(battery).toMatchObject(DEMO_HOME.batteryProperties);
    expect(await get(`/devices/${battery.id}/state`)).toMatchObject({
      ...DEMO_HOME.state,
      time: '2026-06-01T12:00:00Z',
    });
    // Planned from that state: 35 % of 10 kWh, on the home's day and night prices.
    const plan = await h.call({
      method: 'POST',
      url: `/schedules/battery/${home.id}`,
      headers: h.test,
      payload: {
        start_time: '2026-06-01T12:00:00Z',
        end_time: '2026-06-02T12:00:00Z',
        battery: { device_id: battery.id },
        usage: DEMO_HOME.usage,
        generation: DEMO_HOME.generation,
      },
    });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ object: 'battery_schedule', initial_soc_kwh: 3.5, currency_code: 'EUR' });
    expect(plan.body.saving).toBeGreaterThan(0);
    expect(plan.body.saving).toBeCloseTo(plan.body.cost_without - plan.body.cost_with, 6);
  });

  it('POST /demo/reset seeds the demo battery’s state again, as the first seed does, and drops the old devices’ states', async () => {
    const get = async (url: string) => (await h.call({ method: 'GET', url, headers: h.test })).body;
    const batteryOf = async () =>
      (await get('/devices?limit=100')).data.find((d: any) => d.reference_id === DEMO_HOME.battery);
    // As the first start seeds it: the state reported at the service's now.
    await seedDemo(h.svc, { accountId: h.cred.account_id, liveMode: false });
    const first = await batteryOf();
    const seeded = await get(`/devices/${first.id}/state`);
    expect(seeded).toMatchObject({ ...DEMO_HOME.state, time: '2026-06-01T12:00:00Z', device_id: first.id });
    // A later report, then a reset half an hour on (within the token's hour): the battery is the demo's again, with the demo's state.
    await h.call({
      method: 'PUT',
      url: `/devices/${first.id}/state`,
      headers: h.test,
      payload: { time: '2026-06-01T18:00:00Z', state_of_charge_percent: 90 },
    });
    await h.call({ method: 'POST', url: '/clock/advance', headers: h.test, payload: { seconds: 1800 } });
    expect((await h.call({ method: 'POST', url: '/demo/reset', headers: h.test })).status).toBe(200);
    const again = await batteryOf();
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject(DEMO_HOME.batteryProperties);
    const state = await get(`/devices/${again.id}/state`);
    expect(state).toMatchObject({ ...DEMO_HOME.state, time: '2026-06-01T12:30:00Z', device_id: again.id });
    const { id: _a, device_id: _b, time: _c, time_created: _d, ...reported } = state;
    const { id: _e, device_id: _f, time: _g, time_created: _h, ...firstReported } = seeded;
    expect(reported).toEqual(firstReported);
    // Nothing is kept of the old battery's states.
    const count = (sql: string) => (h.svc.db.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT COUNT(*) AS n FROM device_states WHERE device_id NOT IN (SELECT id FROM devices)')).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM device_states')).toBe(1);
  });

  it('POST /demo/reset leaves nothing of the old world behind: no caught messages, no sent lifecycle marks', async () => {
    // A tariff that ended before the service's now (lifecycle events sent and marked), and a caught message.
    const loc = (await h.location()).id;
    await h.tariff(loc, { contract_start_date: '2025-01-01', contract_end_date: '2026-05-01' });
    h.svc.lifecycle.runDue();
    const ep = (await h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload: { catcher: true } })).body;
    await h.call({ method: 'POST', url: `/catcher/${ep.id}`, payload: { hello: 1 } });
    const count = (sql: string) => (h.svc.db.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT COUNT(*) AS n FROM tariff_lifecycle')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) AS n FROM catcher_messages')).toBeGreaterThan(0);
    expect((await h.call({ method: 'POST', url: '/demo/reset', headers: h.test })).status).toBe(200);
    expect(count('SELECT COUNT(*) AS n FROM tariff_lifecycle WHERE tariff_id NOT IN (SELECT id FROM tariffs)')).toBe(0);
    expect(
      count('SELECT COUNT(*) AS n FROM catcher_messages WHERE endpoint_id NOT IN (SELECT id FROM webhook_endpoints)'),
    ).toBe(0);
  });

  it('the demo set prices every location', async () => {
    await seedDemo(h.svc, { accountId: h.cred.account_id, liveMode: false });
    for (const l of (await h.call({ method: 'GET', url: '/locations', headers: h.test })).body.data) {
      const r = await h.call({
        method: 'POST',
        url: `/prices/${l.id}`,
        headers: h.test,
        payload: { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-02T00:00:00Z' },
      });
      expect(r.status, l.reference_id).toBe(200);
      expect(r.body.data.every((d: any) => d.price.confidence > 0)).toBe(true);
    }
  });
});
