import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectHarness, type ConnectHarness } from '../connect/harness.js';

/**
 * A market region that lists states serves those states only: a location in California gets
 * California's demo region, never Texas's, however its state is written; a US state without a
 * region of its own gets none. Over HTTP, and through the connect flow's region page.
 */
let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  c.h.call({ method, url, headers: c.h.test, ...(payload ? { payload } : {}) });

const sanJose = { address_line1: '200 E Santa Clara St', city: 'San Jose', post_code: '95113', country_code: 'US' };
const austin = { address_line1: '500 Congress Ave', city: 'Austin', post_code: '78701', country_code: 'US' };

describe('market regions follow the state', () => {
  it.each([
    [{ ...sanJose, state: 'CA' }, 'US-CAISO'],
    [{ ...sanJose, state: 'California' }, 'US-CAISO'],
    [{ ...sanJose, state: ' ca ' }, 'US-CAISO'],
    [{ ...austin, state: 'TX' }, 'US-ERCOT'],
    [{ ...austin, state: 'Texas' }, 'US-ERCOT'],
    [{ country_code: 'US', state: 'NY' }, null],
    [{ country_code: 'US' }, null],
    [{ country_code: 'AU', state: 'NSW' }, 'AU-NSW'],
    [{ country_code: 'AU', state: 'WA' }, null],
    [{ country_code: 'DE' }, 'DE-LU'],
  ])('%o gets %s', async (postal_address, region) => {
    const r = await api('POST', '/locations', { postal_address });
    expect(r.status).toBe(200);
    expect(r.body.market_region).toBe(region);
  });

  it('refuses a region of another state, named or patched, and stores nothing', async () => {
    const refused = await api('POST', '/locations', {
      postal_address: { ...sanJose, state: 'CA' },
      market_region: 'US-ERCOT',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('market_region_invalid');
    expect(refused.body.message).toBe('market_region: US-ERCOT serves TX (US) only; this address is in CA, US.');
    expect((await api('GET', '/locations')).body.data).toEqual([]);

    const tx = (await api('POST', '/locations', { postal_address: { ...austin, state: 'TX' } })).body;
    // Moving to California re-derives the region: Texas's goes.
    const moved = await api('PATCH', `/locations/${tx.id}`, { postal_address: { ...sanJose, state: 'CA' } });
    expect(moved.status).toBe(200);
    expect(moved.body.market_region).toBe('US-CAISO');
    const back = await api('PATCH', `/locations/${tx.id}`, { market_region: 'US-ERCOT' });
    expect(back.status).toBe(400);
    expect(back.body.code).toBe('market_region_invalid');
    expect((await api('GET', `/locations/${tx.id}`)).body.market_region).toBe('US-CAISO');
    // A region without states is not tied to a place, as before.
    const gb = await api('PATCH', `/locations/${tx.id}`, { market_region: 'GB' });
    expect(gb.body.market_region).toBe('GB');
  });

  it('California’s region is listed with its own demo series, and prices a market tariff there', async () => {
    const regions = (await api('GET', '/market/regions')).body.data;
    expect(regions.find((r: any) => r.id === 'US-CAISO')).toMatchObject({
      country_codes: ['US'],
      states: ['CA'],
      currency_code: 'USD',
      timezone: 'America/Los_Angeles',
      demo: true,
    });
    const window = '?start_time=2026-11-20T08:00:00Z&end_time=2026-11-21T08:00:00Z';
    const ca = (await api('GET', `/market/regions/US-CAISO/prices${window}`)).body.data;
    const tx = (await api('GET', `/market/regions/US-ERCOT/prices${window}`)).body.data;
    expect(ca.length).toBe(96);
    expect(ca.map((p: any) => p.price)).not.toEqual(tx.slice(0, ca.length).map((p: any) => p.price));

    const loc = (await api('POST', '/locations', { postal_address: { ...sanJose, state: 'CA' } })).body;
    const t = await api('POST', '/tariffs', {
      location_id: loc.id,
      type: 'COMMODITY',
      direction: 'IMPORT',
      display_name: 'Spot',
      market_rates: true,
      contract_start_date: '2026-01-01',
      contract_end_date: '2028-01-01',
      schedule: [
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ surcharge_fixed: 0 }] }],
            },
          ],
        },
      ],
    });
    expect(t.status).toBe(200);
    // Its market sources are California's: the same ids as another Californian location's, not Texas's.
    const sources = (await api('GET', `/locations/${loc.id}`)).body.market_sources;
    expect(sources).toEqual({ import: expect.stringMatching(/^mrs_[0-9a-f]{24}$/), export: expect.any(String) });
    const other = (
      await api('POST', '/locations', { postal_address: { city: 'Fresno', state: 'CA', country_code: 'US' } })
    ).body;
    expect(other.market_sources).toEqual(sources);
    const texas = (
      await api('POST', '/locations', { postal_address: { city: 'Austin', state: 'TX', country_code: 'US' } })
    ).body;
    expect(texas.market_sources.import).not.toBe(sources.import);
    const prices = await api('POST', `/prices/${loc.id}`, {
      start_time: '2026-11-20T08:00:00Z',
      end_time: '2026-11-20T09:00:00Z',
    });
    expect(prices.status).toBe(200);
    // The market part of each quarter hour is California's series, not Texas's.
    expect(prices.body.data.map((d: any) => d.price.value)).toEqual(ca.slice(0, 4).map((p: any) => p.price));
  });

  it('the connect flow’s region page offers a Californian address no other state’s region', async () => {
    const cot = await c.token({ postal_address: { ...sanJose, state: 'CA' } });
    await c.start(cot);
    await c.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    await c.submit('provider_name_capture', cot, { provider: { name: 'West Power' } });
    await c.submit('tariff_name_capture', cot, { tariff: { name: 'Spot' } });
    const p = await c.submit('tariff_structure_select', cot, { options: ['MARKET'] });
    expect(p).toMatchObject({ route: 'region_select', data: { region: 'US-CAISO' } });
    expect(p.data.regions).toContain('US-CAISO');
    expect(p.data.regions).not.toContain('US-ERCOT');
    expect(p.data.regions).not.toContain('AU-NSW');
    const refused = await c.submit('region_select', cot, { region: 'US-ERCOT' });
    expect(refused).toMatchObject({ object: 'error', code: 'market_region_invalid' });
    expect((await c.submit('region_select', cot, { region: 'US-CAISO' })).route).toBe('surcharge_capture');
  });
});
