import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONDON, zeroHarness, type ZeroHarness } from './zero-harness.js';

let z: ZeroHarness;
beforeEach(async () => (z = await zeroHarness()));
afterEach(() => z.close());

const DAY_NIGHT = [
  { valid_from: '00:00:00', valid_to: '07:00:00', cost: 0.1 },
  { valid_from: '07:00:00', valid_to: '00:00:00', cost: 0.3 },
];

// The Zero-era web app's back arrow is history.back(): it shows the page before and submits it again.
describe('Zero connect: going back', () => {
  it('a page passed earlier, submitted again, rewinds the session there and answers as it did then', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    await z.zsubmit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    const named = await z.zsubmit('provider_name_capture', cot, { provider: { name: 'Meadow Power' } });
    expect(named.route).toBe('tariff_name_capture');
    await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Flat' } });
    const fixedPage = await z.zsubmit('tariff_structure_select', cot, { options: ['FIXED'] });
    expect(fixedPage).toMatchObject({ route: 'rate_fixed_capture', data: { cost: 0 } });
    const contractPage = await z.zsubmit('rate_fixed_capture', cot, { cost: 0.2734 });
    expect(contractPage.route).toBe('contract_term_capture');

    // Back from the contract term to the price: the same answer as the first time.
    expect(await z.zsubmit('rate_fixed_capture', cot, { cost: 0.2734 })).toEqual(contractPage);
    // Back two pages: the price page as it was before a price was typed, not with the later one.
    expect(await z.zsubmit('tariff_structure_select', cot, { options: ['FIXED'] })).toEqual(fixedPage);
    expect((await z.restore(cot)).route).toBe('rate_fixed_capture');

    // Back again, choosing otherwise: the path follows the new choice.
    const tod = await z.zsubmit('tariff_structure_select', cot, { options: ['TIME_OF_DAY'] });
    expect(tod).toMatchObject({ route: 'rate_tod_capture', data: { hours: [] } });
    // The page the session left by going back is not one it passed any more.
    expect((await z.zsubmit('rate_fixed_capture', cot, { cost: 0.2734 })).code).toBe('route_invalid');
    await z.zsubmit('rate_tod_capture', cot, { hours: DAY_NIGHT });

    // Back to the provider's name, past four pages, and a new name from there on.
    expect(await z.zsubmit('provider_name_capture', cot, { provider: { name: 'River Power' } })).toEqual({
      ...named,
      data: { ...named.data, provider: { ...named.data.provider, display_name: 'River Power' } },
    });
    await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Night' } });
    await z.zsubmit('tariff_structure_select', cot, { options: ['TIME_OF_DAY'] });
    await z.zsubmit('rate_tod_capture', cot, { hours: DAY_NIGHT });
    const summary = await z.zsubmit('contract_term_capture', cot, {});
    expect(summary).toMatchObject({
      route: 'summary_tou_confirm',
      data: { tariff: { name: 'River Power – Night', structure_type: 'TIME_OF_DAY' } },
    });
    expect(summary.data.rates.today.map((r: { tariff: { cost: number } }) => r.tariff.cost)).toEqual([0.1, 0.3]);
    expect((await z.zsubmit('summary_tou_confirm', cot, undefined, 'SAVE')).route).toBe('session_complete');
    const t = await z.exchange(cot);
    const tariffs = await z.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: z.h.test });
    expect(tariffs.body.data.map((x: { display_name: string }) => x.display_name)).toEqual(['River Power – Night']);
  });

  it('back across a change of path: a market-only supplier, then a listed one', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    const first = await z.restore(cot);
    const market = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_ecotricity' } });
    expect(market).toMatchObject({ route: 'tariff_structure_select', data: { options: ['MARKET'] } });
    await z.zsubmit('tariff_structure_select', cot, { options: ['MARKET'] });
    // From the market surcharge page back to the providers, and the same choice answers the same.
    expect(await z.zsubmit('provider_select', cot, { provider: { id: 'prv_ecotricity' } })).toEqual(market);
    const listed = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    expect(listed).toMatchObject({ route: 'tariff_select', actions: ['TARIFF_MISSING', 'ADDRESS_CHANGE'] });
    expect(listed.data.provider.id).toBe('prv_edf');
    // An action on a passed page goes back too.
    expect((await z.zsubmit('provider_select', cot, undefined, 'ADDRESS_CHANGE')).route).toBe('postal_address_capture');
    expect((await z.restore(cot)).route).toBe('postal_address_capture');
    expect(first.route).toBe('provider_select');
  });

  it('a refused resubmit leaves the session where it was; a spent token stays spent', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    await z.zsubmit('tariff_select', cot, undefined, 'TARIFF_MISSING');
    const structure = await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Mine' } });
    expect(structure.route).toBe('tariff_structure_select');
    await z.zsubmit('tariff_structure_select', cot, { options: ['FIXED'] });
    const bad = await z.zsubmit('tariff_name_capture', cot, { tariff: { name: ' ' } });
    expect(bad).toMatchObject({ status: 400, code: 'tariff_name_missing', context: 'connect.tariff_name_capture' });
    expect((await z.restore(cot)).route).toBe('rate_fixed_capture');

    await z.zsubmit('rate_fixed_capture', cot, { cost: 0.25 });
    await z.zsubmit('contract_term_capture', cot, {});
    // The tariff is stored with its last page: going back cannot change it.
    expect((await z.zsubmit('rate_fixed_capture', cot, { cost: 0.3 })).code).toBe('connect_token_used');
    expect((await z.zsubmit('summary_fixed_confirm', cot, undefined, 'SAVE')).route).toBe('session_complete');
  });
});

describe('Anode keeps going back with BACK', () => {
  it('a passed page submitted again is route_invalid; BACK returns to it', async () => {
    const cot = await z.token({ postal_address: LONDON });
    await z.start(cot);
    await z.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    await z.submit('provider_name_capture', cot, { provider: { name: 'Meadow Power' } });
    expect((await z.submit('provider_name_capture', cot, { provider: { name: 'River' } })).code).toBe('route_invalid');
    expect((await z.submit('tariff_name_capture', cot, undefined, 'BACK')).route).toBe('provider_name_capture');
    expect((await z.submit('provider_name_capture', cot, undefined, 'BACK')).route).toBe('provider_select');
    expect((await z.submit('provider_select', cot, undefined, 'BACK')).route).toBe('session_redirect');
  });
});
