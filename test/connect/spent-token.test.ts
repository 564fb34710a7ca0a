import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLBACK, connectHarness, WEB, type ConnectHarness } from './harness.js';
import { berlinAddress, snapshot } from '../helpers.js';
import { CONNECT_ROUTES, CONNECT_ROUTE_NAMES } from '../../core/engine/connect/routes/index.js';

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const view = async (cot: string) =>
  (await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${cot}`, headers: c.h.test })).body;
const completions = async (cot: string) =>
  (
    await c.h.call({ method: 'GET', url: '/events?type=connect.session.complete&limit=100', headers: c.h.test })
  ).body.data.filter((e: any) => e.data.id === cot);

/** Data each page would accept, so a replay is refused for the token and not for its data. */
const GOOD_DATA: Record<string, unknown> = {
  postal_address_capture: { postal_address: berlinAddress },
  provider_select: { provider: { id: 'prv_nordlichtenergie' } },
  provider_name_capture: { provider: { name: 'Acme' } },
  tariff_select: { tariff: { id: 'ltf_nordlichtnacht' } },
  tariff_name_capture: { tariff: { name: 'Night' } },
  tariff_structure_select: { options: ['FIXED'] },
  contract_term_capture: { contract_end_date: '2027-06-30T00:00:00Z' },
  rate_fixed_capture: { cost: 0.5 },
  rate_tod_capture: {
    hours: [
      { valid_from: '00:00:00', valid_to: '12:00:00', cost: 0.1 },
      { valid_from: '12:00:00', valid_to: '00:00:00', cost: 0.2 },
    ],
  },
  region_select: { region: 'DE-LU' },
  surcharge_capture: { surcharge: { fixed: 0.1, percentage: 5 } },
};

/** Every message a client could send: both starts, each page's data, and each action a page lists. */
function replays(): { route: string; action?: string; data?: unknown }[] {
  const out: { route: string; action?: string; data?: unknown }[] = [
    { route: 'session_start' },
    { route: 'session_restore' },
  ];
  for (const route of CONNECT_ROUTE_NAMES) {
    if (GOOD_DATA[route]) out.push({ route, data: GOOD_DATA[route] });
    for (const action of CONNECT_ROUTES[route].actions) out.push({ route, action });
  }
  return out;
}

/** Replays every message on a spent token: each is the connect error object `connect_token_used`, and nothing is stored. */
async function expectSpent(cot: string) {
  const before = snapshot(c.h.svc);
  const events = (await completions(cot)).length;
  for (const m of replays()) {
    const r = await c.connect.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ connect_token: cot, type: 'submit', ...m }),
    });
    const body = JSON.parse(r.body);
    expect({ m, status: r.statusCode, body }).toMatchObject({
      m,
      status: 400,
      body: {
        object: 'error',
        code: 'connect_token_used',
        context: `connect.${m.route}`,
        connect_token: cot,
        request_id: expect.stringMatching(/^req_/),
      },
    });
  }
  expect(snapshot(c.h.svc)).toBe(before);
  expect(await completions(cot)).toHaveLength(events);
}

/** A new Berlin location through the library's Nordlicht Fix tariff, up to the summary (the session completed). */
async function completed() {
  const cot = await c.token({ postal_address: berlinAddress });
  await c.start(cot);
  await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
  await c.submit('tariff_select', cot, { tariff: { id: 'ltf_nordlichtfix' } });
  expect((await c.submit('contract_term_capture', cot)).route).toBe('tariff_summary');
  return cot;
}

describe('a spent connect token never acts again', () => {
  it('after completion, EDIT and DISCONNECT on the summary are refused: the stored tariff and its one event stay', async () => {
    const cot = await completed();
    const t = await view(cot);
    expect(t).toMatchObject({ used: true, complete_action: 'SAVE' });
    const before = snapshot(c.h.svc);
    for (const action of ['EDIT', 'DISCONNECT', 'WRONG_TARIFF'])
      expect(await c.submit('tariff_summary', cot, undefined, action)).toMatchObject({
        object: 'error',
        code: 'connect_token_used',
        context: 'connect.tariff_summary',
      });
    expect(snapshot(c.h.svc)).toBe(before);
    const tariffs = await c.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: c.h.test });
    expect(tariffs.body.data.map((x: any) => x.id)).toEqual([t.tariff_id]);
    expect(await completions(cot)).toHaveLength(1);

    // Done still leaves, once; then the token answers nothing.
    const left = await c.submit('tariff_summary', cot, undefined, 'CLOSE');
    expect(left).toEqual({
      route: 'session_redirect',
      connect_token: cot,
      live_mode: false,
      data: { redirect_url: `${CALLBACK}?svc_cot=${cot}&fp_cot=${cot}` },
    });
    await expectSpent(cot);
    expect(await view(cot)).toEqual(t);
  });

  it('a session that left before completing cannot be resumed; the token stays uncompleted', async () => {
    const cot = await c.token({ postal_address: berlinAddress });
    await c.start(cot);
    await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
    expect((await c.submit('tariff_select', cot, undefined, 'CLOSE')).route).toBe('session_redirect');
    await expectSpent(cot);
    expect(await view(cot)).toMatchObject({ used: false, complete_action: '', location_id: null, tariff_id: null });
  });

  it('BACK off the first page leaves too, and spends the token', async () => {
    const cot = await c.token({ postal_address: berlinAddress });
    expect((await c.start(cot)).route).toBe('provider_select');
    expect((await c.submit('provider_select', cot, undefined, 'BACK')).route).toBe('session_redirect');
    await expectSpent(cot);
  });

  it('DISCONNECT on the summary of an existing slot spends the token; a replay removes nothing more', async () => {
    const first = await completed();
    const { location_id } = await view(first);
    const cot = await c.token({ location_id });
    expect((await c.start(cot)).route).toBe('tariff_summary');
    expect((await c.submit('tariff_summary', cot, undefined, 'DISCONNECT')).route).toBe('session_redirect');
    expect(await view(cot)).toMatchObject({ used: true, complete_action: 'DISCONNECT' });
    // A new tariff on the slot must survive replays of the spent token.
    await c.h.tariff(location_id);
    await expectSpent(cot);
  });

  it('a token born spent (actions.disconnect_tariff) answers connect_token_used on every route', async () => {
    const first = await completed();
    const { location_id } = await view(first);
    const cot = await c.token({ location_id, actions: { disconnect_tariff: true } });
    await c.h.tariff(location_id);
    await expectSpent(cot);
  });

  it('a pending DIRECT completion: only leaving is answered, and the provider pages cannot answer again', async () => {
    const inverness = { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' };
    const cot = await c.token({ postal_address: inverness });
    expect((await c.viaProvider(cot, 'prv_eonnext', 'allow')).status).toBe(303);
    expect((await c.send({ route: 'session_restore', connect_token: cot, type: 'submit' })).route).toBe(
      'tariff_connection_pending',
    );
    const t = await view(cot);
    for (const action of ['EDIT', 'DISCONNECT'])
      expect((await c.submit('tariff_connection_pending', cot, undefined, action)).code).toBe('connect_token_used');
    // The consent form posted again changes nothing.
    const before = snapshot(c.h.svc);
    await c.providerLogin(`${WEB}/provider-login/prv_eonnext?svc_cot=${cot}`, 'allow');
    expect(snapshot(c.h.svc)).toBe(before);
    expect((await c.submit('tariff_connection_pending', cot, undefined, 'CLOSE')).route).toBe('session_redirect');
    await expectSpent(cot);
    expect(await view(cot)).toEqual(t);
  });
});
