import { afterAll, beforeAll, expect } from 'vitest';
import { liveHost, type LiveHost } from '../e2e/host.js';
import { receiver, until } from '../webhooks/receiver.js';
import { CALLBACK, type ConnectHarness } from '../connect/harness.js';
import { berlinAddress } from '../helpers.js';

/** What the connect test helper's suites share: the instant, the day priced, and the route. */
export const NOW = '2026-11-20T10:00:00Z'; // a Friday: weekday hours apply
/** The local day of NOW in Berlin: contracts start on it, so its prices are the tariff's. */
export const DAY = { start_time: '2026-11-20T00:00:00+01:00', end_time: '2026-11-21T00:00:00+01:00' };
export const HELPER = '/test_helpers/connect/complete';

/** What a stored tariff is, apart from its identity and when it was written. */
export const content = (t: any) => {
  const { id: _id, location_id: _l, time_created: _c, time_updated: _u, ...rest } = t;
  return rest;
};
/** A price answer as `[from, to, value]` rows of local clock times. */
export const prices = (r: { body: any }) =>
  r.body.data.map((p: any) => [p.valid_from.slice(11, 16), p.valid_to.slice(11, 16), p.price.value]);

/**
 * A running host with a webhook receiver for one describe block (registers its own beforeAll and
 * afterAll), and the calls the helper's tests make against it.
 */
export function helperWorld(description: string) {
  let env!: LiveHost;
  let rx!: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    rx = await receiver();
    env = await liveHost({ now: NOW, demo: false, webhooks: { timeoutMs: 2000 } });
    const ep = await env.api('POST', '/webhooks', { url: rx.url, description });
    expect(ep.status).toBe(200);
  });
  afterAll(async () => {
    await env.host.stop();
    await rx.close();
  });

  const api: LiveHost['api'] = (...args) => env.api(...args);
  /** The webhooks delivered so far of one type for one object (`data.id`, or the tariff a lifecycle event names). */
  const delivered = (type: string, id: string) =>
    rx.got.map((m) => JSON.parse(m.body)).filter((e) => e.type === type && (e.data.id ?? e.data.tariff_id) === id);
  const token = async (body: object = { postal_address: berlinAddress }) => {
    const r = await api('POST', '/connect/token', { callback_url: CALLBACK, ...body });
    expect(r.status).toBe(200);
    return r.body.connect_token as string;
  };
  const complete = (body: object) => api('POST', HELPER, body);
  /** The first such webhook, waited for. */
  const webhook = (type: string, id: string) => until(() => delivered(type, id)[0], `${type} for ${id}`);

  return {
    get env() {
      return env;
    },
    api,
    token,
    complete,
    tariffsOf: async (loc: string) => (await api('GET', `/tariffs?location_id=${loc}`)).body.data,
    pricesOf: (loc: string) => api('POST', `/prices/${loc}`, DAY),
    delivered,
    webhook,
    /**
     * A new token (made with `tokenBody`) completed with `choice`: the answer is the token as
     * GET /connect/token shows it, and a second call (`again`, any well-formed choice) finds it spent.
     */
    async completed(
      choice: object,
      tokenBody?: object,
      again: object = { manual: { provider_name: 'A', tariff_name: 'B', structure: 'FIXED', cost: 1 } },
    ) {
      const cot = await token(tokenBody);
      const r = await complete({ connect_token: cot, ...choice });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual((await api('GET', `/connect/token?connect_token=${cot}`)).body);
      expect(await complete({ connect_token: cot, ...again })).toMatchObject({
        status: 400,
        body: { object: 'error', code: 'connect_token_used', context: 'testHelpers.connect.complete' },
      });
      return r.body;
    },
    /** The completion event was delivered to the receiver, naming the token's location and tariff. */
    async completionDelivered(t: any) {
      const e = await webhook('connect.session.complete', t.id);
      expect(e.data).toMatchObject({
        id: t.id,
        object: 'connect_token',
        location_id: t.location_id,
        tariff_id: t.tariff_id,
        price_available: t.price_available,
      });
    },
  };
}

/** The pages after a typed-in tariff's name when it follows the market: the structure, region, surcharge and term. */
export const marketPages = (region: string, fixed: number, percentage: number): [string, unknown?, string?][] => [
  ['tariff_structure_select', { options: ['MARKET'] }],
  ['region_select', { region }],
  ['surcharge_capture', { surcharge: { fixed, percentage } }],
  ['contract_term_capture'],
];

/** The two ways to complete a token on a connect harness, and what each left stored, for comparing them. */
export function pagesAndHelper(harness: () => ConnectHarness) {
  const get = async (url: string) => {
    const c = harness();
    return (await c.h.call({ method: 'GET', url, headers: c.h.test })).body;
  };
  const via = {
    /** The browser's messages for a choice after session_start (a provider's login allowed), ending with Done. */
    async pages(cot: string, steps: [string, unknown?, string?][]) {
      const c = harness();
      await c.start(cot);
      let last: any;
      for (const [route, data, action] of steps) {
        last = await c.submit(route, cot, data, action);
        expect(last.object, JSON.stringify(last)).not.toBe('error');
        if (last.route === 'session_redirect' && last.data.redirect_url.includes('/provider-login/')) {
          expect((await c.providerLogin(last.data.redirect_url, 'allow')).status).toBe(303);
          last = await c.send({ route: 'session_restore', connect_token: cot, type: 'submit' });
        }
      }
      expect((await c.submit(last.route, cot, undefined, 'CLOSE')).route).toBe('session_redirect');
    },
    /** The test helper with `body`. */
    async helper(cot: string, body: object) {
      const c = harness();
      const r = await c.h.call({
        method: 'POST',
        url: HELPER,
        headers: c.h.test,
        payload: { connect_token: cot, ...body },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    },
    get,
    /**
     * Two tokens made with `tokenBody`, one completed through the pages with `steps`, the other
     * through the helper with `body`: what each left stored must be the same. Answers it.
     */
    async same(tokenBody: object, steps: [string, unknown?, string?][], body: object) {
      const byPages = await harness().token(tokenBody);
      const byHelper = await harness().token(tokenBody);
      await via.pages(byPages, steps);
      await via.helper(byHelper, body);
      const a = await via.stored(byPages);
      expect(a.tariffs).toHaveLength(1);
      expect(await via.stored(byHelper)).toEqual(a);
      return a;
    },
    /** The token's location, its tariffs and the token, without identities and times. */
    async stored(cot: string) {
      const t = await get(`/connect/token?connect_token=${cot}`);
      const {
        id: _i,
        time_created: _c,
        time_updated: _u,
        tariff_elements,
        ...rest
      } = await get(`/locations/${t.location_id}`);
      const location = { ...rest, tariffs: (tariff_elements as string[]).length };
      const { id: _t, ...token } = t;
      return {
        tariffs: (await get(`/tariffs?location_id=${t.location_id}`)).data.map(content),
        location,
        token: { ...token, location_id: !!t.location_id, tariff_id: !!t.tariff_id, time_created: 0, time_expiry: 0 },
      };
    },
  };
  return via;
}
