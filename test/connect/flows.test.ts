import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLBACK, connectHarness, WEB, type ConnectHarness } from './harness.js';
import { sydneyAddress } from '../helpers.js';

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const berlin = { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' };

async function finished(cot: string) {
  const t = await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${cot}`, headers: c.h.test });
  expect(t.status).toBe(200);
  return t.body;
}

async function priceOk(loc: string, direction = 'IMPORT') {
  const r = await c.h.call({
    method: 'POST',
    url: `/prices/${loc}`,
    headers: c.h.test,
    payload: { start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-21T00:00:00Z', tariff_direction: direction },
  });
  expect(r.status).toBe(200);
  expect(r.body.data.length).toBeGreaterThan(0);
  return r.body;
}

describe('flow A: a new location with a library tariff', () => {
  it('walks address → provider → tariff → contract term → summary, then completes', async () => {
    const cot = await c.token({
      callback_url: 'https://app.example/done',
      connect_url: 'https://app.example/connect',
      postal_address: { country_code: 'DE' },
    });
    let p = await c.start(cot);
    expect(p).toMatchObject({
      route: 'postal_address_capture',
      connect_token: cot,
      live_mode: false,
      direction: 'IMPORT',
      type: 'COMMODITY',
      actions: ['BACK', 'CLOSE'],
    });
    expect(p.data.postal_address.country_code).toBe('DE');

    p = await c.submit('postal_address_capture', cot, { postal_address: { ...berlin, city: '' } });
    expect(p).toMatchObject({
      object: 'error',
      code: 'city_missing',
      context: 'connect.postal_address_capture',
      connect_token: cot,
    });
    p = await c.submit('postal_address_capture', cot, { postal_address: { ...berlin, country_code: 'ZZ' } });
    expect(p.code).toBe('country_code_invalid');
    p = await c.submit('postal_address_capture', cot, { postal_address: berlin });
    expect(p.route).toBe('provider_select');
    expect(p.actions).toEqual(['PROVIDER_MISSING', 'ADDRESS_CHANGE', 'BACK', 'CLOSE']);
    expect(p.data.providers.map((x: any) => x.id)).toContain('prv_nordlichtenergie');
    expect(p.data.providers.every((x: any) => typeof x.logo_url === 'string')).toBe(true);

    expect((await c.submit('provider_select', cot, { provider: {} })).code).toBe('provider_id_missing');
    expect((await c.submit('provider_select', cot, { provider: { id: 'prv_nope' } })).code).toBe('provider_not_found');
    p = await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
    expect(p.route).toBe('tariff_select');
    expect(p.data.provider).toMatchObject({ id: 'prv_nordlichtenergie', display_name: 'Nordlicht Energie' });
    expect(p.data.tariffs.map((x: any) => x.id)).toEqual([
      'ltf_nordlichtfix',
      'ltf_nordlichtnacht',
      'ltf_nordlichtdynamisch',
    ]);

    // BACK returns the previous page, and forward again.
    expect((await c.submit('tariff_select', cot, undefined, 'BACK')).route).toBe('provider_select');
    await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
    expect((await c.submit('tariff_select', cot, { tariff: { id: 'ltf_octopusflexible' } })).code).toBe(
      'tariff_not_found',
    );
    p = await c.submit('tariff_select', cot, { tariff: { id: 'ltf_nordlichtnacht' } });
    expect(p.route).toBe('contract_term_capture');
    expect((await c.submit('contract_term_capture', cot, { contract_end_date: 'soon' })).code).toBe(
      'contract_end_date_invalid',
    );
    expect((await c.submit('contract_term_capture', cot, { contract_end_date: '2020-01-01T00:00:00Z' })).code).toBe(
      'contract_end_date_invalid',
    );
    p = await c.submit('contract_term_capture', cot, { contract_end_date: '2027-12-31T23:00:00.000Z' });
    expect(p.route).toBe('tariff_summary');
    expect(p.actions).toEqual(['EDIT', 'DISCONNECT', 'WRONG_TARIFF', 'BACK', 'CLOSE']);
    expect(p.data).toMatchObject({
      currency_code: 'EUR',
      market_rates_source: false,
      tariff: {
        name: 'Nordlicht Nacht',
        structure_type: 'TIME_OF_DAY',
        contract_end_date: '2027-12-31T23:00:00Z',
        tiered: false,
      },
      provider: { id: 'prv_nordlichtenergie' },
    });
    expect(p.data.rates.today.map((r: any) => r.tariff.cost)).toEqual([0.2419, 0.3349, 0.2419]);
    expect(p.data.rates.today[0].valid_from).toBe('2026-11-20T00:00:00+01:00');

    const closed = await c.submit('tariff_summary', cot, undefined, 'CLOSE');
    expect(closed).toEqual({
      route: 'session_redirect',
      connect_token: cot,
      live_mode: false,
      data: { redirect_url: `https://app.example/done?svc_cot=${cot}&fp_cot=${cot}` },
    });

    const t = await finished(cot);
    expect(t).toMatchObject({
      id: cot,
      object: 'connect_token',
      price_available: true,
      used: true,
      complete_action: 'SAVE',
      location_id: expect.stringMatching(/^loc_/),
    });
    const list = await c.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: c.h.test });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      connection_type: 'LIBRARY',
      is_linked: true,
      provider_id: 'prv_nordlichtenergie',
      type: 'COMMODITY',
      direction: 'IMPORT',
      contract_end_date: '2027-12-31T23:00:00Z',
      timezone: 'Europe/Berlin',
    });
    const status = await c.h.call({ method: 'GET', url: `/locations/${t.location_id}/status`, headers: c.h.test });
    expect(status.body).toMatchObject({
      id: t.location_id,
      object: 'location_status',
      tariff_status: {
        commodity_import: {
          status: 'CONNECTED',
          connection_type: 'LIBRARY',
          provider: { id: 'prv_nordlichtenergie', display_name: 'Nordlicht Energie' },
          tariff: { structure_type: 'TIME_OF_DAY', display_name: 'Nordlicht Nacht' },
        },
        commodity_export: { status: 'NOT_CONNECTED' },
        non_commodity_export: { status: 'NOT_SUPPORTED' },
        local: { status: 'NOT_SUPPORTED' },
        // Nordlicht leaves grid fees out and Berlin 10115 has an operator: offer it.
        non_commodity_import: {
          status: 'NOT_CONNECTED',
          offer: { grid_fee_id: 'grf_spreenetzberlin', grid_operator: 'Spreenetz Berlin' },
        },
      },
    });
    await priceOk(t.location_id);
    const events = await c.h.call({ method: 'GET', url: '/events?type=connect.session.complete', headers: c.h.test });
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].data).toEqual({
      id: cot,
      object: 'connect_token',
      location_id: t.location_id,
      price_available: true,
      tariff_id: list.body.data[0].id,
      customer_id: null,
      customer_reference_id: null,
      location_reference_id: null,
    });

    // The token is single use.
    expect(await c.start(cot)).toMatchObject({ object: 'error', code: 'connect_token_used' });
  });
});

describe('MANUAL tariffs', () => {
  it('provider missing → time-of-day rates with their validation codes', async () => {
    const cot = await c.token({ postal_address: berlin });
    let p = await c.start(cot);
    expect(p.route).toBe('provider_select');
    p = await c.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    expect(p.route).toBe('provider_name_capture');
    expect((await c.submit('provider_name_capture', cot, { provider: { name: ' ' } })).code).toBe(
      'provider_name_missing',
    );
    p = await c.submit('provider_name_capture', cot, { provider: { name: 'Stadtwerke Mitte' } });
    expect(p.route).toBe('tariff_name_capture');
    expect((await c.submit('tariff_name_capture', cot, { tariff: {} })).code).toBe('tariff_name_missing');
    p = await c.submit('tariff_name_capture', cot, { tariff: { name: 'Wärmepumpe' } });
    expect(p).toMatchObject({
      route: 'tariff_structure_select',
      data: { options: ['FIXED', 'TIME_OF_DAY', 'MARKET'] },
    });
    expect((await c.submit('tariff_structure_select', cot, { options: ['GAS'] })).code).toBe('option_invalid');
    p = await c.submit('tariff_structure_select', cot, { options: ['TIME_OF_DAY'] });
    expect(p.route).toBe('rate_tod_capture');
    expect(p.data.currency_code).toBe('EUR');
    const hours = (a: object, b: object) => ({
      hours: [
        { valid_from: '06:00:00', valid_to: '22:00:00', cost: 0.3, ...a },
        { valid_from: '22:00:00', valid_to: '06:00:00', cost: 0.2, ...b },
      ],
    });
    expect((await c.submit('rate_tod_capture', cot, hours({ cost: 0 }, {}))).code).toBe('cost_value_zero');
    expect((await c.submit('rate_tod_capture', cot, hours({}, { cost: -1 }))).code).toBe('cost_value_negative');
    expect((await c.submit('rate_tod_capture', cot, hours({ valid_from: '6am' }, {}))).code).toBe('valid_from_invalid');
    expect((await c.submit('rate_tod_capture', cot, hours({}, { valid_to: '25:00:00' }))).code).toBe(
      'valid_to_invalid',
    );
    expect((await c.submit('rate_tod_capture', cot, hours({}, { valid_from: '23:00:00' }))).code).toBe(
      'gap_in_time_period',
    );
    expect(
      (
        await c.submit('rate_tod_capture', cot, {
          hours: [{ valid_from: '06:00:00', valid_to: '22:00:00', cost: 0.3 }],
        })
      ).code,
    ).toBe('gap_in_time_period');
    expect(
      (
        await c.submit('rate_tod_capture', cot, {
          hours: [
            { valid_from: '06:00:00', valid_to: '23:00:00', cost: 0.3 },
            { valid_from: '22:00:00', valid_to: '06:00:00', cost: 0.3 },
          ],
        })
      ).code,
    ).toBe('incomplete_time_period');
    p = await c.submit('rate_tod_capture', cot, hours({}, {}));
    expect(p.route).toBe('contract_term_capture');
    p = await c.submit('contract_term_capture', cot);
    expect(p.route).toBe('tariff_summary');
    expect(p.data.tariff).toMatchObject({ name: 'Stadtwerke Mitte – Wärmepumpe', structure_type: 'TIME_OF_DAY' });
    expect(p.data.tariff.contract_end_date).toBeUndefined();
    const t = await finished(cot);
    const trf = (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: c.h.test }))
      .body.data[0];
    expect(trf).toMatchObject({
      connection_type: 'MANUAL',
      is_linked: false,
      contract_end_date: null,
      market_rates: false,
    });
    const prices = await priceOk(t.location_id);
    expect(prices.data.map((d: any) => d.price.value)).toEqual([0.2, 0.3, 0.2]);
  });

  it('a fixed rate, and a market tariff with region and surcharge typed as a percent', async () => {
    const fixed = await c.token({ postal_address: berlin });
    await c.start(fixed);
    await c.submit('provider_select', fixed, undefined, 'PROVIDER_MISSING');
    await c.submit('provider_name_capture', fixed, { provider: { name: 'X' } });
    await c.submit('tariff_name_capture', fixed, { tariff: { name: 'Y' } });
    await c.submit('tariff_structure_select', fixed, { options: ['FIXED'] });
    expect((await c.submit('rate_fixed_capture', fixed, { cost: 0 })).code).toBe('cost_value_zero');
    expect((await c.submit('rate_fixed_capture', fixed, { cost: 'abc' })).code).toBe('data_json_invalid');
    expect((await c.submit('rate_fixed_capture', fixed, { cost: 0.31 })).route).toBe('contract_term_capture');
    expect((await c.submit('contract_term_capture', fixed)).data.tariff.structure_type).toBe('FIXED');

    const market = await c.token({ postal_address: { ...berlin, post_code: '80331', city: 'München' } });
    await c.start(market);
    await c.submit('provider_select', market, undefined, 'PROVIDER_MISSING');
    await c.submit('provider_name_capture', market, { provider: { name: 'Dyn' } });
    await c.submit('tariff_name_capture', market, { tariff: { name: 'Spot' } });
    let p = await c.submit('tariff_structure_select', market, { options: ['MARKET'] });
    expect(p).toMatchObject({ route: 'region_select', data: { region: 'DE-LU' } });
    expect(p.data.regions).toContain('GB');
    expect((await c.submit('region_select', market, { region: 'MARS' })).code).toBe('market_region_invalid');
    p = await c.submit('region_select', market, { region: 'DE-LU' });
    expect(p).toMatchObject({ route: 'surcharge_capture', data: { currency_code: 'EUR', region: 'DE-LU' } });
    expect((await c.submit('surcharge_capture', market, { surcharge: { fixed: 0.1, percentage: 150 } })).code).toBe(
      'surcharge_percentage_invalid',
    );
    await c.submit('surcharge_capture', market, { surcharge: { fixed: 0.1, percentage: 5 } });
    p = await c.submit('contract_term_capture', market);
    expect(p.data).toMatchObject({ market_rates_source: true, tariff: { structure_type: 'MARKET' } });
    const t = await finished(market);
    const trf = (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: c.h.test }))
      .body.data[0];
    expect(trf.market_rates).toBe(true);
    expect(trf.schedule[0].days_and_hours[0].hours[0].rate).toEqual([
      { surcharge_fixed: 0.1, surcharge_percentage: 0.05 },
    ]);
    await priceOk(t.location_id);
  });
});

describe('DIRECT providers', () => {
  it('redirects to the provider login, returns to connect_url, and resumes to the summary', async () => {
    const cot = await c.token({ postal_address: berlin, connect_url: 'https://app.example/connect?x=1' });
    await c.start(cot);
    const r = await c.submit('provider_select', cot, { provider: { id: 'prv_rheinstromwerke' } });
    expect(r.route).toBe('session_redirect');
    expect(r.data.redirect_url).toBe(`${WEB}/provider-login/prv_rheinstromwerke?svc_cot=${cot}&fp_cot=${cot}`);
    const login = await c.providerLogin(r.data.redirect_url, 'allow');
    expect(login.page).toContain('Sign in to Rheinstrom Werke');
    expect(login.status).toBe(303);
    expect(login.location).toBe(`https://app.example/connect?x=1&svc_cot=${cot}&fp_cot=${cot}`);
    const p = await c.send({ route: 'session_restore', connect_token: cot, type: 'submit' });
    expect(p.route).toBe('tariff_summary');
    expect(p.data.tariff).toMatchObject({ name: 'Rheinstrom Klassik', tiered: true });
    const t = await finished(cot);
    const trf = (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: c.h.test }))
      .body.data[0];
    expect(trf).toMatchObject({ connection_type: 'DIRECT', is_linked: true, provider_id: 'prv_rheinstromwerke' });
    // Rheinstrom includes grid fees: no offer.
    const status = await c.h.call({ method: 'GET', url: `/locations/${t.location_id}/status`, headers: c.h.test });
    expect(status.body.tariff_status.non_commodity_import).toEqual({
      status: 'NOT_CONNECTED',
      connection_type: null,
      provider: null,
      tariff: null,
    });
  });

  it('a failing provider shows the failed page; EDIT goes back to provider selection', async () => {
    const cot = await c.token({
      postal_address: sydneyAddress,
    });
    await c.viaProvider(cot, 'prv_harbourlight', 'allow');
    let p = await c.start(cot);
    expect(p).toMatchObject({
      route: 'tariff_connection_failed',
      actions: ['EDIT', 'DISCONNECT', 'CLOSE'],
      data: { connection_type: 'DIRECT', provider: { id: 'prv_harbourlight' } },
    });
    expect((await c.submit('tariff_connection_failed', cot, undefined, 'BACK')).code).toBe('action_invalid');
    p = await c.submit('tariff_connection_failed', cot, undefined, 'EDIT');
    expect(p.route).toBe('provider_select');
    expect((await finished(cot)).used).toBe(false);
  });

  it('a denied consent fails; a pending provider completes the session with a PENDING tariff', async () => {
    const denied = await c.token({ postal_address: berlin });
    await c.viaProvider(denied, 'prv_rheinstromwerke', 'deny');
    expect((await c.start(denied)).route).toBe('tariff_connection_failed');

    const cot = await c.token({
      postal_address: { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' },
    });
    await c.viaProvider(cot, 'prv_eonnext', 'allow');
    // Pending completes the session: the location and a PENDING tariff exist, the token is spent.
    const p = await c.start(cot);
    expect(p).toMatchObject({
      route: 'tariff_connection_pending',
      actions: ['EDIT', 'DISCONNECT', 'CLOSE'],
      data: { provider: { id: 'prv_eonnext', display_name: 'E.ON Next' } },
    });
    const t = await finished(cot);
    expect(t).toMatchObject({ used: true, complete_action: 'SAVE', price_available: false });
    const trf = (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: c.h.test }))
      .body.data[0];
    expect(trf).toMatchObject({ id: t.tariff_id, status: 'PENDING', connection_type: 'DIRECT' });
    expect(trf.schedule).toBeUndefined();
    expect((await c.start(cot)).code).toBe('connect_token_used');
    // Resolving it is docs/connect.md, DIRECT providers: test/connect/pending.test.ts.
  });
});

describe('flow B: a known location', () => {
  async function connected() {
    const cot = await c.token({ postal_address: berlin });
    await c.start(cot);
    await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
    await c.submit('tariff_select', cot, { tariff: { id: 'ltf_nordlichtfix' } });
    await c.submit('contract_term_capture', cot);
    return (await finished(cot)).location_id as string;
  }

  it('EDIT: the summary first, then provider selection; completing replaces the slot', async () => {
    const loc = await connected();
    const cot = await c.token({ location_id: loc, tariff_type: 'COMMODITY', tariff_direction: 'IMPORT' });
    let p = await c.start(cot);
    expect(p).toMatchObject({
      route: 'tariff_summary',
      data: { tariff: { name: 'Nordlicht Fix 24', structure_type: 'FIXED' } },
    });
    p = await c.submit('tariff_summary', cot, undefined, 'EDIT');
    expect(p.route).toBe('provider_select');
    await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
    await c.submit('tariff_select', cot, { tariff: { id: 'ltf_nordlichtdynamisch' } });
    p = await c.submit('contract_term_capture', cot);
    expect(p.data.tariff.name).toBe('Nordlicht Dynamisch');
    const list = await c.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: c.h.test });
    expect(list.body.data.map((t: any) => t.display_name)).toEqual(['Nordlicht Dynamisch']);
    expect((await finished(cot)).location_id).toBe(loc);

    // edit_tariff on the token skips the summary.
    const direct = await c.token({ location_id: loc, actions: { edit_tariff: true } });
    expect((await c.start(direct)).route).toBe('provider_select');
    // An empty slot runs the normal flow.
    const exp = await c.token({ location_id: loc, tariff_direction: 'EXPORT' });
    expect((await c.start(exp)).route).toBe('provider_select');
  });

  it('an open-ended tariff from a session can be renamed and dated, but a patch cannot open-end a dated one', async () => {
    const loc = await connected();
    const patch = (id: string, payload: object) =>
      c.h.call({ method: 'PATCH', url: `/tariffs/${id}`, headers: c.h.test, payload });
    const [t] = (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: c.h.test })).body.data;
    expect(t.contract_end_date).toBeNull();
    const renamed = await patch(t.id, { display_name: 'Heat pump' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ display_name: 'Heat pump', contract_end_date: null });
    const dated = await patch(t.id, { contract_end_date: '2030-01-01' });
    expect(dated.status).toBe(200);
    expect(dated.body.contract_end_date).toMatch(/^2030-01-01/);
    const opened = await patch(t.id, { contract_end_date: null });
    expect(opened.status).toBe(400);
    expect(opened.body.code).toBe('contract_end_date_invalid');
  });

  it('DISCONNECT through actions removes the tariff at once, with no session', async () => {
    const loc = await connected();
    const r = await c.h.call({
      method: 'POST',
      url: '/connect/token',
      headers: c.h.test,
      payload: {
        callback_url: CALLBACK,
        location_id: loc,
        tariff_type: 'COMMODITY',
        tariff_direction: 'IMPORT',
        actions: { disconnect_tariff: true },
      },
    });
    expect(r.status).toBe(200);
    expect(
      (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: c.h.test })).body.data,
    ).toEqual([]);
    expect(await finished(r.body.connect_token)).toMatchObject({
      complete_action: 'DISCONNECT',
      used: true,
      price_available: false,
      location_id: loc,
    });
    expect(
      (await c.h.call({ method: 'GET', url: `/locations/${loc}/status`, headers: c.h.test })).body.tariff_status
        .commodity_import.status,
    ).toBe('NOT_CONNECTED');
    expect((await c.start(r.body.connect_token)).code).toBe('connect_token_used');
  });

  it('DISCONNECT on the summary removes the tariff and redirects', async () => {
    const loc = await connected();
    const cot = await c.token({ location_id: loc, callback_url: 'https://app.example/cb' });
    await c.start(cot);
    const r = await c.submit('tariff_summary', cot, undefined, 'DISCONNECT');
    expect(r.data.redirect_url).toBe(`https://app.example/cb?svc_cot=${cot}&fp_cot=${cot}`);
    expect(
      (await c.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: c.h.test })).body.data,
    ).toEqual([]);
  });

  it('grid fees: the offer, connected through a NON_COMMODITY token, adds to prices', async () => {
    const loc = await connected();
    const before = (await priceOk(loc)).data[0].price.value;
    const cot = await c.token({ location_id: loc, tariff_type: 'NON_COMMODITY', tariff_direction: 'IMPORT' });
    let p = await c.start(cot);
    expect(p).toMatchObject({ route: 'tariff_select', type: 'NON_COMMODITY' });
    expect(p.data.tariffs[0]).toMatchObject({ id: 'grf_spreenetzberlin', description: 'Spreenetz Berlin' });
    await c.submit('tariff_select', cot, { tariff: { id: 'grf_spreenetzberlin' } });
    p = await c.submit('contract_term_capture', cot);
    expect(p.route).toBe('tariff_summary');
    const status = (await c.h.call({ method: 'GET', url: `/locations/${loc}/status`, headers: c.h.test })).body;
    expect(status.tariff_status.non_commodity_import).toMatchObject({
      status: 'CONNECTED',
      connection_type: 'LIBRARY',
      tariff: { structure_type: 'TIME_OF_DAY' },
    });
    expect(status.tariff_status.non_commodity_import.offer).toBeUndefined();
    const after = (await priceOk(loc)).data[0].price.value;
    expect(after).toBeCloseTo(before + 0.0612, 5);
  });
});

describe('tokens and bad messages', () => {
  it('validates token bodies; a used token cannot start again; an expired one cannot start at all', async () => {
    const bad = async (payload: object) =>
      (
        await c.h.call({
          method: 'POST',
          url: '/connect/token',
          headers: c.h.test,
          payload: { callback_url: CALLBACK, ...payload },
        })
      ).body.code;
    expect(await bad({ callback_url: undefined })).toBe('callback_url_missing');
    expect(await bad({ tariff_type: 'GAS' })).toBe('tariff_type_invalid');
    expect(await bad({ tariff_direction: 'UP' })).toBe('tariff_direction_invalid');
    expect(await bad({ callback_url: 'not a url' })).toBe('callback_url_invalid');
    expect(await bad({ location_id: 'trf_1' })).toBe('location_id_invalid');
    expect(await bad({ actions: { disconnect_tariff: true } })).toBe('location_id_missing');
    const created = await c.h.call({
      method: 'POST',
      url: '/connect/token',
      headers: c.h.test,
      payload: { callback_url: CALLBACK },
    });
    expect(created.body).toEqual({
      connect_token: expect.stringMatching(/^cot_/),
      expires_in: 86400,
      live_mode: false,
    });
    const view = await finished(created.body.connect_token);
    expect(view).toMatchObject({
      tariff_type: 'COMMODITY',
      tariff_direction: 'IMPORT',
      location_id: null,
      price_available: false,
      used: false,
      time_expiry: '2026-11-21T10:00:00Z',
    });
    // Another mode does not see it.
    expect(
      (
        await c.h.call({
          method: 'GET',
          url: `/connect/token?connect_token=${created.body.connect_token}`,
          headers: c.h.live,
        })
      ).status,
    ).toBe(404);

    await c.h.call({
      method: 'PATCH',
      url: '/settings',
      headers: c.h.test,
      payload: { connect_token_ttl_seconds: 600 },
    });
    const short = await c.token({ postal_address: berlin });
    c.h.clock.advance(601_000);
    expect(await c.start(short)).toMatchObject({
      object: 'error',
      code: 'connect_token_expired',
      connect_token: short,
    });
  });

  it('answers bad messages with error objects, whatever the content type', async () => {
    const cot = await c.token({ postal_address: berlin });
    expect((await c.send('{not json')).code).toBe('data_json_invalid');
    expect((await c.send({ hello: 1 })).code).toBe('data_json_invalid');
    expect((await c.send({ route: 'session_start', connect_token: 'cot_unknown' })).code).toBe('connect_token_invalid');
    expect((await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } })).code).toBe(
      'session_not_started',
    );
    const page = await c.send(JSON.stringify({ route: 'session_start', connect_token: cot }), 'text/plain');
    expect(page.route).toBe('provider_select');
    expect((await c.send(JSON.stringify({ route: 'session_start', connect_token: cot }), '')).route).toBe(
      'provider_select',
    );
    expect((await c.submit('tariff_summary', cot, undefined, 'CLOSE')).code).toBe('route_invalid');
    expect((await c.submit('nowhere', cot)).code).toBe('route_invalid');
    expect((await c.submit('provider_select', cot, undefined, 'DANCE')).code).toBe('action_invalid');
    expect((await c.submit('provider_select', cot, 'text')).code).toBe('data_json_invalid');
    const closed = await c.submit('provider_select', cot, undefined, 'CLOSE');
    expect(closed.data.redirect_url).toBe(`${CALLBACK}?svc_cot=${cot}&fp_cot=${cot}`);
    const pre = await c.connect.inject({
      method: 'OPTIONS',
      url: '/',
      headers: { origin: WEB, 'access-control-request-method': 'POST' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(WEB);
    expect((await c.h.call({ method: 'GET', url: '/tariffs?location_id=loc_none', headers: c.h.test })).status).toBe(
      404,
    );
  });

  it('offers the default combinations by device', async () => {
    const r = await c.h.call({ method: 'GET', url: '/connect/options?device=SOLAR', headers: c.h.test });
    expect(r.body.data).toEqual([
      {
        device: 'SOLAR',
        combinations: [
          { tariff_type: 'COMMODITY', tariff_direction: 'IMPORT' },
          { tariff_type: 'COMMODITY', tariff_direction: 'EXPORT' },
          { tariff_type: 'COMMODITY', tariff_direction: 'LOCAL' },
        ],
      },
    ]);
  });
});
