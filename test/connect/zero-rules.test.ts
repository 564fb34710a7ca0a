import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONDON, zeroHarness, type ZeroHarness } from './zero-harness.js';

let z: ZeroHarness;
beforeEach(async () => (z = await zeroHarness()));
afterEach(() => z.close());

/** What the service holds for a token: its public view and the page its session is on. */
const state = (cot: string) => {
  const t = z.h.svc.connectTokens.load(cot)!;
  return JSON.stringify({ used: t.used, location: t.location_id, session: t.session });
};

describe('Zero connect: leniency', () => {
  it('a `type`, an Authorization header and unknown fields are all accepted', async () => {
    const cot = z.zeroToken({ postal_address: { country_code: 'GB' } });
    // The Zero-era web app sends type "submit"; scripts send none; both work.
    const first = await z.zsend({ route: 'session_restore', connect_token: cot, type: 'submit', extra: 1 });
    expect(first.route).toBe('postal_address_capture');
    const p = await z.zsend({
      route: 'postal_address_capture',
      connect_token: cot,
      session_id: 'ignored',
      data: { postal_address: { ...LONDON, unit: '4B' }, note: 'ignored' },
    });
    expect(p.route).toBe('provider_select');
  });

  it('takes the body as the Zero-era web app posts it: text without a JSON content type', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    const r = await z.connect.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ route: 'session_restore', connect_token: cot, type: 'submit' }),
    });
    expect(JSON.parse(r.body).route).toBe('provider_select');
    // The answer says the generation it was written in; an Anode token's says Anode.
    expect(r.headers['flatpeak-version']).toBe('2024-08-24');
    const anode = await z.token({ postal_address: LONDON });
    const a = await z.connect.inject({
      method: 'POST',
      url: '/',
      payload: { route: 'session_start', connect_token: anode, type: 'submit' },
    });
    expect(a.headers['flatpeak-version']).toBe('2025-09-14.anode');
  });

  it('lets a browser on this machine send an Authorization header (CORS preflight)', async () => {
    const r = await z.connect.inject({
      method: 'OPTIONS',
      url: '/',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(r.statusCode).toBe(204);
    expect(String(r.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('session_start is a synonym of session_restore, and resuming answers the same page', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    expect((await z.zsend({ route: 'session_start', connect_token: cot })).route).toBe('provider_select');
    expect((await z.restore(cot)).route).toBe('provider_select');
  });
});

describe('Zero connect: refusals store nothing', () => {
  it('has no BACK or CLOSE', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    const before = state(cot);
    for (const action of ['BACK', 'CLOSE']) {
      const r = await z.zsubmit('provider_select', cot, undefined, action);
      expect(r).toMatchObject({
        status: 400,
        object: 'error',
        code: 'action_invalid',
        context: 'connect.provider_select',
        connect_token: cot,
      });
      expect(r.request_id).toEqual(expect.any(String));
    }
    expect(state(cot)).toBe(before);
  });

  it("Anode's page names are not Zero's", async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    for (const route of ['tariff_summary', 'surcharge_capture', 'region_select'])
      expect((await z.zsubmit(route, cot, {})).code).toBe('route_invalid');
    expect((await z.zsubmit('tariff_select', cot, { tariff: { id: 'x' } })).code).toBe('route_invalid');
  });

  it('each page answers bad input with its own code and keeps the session where it was', async () => {
    const cot = z.zeroToken({ postal_address: { country_code: 'GB' } });
    await z.restore(cot);
    let before = state(cot);
    const bad = await z.zsubmit('postal_address_capture', cot, { postal_address: { country_code: 'GB' } });
    expect(bad).toMatchObject({
      status: 400,
      code: 'address_line1_missing',
      context: 'connect.postal_address_capture',
    });
    expect(
      (await z.zsubmit('postal_address_capture', cot, { postal_address: { ...LONDON, country_code: 'ZZ' } })).code,
    ).toBe('country_code_invalid');
    expect(state(cot)).toBe(before);
    await z.zsubmit('postal_address_capture', cot, { postal_address: LONDON });
    before = state(cot);
    expect((await z.zsubmit('provider_select', cot, { provider: {} })).code).toBe('provider_id_missing');
    expect((await z.zsubmit('provider_select', cot, { provider: { id: 'prv_nope' } })).code).toBe('provider_not_found');
    expect(state(cot)).toBe(before);

    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_ecotricity' } });
    before = state(cot);
    expect((await z.zsubmit('tariff_structure_select', cot, { options: ['HOURLY'] })).code).toBe('option_invalid');
    // A market-only supplier's tariffs follow the market.
    expect((await z.zsubmit('tariff_structure_select', cot, { options: ['FIXED'] })).code).toBe('option_invalid');
    expect(state(cot)).toBe(before);
    await z.zsubmit('tariff_structure_select', cot, { options: ['MARKET'] });
    await z.zsubmit('market_surcharge_capture', cot, { surcharge: { fixed: 0.1, percentage: 5 } });
    await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Green' } });
    before = state(cot);
    expect((await z.zsubmit('contract_term_capture', cot, { contract_end_date: '2020-01-01T00:00:00Z' })).code).toBe(
      'contract_end_date_invalid',
    );
    expect(state(cot)).toBe(before);
    const locations = await z.h.call({ method: 'GET', url: '/locations', headers: z.h.test });
    expect(locations.body.data).toHaveLength(0);
    // The tariff is stored with its last page: its summary takes SAVE only, and nothing else moves the spent token.
    await z.zsubmit('contract_term_capture', cot, {});
    expect((await z.zsubmit('summary_tou_confirm', cot, undefined, 'WRONG_TARIFF')).code).toBe('action_invalid');
    expect((await z.zsubmit('summary_tou_confirm', cot, {})).code).toBe('connect_token_used');
    expect((await z.zsubmit('summary_tou_confirm', cot, undefined, 'EDIT')).code).toBe('connect_token_used');
    expect((await z.zsubmit('summary_tou_confirm', cot, undefined, 'SAVE')).route).toBe('session_complete');
  });

  it('a page answered out of turn is route_invalid', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    expect((await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } })).code).toBe('session_not_started');
    await z.restore(cot);
    expect((await z.zsubmit('rate_fixed_capture', cot, { cost: 1 })).code).toBe('route_invalid');
  });
});

describe('Anode tokens are unchanged', () => {
  it('still list BACK and CLOSE, carry `type`, and leave with session_redirect', async () => {
    const cot = await z.token({ postal_address: LONDON });
    const p = await z.start(cot);
    expect(p).toMatchObject({
      route: 'provider_select',
      type: 'COMMODITY',
      actions: ['PROVIDER_MISSING', 'ADDRESS_CHANGE', 'BACK', 'CLOSE'],
    });
    expect((await z.submit('provider_select', cot, undefined, 'CLOSE')).route).toBe('session_redirect');
    // Zero's page names mean nothing to an Anode session.
    const other = await z.token({ postal_address: LONDON });
    await z.start(other);
    expect((await z.submit('summary_fixed_confirm', other, undefined, 'SAVE')).code).toBe('route_invalid');
  });
});
