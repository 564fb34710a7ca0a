import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectHarness, WEB, type ConnectHarness } from './harness.js';

/**
 * A market-only provider (Ecotricity in the GB library): no library tariffs and no login, so
 * its customer goes from the provider to the structure choice, which offers MARKET alone, and
 * on to the surcharges. Great Britain has one market region, so the region page is passed over.
 */

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const london = { address_line1: '10 Downing St', city: 'London', post_code: 'SW1A 2AA', country_code: 'GB' };
const austin = {
  address_line1: '500 Congress Ave',
  city: 'Austin',
  post_code: '78701',
  state: 'TX',
  country_code: 'US',
};

async function tokenOf(cot: string) {
  return (await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${cot}`, headers: c.h.test })).body;
}

async function tariffsAt(locationId: string) {
  return (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${locationId}`, headers: c.h.test })).body.data;
}

describe('a market-only provider in the connect flow', () => {
  it('Ecotricity: provider → MARKET → surcharges (no region page) → contract term → summary, then completes', async () => {
    const cot = await c.token({ postal_address: london });
    let p = await c.start(cot);
    expect(p.route).toBe('provider_select');
    expect(p.data.providers.map((x: any) => x.display_name)).toEqual([
      'Octopus Energy',
      'British Gas',
      'EDF',
      'E.ON Next',
      'OVO Energy',
      'Ecotricity',
    ]);
    expect(p.data.providers.at(-1)).toEqual({
      id: 'prv_ecotricity',
      display_name: 'Ecotricity',
      logo_url: `${WEB}/logos/prv_ecotricity.svg`,
    });

    p = await c.submit('provider_select', cot, { provider: { id: 'prv_ecotricity' } });
    expect(p).toMatchObject({
      route: 'tariff_structure_select',
      data: { options: ['MARKET'], provider: { id: 'prv_ecotricity', display_name: 'Ecotricity' } },
      actions: ['BACK', 'CLOSE'],
    });
    const fixed = await c.submit('tariff_structure_select', cot, { options: ['FIXED'] });
    expect(fixed).toMatchObject({
      object: 'error',
      code: 'option_invalid',
      context: 'connect.tariff_structure_select',
    });
    expect(fixed.message).toContain('Ecotricity');

    p = await c.submit('tariff_structure_select', cot, { options: ['MARKET'] });
    // Straight to the surcharges: the address's country has one region, taken without asking.
    expect(p).toMatchObject({
      route: 'surcharge_capture',
      data: { currency_code: 'GBP', region: 'GB', surcharge: { fixed: 0, percentage: 0 } },
    });
    // The passed-over region page is not in the history.
    expect((await c.submit('surcharge_capture', cot, undefined, 'BACK')).route).toBe('tariff_structure_select');
    expect((await c.submit('tariff_structure_select', cot, { options: ['MARKET'] })).route).toBe('surcharge_capture');
    expect((await c.submit('surcharge_capture', cot, { surcharge: { fixed: 0.02, percentage: 150 } })).code).toBe(
      'surcharge_percentage_invalid',
    );
    p = await c.submit('surcharge_capture', cot, { surcharge: { fixed: 0.02, percentage: 5 } });
    expect(p.route).toBe('contract_term_capture');
    p = await c.submit('contract_term_capture', cot);
    expect(p).toMatchObject({
      route: 'tariff_summary',
      data: {
        currency_code: 'GBP',
        market_rates_source: true,
        tariff: { name: 'Ecotricity', structure_type: 'MARKET' },
        provider: { id: 'prv_ecotricity', display_name: 'Ecotricity' },
      },
    });
    expect(p.data.rates.today.length).toBeGreaterThan(0);

    const t = await tokenOf(cot);
    expect(t).toMatchObject({ used: true, complete_action: 'SAVE', price_available: true });
    const location = (await c.h.call({ method: 'GET', url: `/locations/${t.location_id}`, headers: c.h.test })).body;
    expect(location.market_region).toBe('GB');
    const [trf, ...others] = await tariffsAt(t.location_id);
    expect(others).toEqual([]);
    expect(trf).toMatchObject({
      id: t.tariff_id,
      display_name: 'Ecotricity',
      provider_id: 'prv_ecotricity',
      connection_type: 'MANUAL',
      is_linked: false,
      market_rates: true,
      contract_end_date: null,
    });
    expect(trf.schedule[0].days_and_hours[0].hours[0].rate).toEqual([
      { surcharge_fixed: 0.02, surcharge_percentage: 0.05 },
    ]);
    const events = await c.h.call({ method: 'GET', url: '/events?type=connect.session.complete', headers: c.h.test });
    expect(events.body.data.map((e: any) => e.data)).toEqual([
      expect.objectContaining({ id: cot, location_id: t.location_id, tariff_id: t.tariff_id, price_available: true }),
    ]);
    // Prices: the GB market plus the customer's surcharges.
    const prices = await c.h.call({
      method: 'POST',
      url: `/prices/${t.location_id}`,
      headers: c.h.test,
      payload: { start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-21T00:00:00Z' },
    });
    expect(prices.status).toBe(200);
    expect(prices.body.data.length).toBeGreaterThan(0);
  });

  it('advanced_tariff_capture false passes the structure over: MARKET, its one structure, not a fixed price', async () => {
    const cot = await c.token({
      postal_address: london,
      route_options: { advanced_tariff_capture: false, contract_term_capture: false },
    });
    await c.start(cot);
    let p = await c.submit('provider_select', cot, { provider: { id: 'prv_ecotricity' } });
    expect(p).toMatchObject({ route: 'surcharge_capture', data: { region: 'GB' } });
    expect((await c.submit('surcharge_capture', cot, undefined, 'BACK')).route).toBe('provider_select');
    await c.submit('provider_select', cot, { provider: { id: 'prv_ecotricity' } });
    p = await c.submit('surcharge_capture', cot, { surcharge: { fixed: 0.01, percentage: 0 } });
    expect(p).toMatchObject({
      route: 'tariff_summary',
      data: { tariff: { name: 'Ecotricity', structure_type: 'MARKET' } },
    });
  });

  it('another choice after BACK leaves the market-only path: a library provider, or a typed-in one', async () => {
    const cot = await c.token({ postal_address: london });
    await c.start(cot);
    await c.submit('provider_select', cot, { provider: { id: 'prv_ecotricity' } });
    expect((await c.submit('tariff_structure_select', cot, undefined, 'BACK')).route).toBe('provider_select');
    await c.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    await c.submit('provider_name_capture', cot, { provider: { name: 'Acme Energy' } });
    let p = await c.submit('tariff_name_capture', cot, { tariff: { name: 'Acme Flex' } });
    expect(p).toMatchObject({
      route: 'tariff_structure_select',
      data: { options: ['FIXED', 'TIME_OF_DAY', 'MARKET'], provider: { id: null, display_name: 'Acme Energy' } },
    });
    // A typed-in MARKET tariff still asks its region.
    expect((await c.submit('tariff_structure_select', cot, { options: ['MARKET'] })).route).toBe('region_select');

    const lib = await c.token({ postal_address: london });
    await c.start(lib);
    await c.submit('provider_select', lib, { provider: { id: 'prv_ecotricity' } });
    await c.submit('tariff_structure_select', lib, undefined, 'BACK');
    p = await c.submit('provider_select', lib, { provider: { id: 'prv_octopusenergy' } });
    expect(p.route).toBe('tariff_select');
    expect(p.data.tariffs.map((x: any) => x.name)).toEqual(['Flexible Octopus', 'Octopus Go', 'Agile Octopus']);
    await c.submit('tariff_select', lib, { tariff: { id: 'ltf_octopusgo' } });
    p = await c.submit('contract_term_capture', lib);
    expect(p.data.tariff).toMatchObject({ name: 'Octopus Go', structure_type: 'TIME_OF_DAY' });
    const [trf] = await tariffsAt((await tokenOf(lib)).location_id);
    expect(trf).toMatchObject({ connection_type: 'LIBRARY', provider_id: 'prv_octopusenergy', is_linked: true });
  });

  it('is listed for import and export, not for a local supply', async () => {
    const names = async (direction: string) => {
      const cot = await c.token({ postal_address: london, tariff_direction: direction });
      return (await c.start(cot)).data.providers.map((x: any) => x.display_name);
    };
    expect(await names('EXPORT')).toEqual(['E.ON Next', 'Ecotricity']);
    expect(await names('LOCAL')).toEqual(['E.ON Next']);
  });

  it('where the country has several market regions, the region page follows the structure choice', async () => {
    const made = await c.h.call({
      method: 'POST',
      url: '/providers',
      headers: c.h.test,
      payload: { display_name: 'Lone Star Spot', country_codes: ['US'], connection_types: ['MARKET'] },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ connection_types: ['MARKET'], tariffs: [] });
    const cot = await c.token({ postal_address: austin });
    await c.start(cot);
    let p = await c.submit('provider_select', cot, { provider: { id: made.body.id } });
    expect(p.data.options).toEqual(['MARKET']);
    p = await c.submit('tariff_structure_select', cot, { options: ['MARKET'] });
    expect(p).toMatchObject({ route: 'region_select', data: { region: 'US-ERCOT' } });
    expect(p.data.regions).not.toContain('US-CAISO');
    p = await c.submit('region_select', cot, { region: 'US-ERCOT' });
    expect(p).toMatchObject({ route: 'surcharge_capture', data: { currency_code: 'USD', region: 'US-ERCOT' } });
  });
});
