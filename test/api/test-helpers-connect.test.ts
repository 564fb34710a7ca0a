import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectHarness, type ConnectHarness } from '../connect/harness.js';
import { berlinAddress, snapshot, tariffBody } from '../helpers.js';
import { helperWorld, HELPER, marketPages, NOW, pagesAndHelper, prices } from './test-helper-world.js';

const hours = [
  { valid_from: '00:00:00', valid_to: '07:00:00', cost: 0.2 },
  { valid_from: '07:00:00', valid_to: '00:00:00', cost: 0.35 },
];

describe('POST /test_helpers/connect/complete on a running host', () => {
  const world = helperWorld('helper tests');
  const { token, complete, completed, completionDelivered, tariffsOf, pricesOf, delivered, webhook } = world;

  it('library: the provider tariff, linked, with its prices, the completion webhook, and the token spent', async () => {
    const t = await completed({ provider_id: 'prv_nordlichtenergie', tariff_id: 'ltf_nordlichtnacht' });
    expect(t).toMatchObject({ used: true, complete_action: 'SAVE', price_available: true });
    const library = (await world.api('GET', '/providers/prv_nordlichtenergie')).body.tariffs.find(
      (x: any) => x.id === 'ltf_nordlichtnacht',
    );
    const [stored] = await tariffsOf(t.location_id);
    expect(stored).toMatchObject({
      id: t.tariff_id,
      connection_type: 'LIBRARY',
      is_linked: true,
      status: 'CONNECTED',
      display_name: 'Nordlicht Nacht',
      provider_id: 'prv_nordlichtenergie',
      contract_start_date: '2026-11-20T00:00:00+01:00', // local midnight in Berlin
      contract_end_date: null,
      schedule: library.schedule,
    });
    expect(prices(await pricesOf(t.location_id))).toEqual([
      ['00:00', '06:00', 0.2419],
      ['06:00', '22:00', 0.3349],
      ['22:00', '00:00', 0.2419],
    ]);
    await completionDelivered(t);
  });

  it('manual FIXED: the typed-in price and contract end, MANUAL and not linked', async () => {
    const t = await completed({
      manual: {
        provider_name: 'Stadtwerke Mitte',
        tariff_name: 'Flat',
        structure: 'FIXED',
        cost: '0,28',
        contract_end_date: '2027-06-30T22:00:00.000Z',
      },
    });
    const [stored] = await tariffsOf(t.location_id);
    expect(stored).toMatchObject({
      id: t.tariff_id,
      connection_type: 'MANUAL',
      is_linked: false,
      display_name: 'Stadtwerke Mitte – Flat',
      market_rates: false,
      contract_end_date: '2027-06-30T22:00:00Z',
    });
    expect(prices(await pricesOf(t.location_id))).toEqual([['00:00', '00:00', 0.28]]);
    await completionDelivered(t);
  });

  it('manual TIME_OF_DAY: the bands become the day schedule and its prices', async () => {
    const t = await completed({
      manual: { provider_name: 'Stadtwerke Mitte', tariff_name: 'Tag/Nacht', structure: 'TIME_OF_DAY', hours },
    });
    const [stored] = await tariffsOf(t.location_id);
    expect(stored).toMatchObject({ connection_type: 'MANUAL', display_name: 'Stadtwerke Mitte – Tag/Nacht' });
    expect(prices(await pricesOf(t.location_id))).toEqual([
      ['00:00', '07:00', 0.2],
      ['07:00', '00:00', 0.35],
    ]);
    await completionDelivered(t);
  });

  it('market: the region on the location, the surcharge as a fraction, and the prices of that region', async () => {
    const t = await completed({ market: { market_id: 'DE-LU', surcharge_fixed: 0.1, surcharge_percent: 5 } });
    const [stored] = await tariffsOf(t.location_id);
    expect(stored).toMatchObject({ connection_type: 'MANUAL', market_rates: true });
    expect(JSON.stringify(stored.schedule)).toContain('"surcharge_percentage":0.05');
    const loc = (await world.api('GET', `/locations/${t.location_id}`)).body;
    expect(loc.market_region).toBe('DE-LU');
    // The same schedule made through the API on a location of the same region prices the same.
    const other = (await world.api('POST', '/locations', { postal_address: berlinAddress, market_region: 'DE-LU' }))
      .body;
    const made = await world.api(
      'POST',
      '/tariffs',
      tariffBody(other.id, {
        market_rates: true,
        schedule: stored.schedule,
        contract_start_date: '2026-11-20T00:00:00+01:00',
      }),
    );
    expect(made.status).toBe(200);
    const got = prices(await pricesOf(t.location_id));
    expect(got.length).toBeGreaterThan(1);
    expect(got).toEqual(prices(await pricesOf(other.id)));
    await completionDelivered(t);
  });

  it('DIRECT success: the provider tariff, DIRECT and linked, priced at once', async () => {
    const t = await completed({ direct: { provider_id: 'prv_rheinstromwerke', outcome: 'success' } });
    expect(t).toMatchObject({ complete_action: 'SAVE', price_available: true });
    const provider = (await world.api('GET', '/providers/prv_rheinstromwerke')).body;
    const [stored] = await tariffsOf(t.location_id);
    expect(stored).toMatchObject({
      connection_type: 'DIRECT',
      is_linked: true,
      status: 'CONNECTED',
      provider_id: 'prv_rheinstromwerke',
      schedule: provider.tariffs[0].schedule,
    });
    expect((await pricesOf(t.location_id)).status).toBe(200);
    await completionDelivered(t);
  });

  it('DIRECT pending: the tariff waits PENDING (prices 422) until resolved, whatever the provider is set to', async () => {
    const t = await completed({ direct: { provider_id: 'prv_rheinstromwerke', outcome: 'pending' } });
    expect(t).toMatchObject({ complete_action: 'SAVE', price_available: false });
    const [stored] = await tariffsOf(t.location_id);
    expect(stored).toMatchObject({ id: t.tariff_id, status: 'PENDING', connection_type: 'DIRECT' });
    expect(await pricesOf(t.location_id)).toMatchObject({ status: 422, body: { code: 'pending_connect' } });
    await completionDelivered(t);
    expect((await world.api('POST', `/tariffs/${t.tariff_id}/resolve`, { outcome: 'succeed' })).status).toBe(200);
    expect((await pricesOf(t.location_id)).status).toBe(200);
    expect((await world.api('GET', `/connect/token?connect_token=${t.id}`)).body.price_available).toBe(true);
  });

  it('DIRECT failure: nothing stored, no completion, and the token is spent all the same', async () => {
    const t = await completed({ direct: { provider_id: 'prv_rheinstromwerke', outcome: 'failure' } });
    expect(t).toMatchObject({ used: false, complete_action: '', location_id: null, tariff_id: null });
    // Give the worker the time a delivery takes, then check none came for this token.
    await completionDelivered(await firstLibraryCompletion());
    expect(delivered('connect.session.complete', t.id)).toEqual([]);
  });

  /** A completion that certainly happens after the one under test (a marker for "the worker is past it"). */
  async function firstLibraryCompletion() {
    const cot = await token();
    const r = await complete({
      connect_token: cot,
      provider_id: 'prv_nordlichtenergie',
      tariff_id: 'ltf_nordlichtfix',
    });
    expect(r.status).toBe(200);
    return r.body;
  }

  it('EDIT on an existing location replaces the slot tariff; DISCONNECT empties the slot', async () => {
    const first = await firstLibraryCompletion();
    const loc = first.location_id as string;

    const t = await completed(
      {
        action: 'EDIT',
        manual: { provider_name: 'Stadtwerke Mitte', tariff_name: 'Neu', structure: 'FIXED', cost: 0.25 },
      },
      { location_id: loc },
    );
    expect(t).toMatchObject({ location_id: loc, complete_action: 'SAVE' });
    expect((await tariffsOf(loc)).map((x: any) => [x.id, x.display_name])).toEqual([
      [t.tariff_id, 'Stadtwerke Mitte – Neu'],
    ]);
    expect(prices(await pricesOf(loc))).toEqual([['00:00', '00:00', 0.25]]);
    await completionDelivered(t);
    await webhook('tariff.created', t.tariff_id);

    const d = await completed({ action: 'DISCONNECT' }, { location_id: loc });
    expect(d).toMatchObject({ used: true, complete_action: 'DISCONNECT', location_id: loc, price_available: false });
    expect(await tariffsOf(loc)).toEqual([]);
    expect(await pricesOf(loc)).toMatchObject({ status: 422, body: { code: 'no_tariff_connected' } });
    const gone = await webhook('tariff.deleted', t.tariff_id);
    expect(gone.data).toMatchObject({ id: t.tariff_id, location_id: loc });
  });

  it('under the published wire profile the completion goes out under its published name', async () => {
    expect((await world.api('PATCH', '/settings', { wire_profile: 'published' })).status).toBe(200);
    try {
      const cot = await token();
      const r = await complete({
        connect_token: cot,
        provider_id: 'prv_nordlichtenergie',
        tariff_id: 'ltf_nordlichtfix',
      });
      expect(r.status).toBe(200);
      const e = await webhook('connect_session.complete', cot);
      expect(e.data).toMatchObject({ id: cot, location_id: r.body.location_id, tariff_id: r.body.tariff_id });
      expect(delivered('connect.session.complete', cot)).toEqual([]);
    } finally {
      await world.api('PATCH', '/settings', { wire_profile: 'spec' });
    }
  });

  it('a live-mode bearer is refused with 403 test_mode_only', async () => {
    const { account_id, live_key } = world.env.info;
    const login = await fetch(`${world.env.info.api_url}/login`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${account_id}:${live_key}`).toString('base64') },
    });
    const bearer = (await login.json()).bearer_token;
    const r = await fetch(world.env.info.api_url + HELPER, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        connect_token: 'cot_x1',
        provider_id: 'prv_nordlichtenergie',
        tariff_id: 'ltf_nordlichtfix',
      }),
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ object: 'error', code: 'test_mode_only', live_mode: true });
    // The mode is decided before the body is read: a live caller learns nothing about the body's shape.
    const bad = await fetch(world.env.info.api_url + HELPER, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ connect_token: 7, manual: {}, market: {} }),
    });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ object: 'error', code: 'test_mode_only' });
  });
});

describe('POST /test_helpers/connect/complete refuses bad input and stores nothing', () => {
  let c: ConnectHarness;
  beforeEach(async () => (c = await connectHarness(NOW)));
  afterEach(() => c.close());

  const complete = (body: object, headers = c.h.test) =>
    c.h.call({ method: 'POST', url: HELPER, headers, payload: body });
  const library = { provider_id: 'prv_nordlichtenergie', tariff_id: 'ltf_nordlichtfix' };
  const manual = { provider_name: 'Stadtwerke Mitte', tariff_name: 'Flat', structure: 'FIXED', cost: 0.3 };

  /** The call answers `status` and `code` as the error object, and the database is as it was. */
  async function refused(body: object, status: number, code: string, headers = c.h.test) {
    const before = snapshot(c.h.svc);
    const r = await complete(body, headers);
    expect({ body, status: r.status, answer: r.body }).toMatchObject({
      body,
      status,
      answer: { object: 'error', code, context: 'testHelpers.connect.complete' },
    });
    expect(snapshot(c.h.svc)).toBe(before);
    return r.body;
  }

  it('tokens: unknown, another account, another mode, expired, spent', async () => {
    await refused({ connect_token: 'cot_nothere', ...library }, 404, 'connect_token_not_found');
    const other = c.h.svc.accounts.create('Other');
    const otherBearer = await c.h.login(other.account_id, other.test_key);
    const foreign = await c.token({ postal_address: berlinAddress }, otherBearer);
    await refused({ connect_token: foreign, ...library }, 404, 'connect_token_not_found');
    const live = await c.token({ postal_address: berlinAddress }, c.h.live);
    await refused({ connect_token: live, ...library }, 404, 'connect_token_not_found');
    await refused({ connect_token: live, ...library }, 403, 'test_mode_only', c.h.live);

    await c.h.call({
      method: 'PATCH',
      url: '/settings',
      headers: c.h.test,
      payload: { connect_token_ttl_seconds: 600 },
    });
    const short = await c.token({ postal_address: berlinAddress });
    c.h.clock.advance(601_000);
    await refused({ connect_token: short, ...library }, 400, 'connect_token_expired');

    const cot = await c.token({ postal_address: berlinAddress });
    expect((await complete({ connect_token: cot, ...library })).status).toBe(200);
    await refused({ connect_token: cot, ...library }, 400, 'connect_token_used');
    await refused({ connect_token: cot, manual }, 400, 'connect_token_used');
  });

  it('choices: none, two, half a library choice, DISCONNECT with a choice, unknown fields', async () => {
    const cot = await c.token({ postal_address: berlinAddress });
    await refused({ connect_token: cot }, 400, 'choice_missing');
    await refused({ connect_token: cot, ...library, manual }, 400, 'choice_conflict');
    await refused(
      { connect_token: cot, manual, direct: { provider_id: 'prv_rheinstromwerke', outcome: 'success' } },
      400,
      'choice_conflict',
    );
    await refused({ connect_token: cot, provider_id: 'prv_nordlichtenergie' }, 400, 'tariff_id_missing');
    await refused({ connect_token: cot, tariff_id: 'ltf_nordlichtfix' }, 400, 'provider_id_missing');
    await refused({ connect_token: cot, market: {}, ...library }, 400, 'choice_conflict');
    await refused({ connect_token: cot, ...library, colour: 'red' }, 400, 'parameter_unknown');
    await refused({ connect_token: cot, manual: { ...manual, structure: 'MARKET' } }, 400, 'structure_invalid');
    await refused({ ...library }, 400, 'connect_token_missing');
    const { location_id } = (await complete({ connect_token: cot, ...library })).body;
    const edit = await c.token({ location_id });
    await refused({ connect_token: edit, action: 'DISCONNECT', ...library }, 400, 'choice_conflict');
    // A connected slot needs an action first, as its summary page does.
    await refused({ connect_token: edit, manual }, 400, 'action_missing');
  });

  it("the pages' own checks: a tariff of another provider, DIRECT or not, page validation codes", async () => {
    const cot = await c.token({ postal_address: berlinAddress });
    await refused(
      { connect_token: cot, provider_id: 'prv_nordlichtenergie', tariff_id: 'ltf_octopusflexible' },
      400,
      'tariff_not_found',
    );
    await refused(
      { connect_token: cot, provider_id: 'prv_nope', tariff_id: 'ltf_nordlichtfix' },
      400,
      'provider_not_found',
    );
    await refused(
      { connect_token: cot, direct: { provider_id: 'prv_nordlichtenergie', outcome: 'success' } },
      400,
      'provider_direct_unsupported',
    );
    await refused(
      { connect_token: cot, provider_id: 'prv_rheinstromwerke', tariff_id: 'ltf_rheinstromklassik' },
      400,
      'provider_direct_only',
    );
    await refused({ connect_token: cot, market: { provider_id: 'prv_rheinstromwerke' } }, 400, 'provider_direct_only');
    await refused({ connect_token: cot, manual: { ...manual, cost: 0 } }, 400, 'cost_value_zero');
    await refused({ connect_token: cot, manual: { ...manual, cost: -1 } }, 400, 'cost_value_negative');
    await refused({ connect_token: cot, manual: { ...manual, tariff_name: ' ' } }, 400, 'tariff_name_missing');
    await refused(
      { connect_token: cot, manual: { ...manual, contract_end_date: '2020-01-01T00:00:00Z' } },
      400,
      'contract_end_date_invalid',
    );
    const tod = { ...manual, structure: 'TIME_OF_DAY', cost: undefined };
    await refused({ connect_token: cot, manual: tod }, 400, 'incomplete_time_period');
    await refused({ connect_token: cot, manual: { ...tod, hours: [hours[0]] } }, 400, 'gap_in_time_period');
    await refused(
      { connect_token: cot, manual: { ...tod, hours: [hours[0], { ...hours[1], valid_from: '06:00:00' }] } },
      400,
      'incomplete_time_period',
    );
    await refused(
      { connect_token: cot, manual: { ...tod, hours: [hours[0], { ...hours[1], valid_from: '08:00:00' }] } },
      400,
      'gap_in_time_period',
    );
    await refused({ connect_token: cot, market: { market_id: 'XX' } }, 400, 'market_region_invalid');
    await refused({ connect_token: cot, market: { surcharge_percent: 150 } }, 400, 'surcharge_percentage_invalid');
    // The pages of a listed provider ask the tariff's name only, and a name the page refuses is refused.
    const named = await refused(
      { connect_token: cot, market: { provider_id: 'prv_nordlichtenergie', provider_name: 'Acme Energy' } },
      400,
      'choice_unsupported',
    );
    expect(named.message).toContain('market.provider_name');
    await refused({ connect_token: cot, market: { tariff_name: ' ' } }, 400, 'tariff_name_missing');
    await refused({ connect_token: cot, market: { provider_name: ' ' } }, 400, 'provider_name_missing');
  });

  it('a market-only provider: a market choice completes without a region page; what its pages do not ask is refused', async () => {
    const london = { address_line1: '10 Downing St', city: 'London', post_code: 'SW1A 2AA', country_code: 'GB' };
    const cot = await c.token({ postal_address: london });
    const eco = 'prv_ecotricity';
    const market = await refused(
      { connect_token: cot, provider_id: eco, tariff_id: 'ltf_octopusflexible' },
      400,
      'provider_market_only',
    );
    expect(market.message).toContain('market {provider_id');
    expect(
      (
        await refused(
          { connect_token: cot, market: { provider_id: eco, tariff_name: 'Green' } },
          400,
          'choice_unsupported',
        )
      ).message,
    ).toContain('market.tariff_name');
    // Great Britain has one market region: the body may name it, not another.
    await refused(
      { connect_token: cot, market: { provider_id: eco, market_id: 'DE-LU' } },
      400,
      'market_region_invalid',
    );

    const r = await complete({
      connect_token: cot,
      market: { provider_id: eco, market_id: 'GB', surcharge_fixed: 0.02, surcharge_percent: 5 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ used: true, complete_action: 'SAVE', price_available: true });
    const [stored] = (
      await c.h.call({ method: 'GET', url: `/tariffs?location_id=${r.body.location_id}`, headers: c.h.test })
    ).body.data;
    expect(stored).toMatchObject({
      display_name: 'Ecotricity',
      provider_id: eco,
      connection_type: 'MANUAL',
      market_rates: true,
    });
    expect(stored.schedule[0].days_and_hours[0].hours[0].rate).toEqual([
      { surcharge_fixed: 0.02, surcharge_percentage: 0.05 },
    ]);
  });

  it('addresses and actions: what the token lacks, and an action without a location', async () => {
    const bare = await c.token({ postal_address: { country_code: 'DE' } });
    await refused({ connect_token: bare, ...library }, 400, 'address_line1_missing');
    await refused(
      { connect_token: bare, ...library, postal_address: { city: 'Berlin' } },
      400,
      'address_line1_missing',
    );
    await refused({ connect_token: bare, ...library, action: 'EDIT' }, 400, 'location_id_missing');
    await refused({ connect_token: bare, action: 'DISCONNECT' }, 400, 'location_id_missing');
    // The address completes the token's: the country comes from the token.
    const r = await complete({
      connect_token: bare,
      ...library,
      postal_address: { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115' },
    });
    expect(r.status).toBe(200);
    const loc = await c.h.call({ method: 'GET', url: `/locations/${r.body.location_id}`, headers: c.h.test });
    expect(loc.body.postal_address).toMatchObject({ city: 'Berlin', country_code: 'DE', post_code: '10115' });
    // A location's token takes no address.
    const edit = await c.token({ location_id: r.body.location_id });
    await refused(
      { connect_token: edit, action: 'EDIT', ...library, postal_address: berlinAddress },
      400,
      'postal_address_invalid',
    );
    // DISCONNECT on an empty slot: its provider page offers no DISCONNECT.
    const empty = (await c.h.location()).id;
    const none = await c.token({ location_id: empty });
    await refused({ connect_token: none, action: 'DISCONNECT' }, 400, 'action_invalid');
  });

  it('a session a browser had begun is started over, and a refused call leaves it as it was', async () => {
    const cot = await c.token({ postal_address: berlinAddress });
    await c.start(cot);
    await c.submit('provider_select', cot, { provider: { id: 'prv_octopusenergy' } });
    await refused(
      { connect_token: cot, provider_id: 'prv_nordlichtenergie', tariff_id: 'ltf_octopusflexible' },
      400,
      'tariff_not_found',
    );
    // The browser's session goes on where it was.
    expect((await c.submit('tariff_select', cot, { tariff: { id: 'ltf_octopusflexible' } })).route).toBe(
      'contract_term_capture',
    );
    const r = await complete({ connect_token: cot, ...library });
    expect(r.status).toBe(200);
    const [stored] = (
      await c.h.call({ method: 'GET', url: `/tariffs?location_id=${r.body.location_id}`, headers: c.h.test })
    ).body.data;
    expect(stored.display_name).toBe('Nordlicht Fix 24');
    // The browser's next message finds the token spent.
    expect((await c.submit('contract_term_capture', cot)).code).toBe('connect_token_used');
  });
});

describe('the page flow and the helper store identical tariffs for the same choices', () => {
  let c: ConnectHarness;
  beforeEach(async () => (c = await connectHarness(NOW)));
  afterEach(() => c.close());

  const via = pagesAndHelper(() => c);

  const cases: { name: string; steps: [string, unknown?, string?][]; body: object; name_stored?: string }[] = [
    {
      name: 'library',
      steps: [
        ['provider_select', { provider: { id: 'prv_nordlichtenergie' } }],
        ['tariff_select', { tariff: { id: 'ltf_nordlichtnacht' } }],
        ['contract_term_capture'],
      ],
      body: { provider_id: 'prv_nordlichtenergie', tariff_id: 'ltf_nordlichtnacht' },
    },
    {
      name: 'manual FIXED',
      steps: [
        ['provider_select', undefined, 'PROVIDER_MISSING'],
        ['provider_name_capture', { provider: { name: 'Stadtwerke Mitte' } }],
        ['tariff_name_capture', { tariff: { name: 'Flat' } }],
        ['tariff_structure_select', { options: ['FIXED'] }],
        ['rate_fixed_capture', { cost: 0.28 }],
        ['contract_term_capture', { contract_end_date: '2027-06-30T22:00:00Z' }],
      ],
      body: {
        manual: {
          provider_name: 'Stadtwerke Mitte',
          tariff_name: 'Flat',
          structure: 'FIXED',
          cost: 0.28,
          contract_end_date: '2027-06-30T22:00:00Z',
        },
      },
    },
    {
      name: 'manual TIME_OF_DAY',
      steps: [
        ['provider_select', undefined, 'PROVIDER_MISSING'],
        ['provider_name_capture', { provider: { name: 'Stadtwerke Mitte' } }],
        ['tariff_name_capture', { tariff: { name: 'Tag/Nacht' } }],
        ['tariff_structure_select', { options: ['TIME_OF_DAY'] }],
        ['rate_tod_capture', { hours }],
        ['contract_term_capture'],
      ],
      body: {
        manual: { provider_name: 'Stadtwerke Mitte', tariff_name: 'Tag/Nacht', structure: 'TIME_OF_DAY', hours },
      },
    },
    {
      name: 'market, listed provider, the tariff named',
      steps: [
        ['provider_select', { provider: { id: 'prv_nordlichtenergie' } }],
        ['tariff_select', undefined, 'TARIFF_MISSING'],
        ['tariff_name_capture', { tariff: { name: 'Nordlicht Börse' } }],
        ...marketPages('DE-LU', 0.1, 5),
      ],
      body: {
        market: {
          provider_id: 'prv_nordlichtenergie',
          tariff_name: 'Nordlicht Börse',
          market_id: 'DE-LU',
          surcharge_fixed: 0.1,
          surcharge_percent: 5,
        },
      },
      name_stored: 'Nordlicht Börse',
    },
    {
      name: 'market, listed provider, no name given: the name the page suggests typing',
      steps: [
        ['provider_select', { provider: { id: 'prv_nordlichtenergie' } }],
        ['tariff_select', undefined, 'TARIFF_MISSING'],
        ['tariff_name_capture', { tariff: { name: 'Market tariff' } }],
        ...marketPages('DE-LU', 0.1, 5),
      ],
      body: {
        market: { provider_id: 'prv_nordlichtenergie', market_id: 'DE-LU', surcharge_fixed: 0.1, surcharge_percent: 5 },
      },
    },
    {
      name: 'market, unlisted provider, both names typed in',
      steps: [
        ['provider_select', undefined, 'PROVIDER_MISSING'],
        ['provider_name_capture', { provider: { name: 'Acme Energy' } }],
        ['tariff_name_capture', { tariff: { name: 'My Plan' } }],
        ...marketPages('DE-LU', 0.02, 3),
      ],
      body: {
        market: {
          provider_name: 'Acme Energy',
          tariff_name: 'My Plan',
          market_id: 'DE-LU',
          surcharge_fixed: 0.02,
          surcharge_percent: 3,
        },
      },
      name_stored: 'Acme Energy – My Plan',
    },
    {
      name: 'market, unlisted provider, no names given',
      steps: [
        ['provider_select', undefined, 'PROVIDER_MISSING'],
        ['provider_name_capture', { provider: { name: 'Other provider' } }],
        ['tariff_name_capture', { tariff: { name: 'Market tariff' } }],
        ...marketPages('DE-LU', 0, 0),
      ],
      body: { market: { market_id: 'DE-LU' } },
    },
    {
      name: 'DIRECT success',
      steps: [['provider_select', { provider: { id: 'prv_rheinstromwerke' } }]],
      body: { direct: { provider_id: 'prv_rheinstromwerke', outcome: 'success' } },
    },
  ];

  for (const k of cases)
    it(k.name, async () => {
      // A customer of the account: a token's customer_id must name one.
      const customer_id = (await c.h.call({ method: 'POST', url: '/customers', headers: c.h.test, payload: {} })).body
        .id;
      const a = await via.same({ postal_address: berlinAddress, customer_id }, k.steps, k.body);
      expect(a.tariffs[0].schedule ?? a.tariffs[0].status).toBeTruthy();
      if (k.name_stored) expect(a.tariffs[0].display_name).toBe(k.name_stored);
    });
});
