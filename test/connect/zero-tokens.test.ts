import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONDON, ZERO_CALLBACK, zeroHarness, type ZeroHarness } from './zero-harness.js';
import { CALLBACK } from './harness.js';

let z: ZeroHarness;
beforeEach(async () => (z = await zeroHarness()));
afterEach(() => z.close());

const post = (url: string, payload: object, headers = z.h.zero) => z.h.call({ method: 'POST', url, headers, payload });
const exchange = (cot: string, headers = z.h.zero) =>
  z.h.call({ method: 'GET', url: `/connect/tariff/token?connect_token=${cot}`, headers });
const locations = async () => (await z.h.call({ method: 'GET', url: '/locations', headers: z.h.test })).body.data;

const FLAT = [
  {
    days_and_hours: [
      { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.2412 }] }] },
    ],
  },
];

describe('Zero: POST /connect/tariff/token', () => {
  it('takes callback_uri (and ignores fields it does not know); the token speaks Zero', async () => {
    const r = await post('/connect/tariff/token', {
      callback_uri: ZERO_CALLBACK,
      connect_web_uri: 'http://localhost:7070',
      direction: 'IMPORT',
      type: 'COMMODITY',
      postal_address: { country_code: 'GB' },
      customer_reference_id: 'CUS0123456789',
      device_id: 'dev_unknown_to_this_operation',
    });
    expect(r.status).toBe(200);
    expect(r.headers['flatpeak-version']).toBe('2024-08-24');
    expect(r.body).toEqual({ connect_token: expect.stringMatching(/^cot_/), expires_in: 86400, live_mode: false });
    const page = await z.restore(r.body.connect_token);
    expect(page).toMatchObject({ route: 'postal_address_capture', direction: 'IMPORT' });
    expect(page.type).toBeUndefined();
  });

  it('refuses a token without callback_uri with Zero’s status, and a bad field by name', async () => {
    const missing = await post('/connect/tariff/token', { postal_address: { country_code: 'GB' } });
    expect(missing.status).toBe(409);
    expect(missing.body).toMatchObject({
      code: 'callback_uri_missing',
      message: expect.stringContaining('callback_uri'),
    });
    const bad = await post('/connect/tariff/token', { callback_uri: ZERO_CALLBACK, direction: 'SIDEWAYS' });
    expect(bad).toMatchObject({ status: 409, body: { code: 'direction_invalid' } });
    const country = await post('/connect/tariff/token', {
      callback_uri: ZERO_CALLBACK,
      postal_address: { country_code: 'ZZ' },
    });
    expect(country).toMatchObject({ status: 409, body: { code: 'country_code_invalid' } });
  });

  it('Anode keeps its own token body: callback_url, and Zero’s callback_uri is not it', async () => {
    const anode = await post('/connect/tariff/token', { callback_url: CALLBACK }, z.h.test);
    expect(anode.status).toBe(200);
    expect((await z.start(anode.body.connect_token)).type).toBe('COMMODITY');
    const zeroBody = await post('/connect/tariff/token', { callback_uri: ZERO_CALLBACK }, z.h.test);
    expect(zeroBody.status).toBe(400);
    expect(['callback_url_missing', 'parameter_unknown']).toContain(zeroBody.body.code);
    // Anode's own path is not Zero's.
    expect((await post('/connect/token', { callback_url: CALLBACK })).status).toBe(404);
  });
});

describe('Zero: GET /connect/tariff/token exchanges a token for its location', () => {
  it('answers the ConnectToken shape, before and after the session', async () => {
    const created = await post('/connect/tariff/token', {
      callback_uri: ZERO_CALLBACK,
      postal_address: LONDON,
      location_reference_id: 'LOC0123456789',
    });
    const cot = created.body.connect_token;
    const before = await exchange(cot);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      id: cot,
      object: 'connect_token',
      live_mode: false,
      // Zero writes no nulls here: no location yet is an empty string, no customer is left out.
      location_id: '',
      location_reference_id: 'LOC0123456789',
      is_tariff_processed: false,
      complete_action: '',
      time_created: '2026-11-20T10:00:00Z',
      time_expiry: '2026-11-21T10:00:00Z',
    });
    await z.restore(cot);
    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_edfstandard' } });
    const summary = await z.zsubmit('contract_term_capture', cot, {});
    await z.zsubmit(summary.route, cot, undefined, 'SAVE');
    const after = await exchange(cot);
    expect(after.body).toMatchObject({
      location_id: expect.stringMatching(/^loc_/),
      is_tariff_processed: true,
      complete_action: 'SAVE',
    });
    const loc = await z.h.call({ method: 'GET', url: `/locations/${after.body.location_id}`, headers: z.h.zero });
    expect(loc.status).toBe(200);
    // Another account's token, or none, is not found.
    expect((await exchange('cot_nope')).status).toBe(404);
  });
});

describe('Zero: POST /connect/tariff/batch', () => {
  it('stores a new location and its FIXED tariff at once, with a spent token', async () => {
    const r = await post('/connect/tariff/batch', {
      session: {
        direction: 'IMPORT',
        type: 'COMMODITY',
        customer_reference_id: 'CUS42',
        location_reference_id: 'LOC42',
      },
      postal_address: LONDON,
      tariff: { provider_id: 'prv_edf', type: 'FIXED', name: 'Imported flat', data: FLAT },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'connect_token',
      location_id: expect.stringMatching(/^loc_/),
      customer_id: expect.stringMatching(/^cus_/),
      customer_reference_id: 'CUS42',
      location_reference_id: 'LOC42',
      is_tariff_processed: true,
      complete_action: 'SAVE',
    });
    const prices = await z.h.call({
      method: 'POST',
      url: `/prices/${r.body.location_id}`,
      headers: z.h.test,
      payload: { start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-21T00:00:00Z' },
    });
    expect(prices.status).toBe(200);
    expect(prices.body.data[0].price.value).toBe(0.2412);
    expect((await z.restore(r.body.id)).code).toBe('connect_token_used');
  });

  it("reads a rate's price written as value, as the batch example writes it", async () => {
    const data = [
      {
        months: ['All'],
        days_and_hours: [
          {
            days: ['All'],
            hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ to_kwh: null, value: 0.27 }] }],
          },
        ],
      },
    ];
    const r = await post('/connect/tariff/batch', {
      session: { direction: 'IMPORT', type: 'COMMODITY' },
      postal_address: LONDON,
      tariff: { type: 'FIXED', name: 'Valued', data },
    });
    expect(r.status).toBe(200);
    const prices = await z.h.call({
      method: 'POST',
      url: `/prices/${r.body.location_id}`,
      headers: z.h.test,
      payload: { start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-20T01:00:00Z' },
    });
    expect(prices.body.data[0].price.value).toBe(0.27);
  });

  it('replaces the slot of a known location, takes MARKET without data, and disconnects', async () => {
    const first = await post('/connect/tariff/batch', {
      postal_address: LONDON,
      tariff: { type: 'FIXED', data: FLAT },
    });
    const loc = first.body.location_id;
    const market = await post('/connect/tariff/batch', {
      session: { location_id: loc },
      tariff: { type: 'MARKET', name: 'Agile', contract: { end_date: '2027-11-20T00:00:00Z' } },
    });
    expect(market.body).toMatchObject({ location_id: loc, complete_action: 'SAVE' });
    const list = await z.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: z.h.test });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      market_rates: true,
      display_name: 'Agile',
      contract_end_date: '2027-11-20T00:00:00Z',
    });
    const gone = await post('/connect/tariff/batch', { session: { location_id: loc, disconnect: true } });
    expect(gone.body).toMatchObject({ location_id: loc, complete_action: 'DISCONNECT', is_tariff_processed: false });
    const after = await z.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: z.h.test });
    expect(after.body.data).toHaveLength(0);
  });

  it('refuses bad input with Zero’s status and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ postal_address: LONDON, tariff: { type: 'FIXED' } }, 'data_missing'],
      [{ postal_address: LONDON }, 'tariff_missing'],
      [{ tariff: { type: 'FIXED', data: FLAT } }, 'country_code_missing'],
      [{ postal_address: LONDON, tariff: { type: 'HOURLY', data: FLAT } }, 'type_invalid'],
      [{ session: { disconnect: true } }, 'location_id_missing'],
    ];
    for (const [body, code] of cases) {
      const r = await post('/connect/tariff/batch', body);
      expect(r.status, code).toBe(409);
      expect(r.body.code).toBe(code);
    }
    const unknown = await post('/connect/tariff/batch', {
      postal_address: LONDON,
      tariff: { type: 'FIXED', provider_id: 'prv_nope', data: FLAT },
    });
    expect(unknown.status).toBe(404);
    expect(await locations()).toHaveLength(0);
  });
});

describe('Zero: a client written against the real Zero service, run as written', () => {
  it('creates a token, walks Ecotricity through the connect service and exchanges the token', async () => {
    const created = await post('/connect/tariff/token', {
      direction: 'IMPORT',
      type: 'COMMODITY',
      callback_uri: 'https://someuri/',
      postal_address: { country_code: 'GB' },
    });
    const cot = created.body.connect_token as string;
    const step = (route: string, extra: object) => z.zsend({ connect_token: cot, route, ...extra });
    expect((await step('session_restore', {})).route).toBe('postal_address_capture');
    const address = await step('postal_address_capture', { data: { postal_address: LONDON } });
    const eco = address.data.providers.find((p: { display_name: string }) => p.display_name === 'Ecotricity');
    expect(eco).toBeDefined();
    for (const [route, extra, next] of [
      ['provider_select', { data: { provider: { id: eco.id } } }, 'tariff_structure_select'],
      ['tariff_structure_select', { data: { options: ['MARKET'] } }, 'market_surcharge_capture'],
      [
        'market_surcharge_capture',
        { data: { surcharge: { fixed: 0.5, percentage: 18.5 }, region: 'GB' } },
        'tariff_name_capture',
      ],
      ['tariff_name_capture', { data: { tariff: { name: 'Test Tariff_OM' } } }, 'contract_term_capture'],
      ['contract_term_capture', { data: { contract_end_date: '2026-12-20T00:00:00Z' } }, 'summary_tou_confirm'],
      ['summary_tou_confirm', { action: 'SAVE' }, 'session_complete'],
    ] as const) {
      const r = await step(route, extra);
      expect(r.status, route).toBe(200);
      expect(r.route, route).toBe(next);
    }
    const t = await exchange(cot);
    expect(t.body).toMatchObject({ location_id: expect.stringMatching(/^loc_/), complete_action: 'SAVE' });
  });
});
