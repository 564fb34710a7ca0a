import { afterAll, beforeAll, expect } from 'vitest';
import { liveHost, type LiveHost } from '../e2e/host.js';
import { receiver, until } from '../webhooks/receiver.js';
import { CALLBACK } from '../connect/harness.js';
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
  /** The webhooks delivered so far of one type for one object (`data.id`, or `data.object.id`). */
  const delivered = (type: string, id: string) =>
    rx.got.map((m) => JSON.parse(m.body)).filter((e) => e.type === type && (e.data.id ?? e.data.object?.id) === id);
  return {
    get env() {
      return env;
    },
    api,
    token: async (body: object = { postal_address: berlinAddress }) => {
      const r = await api('POST', '/connect/token', { callback_url: CALLBACK, ...body });
      expect(r.status).toBe(200);
      return r.body.connect_token as string;
    },
    complete: (body: object) => api('POST', HELPER, body),
    tariffsOf: async (loc: string) => (await api('GET', `/tariffs?location_id=${loc}`)).body.data,
    pricesOf: (loc: string) => api('POST', `/prices/${loc}`, DAY),
    delivered,
    /** The first such webhook, waited for. */
    webhook: (type: string, id: string) => until(() => delivered(type, id)[0], `${type} for ${id}`),
  };
}
