import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONDON, ZERO_CALLBACK, zeroHarness, type ZeroHarness } from './zero-harness.js';

let z: ZeroHarness;
beforeEach(async () => (z = await zeroHarness()));
afterEach(() => z.close());

const done = (cot: string) => `${ZERO_CALLBACK}?fp_cot=${cot}`;

describe('Zero connect: a new location', () => {
  it('market-only supplier: address → provider → structure → market surcharge → name → contract → SAVE', async () => {
    const supplier = await z.marketOnly();
    const cot = z.zeroToken({ postal_address: { country_code: 'GB' } });
    let p = await z.restore(cot);
    // Zero pages carry no `type` and list no BACK or CLOSE.
    expect(p).toEqual({
      status: 200,
      route: 'postal_address_capture',
      connect_token: cot,
      direction: 'IMPORT',
      live_mode: false,
      data: { postal_address: { address_line1: '', city: '', post_code: '', country_code: 'GB' } },
    });
    p = await z.zsubmit('postal_address_capture', cot, { postal_address: LONDON });
    expect(p.route).toBe('provider_select');
    expect(p.actions).toEqual(['PROVIDER_MISSING', 'ADDRESS_CHANGE']);
    expect(p.data.providers.map((x: { id: string }) => x.id)).toContain(supplier);

    p = await z.zsubmit('provider_select', cot, { provider: { id: supplier } });
    expect(p).toMatchObject({
      route: 'tariff_structure_select',
      data: { options: ['MARKET'] },
    });
    expect(p.actions).toBeUndefined();
    p = await z.zsubmit('tariff_structure_select', cot, { options: ['MARKET'] });
    // Great Britain has one market region: no region to choose.
    expect(p).toMatchObject({
      route: 'market_surcharge_capture',
      data: { currency_code: 'GBP', surcharge: { fixed: 0, percentage: 0 }, provider: { id: supplier } },
    });
    expect(p.data.regions).toBeUndefined();

    expect(
      (await z.zsubmit('market_surcharge_capture', cot, { surcharge: { fixed: 0.5, percentage: 180 } })).code,
    ).toBe('surcharge_percentage_invalid');
    expect(
      (await z.zsubmit('market_surcharge_capture', cot, { surcharge: { fixed: 0.5, percentage: 18.5 }, region: 'XX' }))
        .code,
    ).toBe('market_region_invalid');
    // An unknown top-level field is ignored, as the real service did.
    p = await z.zsend({
      route: 'market_surcharge_capture',
      connect_token: cot,
      region: 'GBP',
      data: { surcharge: { fixed: 0.345, percentage: 18.5 }, region: 'GB' },
    });
    expect(p).toMatchObject({ route: 'tariff_name_capture', data: { tariff: { name: '' } } });
    p = await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Super Cheap Energy 2008' } });
    expect(p.route).toBe('contract_term_capture');
    p = await z.zsubmit('contract_term_capture', cot, { contract_end_date: '2026-12-20T00:00:00Z' });
    expect(p).toMatchObject({
      route: 'summary_tou_confirm',
      actions: ['SAVE'],
      data: {
        currency_code: 'GBP',
        market_rates_source: true,
        tariff: { name: 'Super Cheap Energy 2008', structure_type: 'MARKET' },
        provider: { id: supplier },
      },
    });
    expect(p.data.rates.today.length).toBeGreaterThan(0);
    expect(p.data.rates.tomorrow.length).toBeGreaterThan(0);

    p = await z.zsubmit('summary_tou_confirm', cot, undefined, 'SAVE');
    expect(p).toEqual({
      status: 200,
      route: 'session_complete',
      connect_token: cot,
      direction: 'IMPORT',
      live_mode: false,
      data: { callback_uri: done(cot) },
    });
    const t = await z.exchange(cot);
    expect(t).toMatchObject({ complete_action: 'SAVE', used: true, price_available: true });
    const tariffs = await z.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: z.h.test });
    expect(tariffs.body.data).toHaveLength(1);
    expect(tariffs.body.data[0]).toMatchObject({
      market_rates: true,
      provider_id: supplier,
      display_name: 'Super Cheap Energy 2008',
    });
    expect(tariffs.body.data[0].schedule[0].days_and_hours[0].hours[0].rate[0]).toMatchObject({
      surcharge_fixed: 0.345,
      surcharge_percentage: 0.185,
    });
    const loc = await z.h.call({ method: 'GET', url: `/locations/${t.location_id}`, headers: z.h.test });
    expect(loc.body).toMatchObject({ market_region: 'GB', postal_address: { city: 'London', country_code: 'GB' } });
    // The session is over: the token answers nothing more.
    expect((await z.restore(cot)).code).toBe('connect_token_used');
  });

  it('FIXED: the summary shows the one price, and SAVE sends the customer to callback_uri with fp_cot', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    expect((await z.restore(cot)).route).toBe('provider_select');
    let p = await z.zsubmit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    expect(p).toMatchObject({ route: 'provider_name_capture', actions: ['ADDRESS_CHANGE'] });
    await z.zsubmit('provider_name_capture', cot, { provider: { name: 'Meadow Power' } });
    expect((await z.zsubmit('tariff_name_capture', cot, { tariff: { name: ' ' } })).code).toBe('tariff_name_missing');
    await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Flat' } });
    p = await z.zsubmit('tariff_structure_select', cot, { options: ['FIXED'] });
    expect(p).toMatchObject({ route: 'rate_fixed_capture', data: { currency_code: 'GBP', cost: 0 } });
    expect((await z.zsubmit('rate_fixed_capture', cot, { cost: 0 })).code).toBe('cost_value_zero');
    expect((await z.zsubmit('rate_fixed_capture', cot, { cost: -1 })).code).toBe('cost_value_negative');
    p = await z.zsubmit('rate_fixed_capture', cot, { cost: 0.2734 });
    expect(p.route).toBe('contract_term_capture');
    p = await z.zsubmit('contract_term_capture', cot, {});
    expect(p).toMatchObject({
      route: 'summary_fixed_confirm',
      actions: ['SAVE'],
      data: {
        currency_code: 'GBP',
        cost: 0.2734,
        tariff: { name: 'Meadow Power – Flat', structure_type: 'FIXED' },
        provider: { id: null, display_name: 'Meadow Power' },
      },
    });
    expect(p.data.tariff.contract_end_date).toBeUndefined();
    p = await z.zsubmit('summary_fixed_confirm', cot, undefined, 'SAVE');
    expect(p).toMatchObject({ route: 'session_complete', data: { callback_uri: done(cot) } });
    expect(await z.exchange(cot)).toMatchObject({
      complete_action: 'SAVE',
      location_id: expect.stringMatching(/^loc_/),
    });
  });

  it('TIME_OF_DAY through a listed provider: TARIFF_MISSING → name → structure → hours', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    let p = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    expect(p).toMatchObject({ route: 'tariff_select', actions: ['TARIFF_MISSING', 'ADDRESS_CHANGE'] });
    p = await z.zsubmit('tariff_select', cot, undefined, 'TARIFF_MISSING');
    expect(p.route).toBe('tariff_name_capture');
    await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Night saver' } });
    p = await z.zsubmit('tariff_structure_select', cot, { options: ['TIME_OF_DAY'] });
    expect(p).toMatchObject({ route: 'rate_tod_capture', data: { hours: [] } });
    const gap = [
      { valid_from: '00:00:00', valid_to: '07:00:00', cost: 0.1 },
      { valid_from: '08:00:00', valid_to: '00:00:00', cost: 0.3 },
    ];
    expect((await z.zsubmit('rate_tod_capture', cot, { hours: gap })).code).toBe('gap_in_time_period');
    p = await z.zsubmit('rate_tod_capture', cot, {
      hours: [
        { valid_from: '00:00:00', valid_to: '07:00:00', cost: 0.1 },
        { valid_from: '07:00:00', valid_to: '00:00:00', cost: 0.3 },
      ],
    });
    expect(p.route).toBe('contract_term_capture');
    p = await z.zsubmit('contract_term_capture', cot, { contract_end_date: '2027-06-15T00:00:00Z' });
    expect(p).toMatchObject({
      route: 'summary_tou_confirm',
      data: {
        market_rates_source: false,
        tariff: { name: 'Night saver', structure_type: 'TIME_OF_DAY', contract_end_date: '2027-06-15T00:00:00Z' },
      },
    });
    expect(p.data.rates.today.map((r: { tariff: { cost: number } }) => r.tariff.cost)).toEqual([0.1, 0.3]);
    expect((await z.zsubmit('summary_tou_confirm', cot, undefined, 'SAVE')).route).toBe('session_complete');
  });

  it('a library tariff: provider → tariff → contract term → summary', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    expect((await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_nordlichtfix' } })).code).toBe(
      'tariff_not_found',
    );
    let p = await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_edfstandard' } });
    expect(p.route).toBe('contract_term_capture');
    p = await z.zsubmit('contract_term_capture', cot, { contract_end_date: '' });
    expect(['summary_fixed_confirm', 'summary_tou_confirm']).toContain(p.route);
    expect((await z.zsubmit(p.route, cot, undefined, 'SAVE')).route).toBe('session_complete');
    expect(await z.exchange(cot)).toMatchObject({ complete_action: 'SAVE', used: true });
  });
});
