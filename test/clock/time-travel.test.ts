import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../core/engine/api/client.js';
import { liveHost } from '../e2e/host.js';
import { receiver, until, verifyStandardWebhook } from '../webhooks/receiver.js';
import { berlinAddress, tariffBody } from '../helpers.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const T0 = '2026-03-01T12:00:00Z';
const DAY = 86_400;

async function frozenHost() {
  const env = await liveHost({ demo: false, webhooks: { timeoutMs: 2000 } });
  cleanup.push(() => env.host.stop());
  const { host: h, client: api } = env;
  expect(await api.call('clock.set', { body: { mode: 'frozen', now: T0 } })).toEqual({
    object: 'clock',
    mode: 'frozen',
    now: T0,
    offset_seconds: expect.any(Number),
  });
  return { h, api };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as ServiceError,
  );

describe('the service clock', () => {
  it('a 24 h connect token is refused once the clock passes its expiry', async () => {
    const { h, api } = await frozenHost();
    const loc = await api.call('locations.create', { body: { postal_address: berlinAddress } });
    const { connect_token } = await api.call('connect_token.create', {
      body: { location_id: loc.id, callback_url: 'http://127.0.0.1:9/done', connect_url: h.info.connect_web_url },
    } as never);
    const start = () =>
      fetch(h.info.connect_service_url, {
        method: 'POST',
        body: JSON.stringify({ route: 'session_start', connect_token }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string; route?: string } }));
    await api.call('clock.advance', { body: { seconds: DAY - 1 } });
    expect((await start()).status).toBe(200);
    await api.call('clock.advance', { body: { seconds: 2 } });
    expect(await start()).toMatchObject({ status: 400, body: { code: 'connect_token_expired' } });
  });

  it('a contract ending in 8 days: one tariff.expiring after a day, one tariff.expired 8 days on, each delivered signed; going back sends nothing', async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const { api } = await frozenHost();
    const ep = await api.call('webhooks.create', {
      body: { url: rx.url, enabled_events: ['tariff.expiring', 'tariff.expired'] },
    });
    const loc = await api.call('locations.create', { body: { postal_address: berlinAddress } });
    const end = '2026-03-09T12:00:00Z'; // eight days after T0
    const t = await api.call('tariffs.create', {
      body: tariffBody(loc.id, { contract_start_date: '2026-01-01', contract_end_date: end }) as never,
    });
    await api.call('clock.advance', { body: { seconds: 23 * 3600 } });
    expect(rx.got).toHaveLength(0); // expiring falls due at 2026-03-02T12:00Z
    await api.call('clock.advance', { body: { seconds: 3600 } });
    await until(() => rx.got.length === 1, 'tariff.expiring');
    await api.call('clock.advance', { body: { seconds: 8 * DAY } });
    await until(() => rx.got.length === 2, 'tariff.expired');
    const bodies = rx.got.map(
      (r) => JSON.parse(r.body) as { type: string; data: { tariff_id: string }; time_created: string },
    );
    expect(bodies.map((b) => `${b.type} ${b.data.tariff_id} ${b.time_created}`)).toEqual([
      `tariff.expiring ${t.id} 2026-03-02T12:00:00Z`,
      `tariff.expired ${t.id} ${end}`,
    ]);
    // Signed by the endpoint's secret at the real time they were sent, not the virtual one the events carry.
    for (const r of rx.got) expect(verifyStandardWebhook(ep.secret, r.headers, r.body, r.at)).toBe(true);
    // Back before both, then forward again: nothing is sent twice.
    await api.call('clock.set', { body: { mode: 'frozen', now: T0 } });
    await api.call('clock.advance', { body: { seconds: 20 * DAY } });
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.got).toHaveLength(2);
    const events = await api.call('events.list', { query: { limit: 100 } });
    expect(events.data.filter((e) => e.type.startsWith('tariff.expir'))).toHaveLength(2);
    // The journal shows what fired on the way, each at the virtual time it happened.
    const fired = async (path: string) =>
      (await api.call('journal.list', { query: { limit: 100, path } })).data
        .filter((e) => e.surface === 'clock')
        .map((e) => `${e.time} ${e.path}`);
    const lifecycle = await fired('lifecycle');
    expect(lifecycle.reverse()).toEqual([
      '2026-03-02T12:00:00Z 1 tariff lifecycle event recorded',
      `${end} 1 tariff lifecycle event recorded`,
    ]);
    // The demo market publishes tomorrow's prices at 13:00 local: Berlin's at 12:00Z in March.
    expect(await fired('DE-LU')).toContain('2026-03-03T12:00:00Z market DE-LU, NO1: day-ahead prices published');
  });

  it('an endpoint that was down gets its owed retries when the clock moves, in order, once each', async () => {
    let down = true;
    const rx = await receiver(() => ({ status: down ? 503 : 200 }));
    cleanup.push(rx.close);
    const { api } = await frozenHost();
    const ep = await api.call('webhooks.create', { body: { url: rx.url, enabled_events: ['*'] } });
    const sent: string[] = [];
    for (let i = 0; i < 3; i++)
      sent.push((await api.call('events.trigger', { body: { type: 'location.updated' } })).id);
    // Each first attempt fails at once; the retries wait for the (frozen) clock.
    await until(async () => {
      const d = await api.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
      return d.data.length === 3 && d.data.every((x) => x.attempts === 1);
    }, 'first attempts');
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.got).toHaveLength(3);
    down = false;
    await api.call('clock.advance', { body: { seconds: 3600 } });
    const delivered = await api.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
    expect(delivered.data.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    const ok = rx.got.slice(3);
    expect(ok.map((r) => (JSON.parse(r.body) as { id: string }).id)).toEqual(sent);
    expect(new Set(ok.map((r) => r.headers['webhook-id'])).size).toBe(3);
    await api.call('clock.advance', { body: { seconds: DAY } });
    expect(rx.got).toHaveLength(6);
  });

  it('refuses instants outside 2000–2100, a negative advance, and a frozen clock without an instant', async () => {
    const { api } = await frozenHost();
    for (const [call, code] of [
      [api.call('clock.set', { body: { mode: 'frozen', now: '1999-12-31T23:59:59Z' } }), 'clock_out_of_range'],
      [api.call('clock.set', { body: { mode: 'offset', now: '2100-01-01T00:00:00Z' } }), 'clock_out_of_range'],
      [api.call('clock.advance', { body: { seconds: -5 } }), 'clock_advance_negative'],
      [api.call('clock.set', { body: { mode: 'frozen' } }), 'now_missing'],
      [api.call('clock.advance', { body: { seconds: 200 * 365 * DAY } }), 'clock_out_of_range'],
    ] as const)
      expect(await refusal(call)).toMatchObject({ status: 400, code });
    expect((await api.call('clock.retrieve')).now).toBe(T0);
    expect(await api.call('clock.set', { body: { mode: 'real' } })).toMatchObject({ mode: 'real', offset_seconds: 0 });
  });
});
