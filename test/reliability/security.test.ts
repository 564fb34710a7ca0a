import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, tariffBody, type Harness } from '../helpers.js';
import { liveHost } from '../e2e/host.js';

let h: Harness;
beforeAll(async () => (h = await harness('2026-06-01T12:00:00Z')));
afterAll(() => h.close());

/** Routes that take no bearer: the login itself, and the catcher (a webhook receiver, authenticated by signatures). */
const OPEN = new Set(['GET /login', 'POST /catcher/:id', 'GET /jwks.json']);

describe('security', () => {
  it('every endpoint but /login refuses missing, malformed, expired and revoked tokens', async () => {
    const other = h.svc.accounts.create('Revoked');
    const revoked = await h.login(other.account_id, other.test_key);
    h.svc.accounts.revokeKey(other.test_key);
    h.svc.accounts.setTokenTtl(other.account_id, 60);
    const expiring = await h.login(other.account_id, other.live_key);
    h.clock.advance(61_000);
    const bad: [string, Record<string, string>, string][] = [
      ['missing', {}, 'token_missing'],
      ['malformed', { authorization: 'Bearer nope' }, 'token_malformed'],
      [
        'basic',
        { authorization: 'Basic ' + Buffer.from(`${h.cred.account_id}:${h.cred.test_key}`).toString('base64') },
        'token_malformed',
      ],
      ['revoked', revoked, 'token_invalid'],
      ['expired', expiring, 'token_expired'],
    ];
    const routes = h.app.routeTable.filter((r) => !OPEN.has(r));
    let checked = 0;
    for (const r of routes) {
      const [method, path] = r.split(' ') as [string, string];
      const url = path.replace(/:id/g, 'loc_x');
      for (const [, headers, code] of bad) {
        const res = await h.call({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'POST' || method === 'PATCH' ? { payload: {} } : {}),
        });
        expect(res.status, `${r} with ${code}`).toBe(401);
        expect(res.body.code).toBe(code);
        checked++;
      }
    }
    console.log(`security: ${routes.length} routes × ${bad.length} kinds of bad token = ${checked} refusals`);
    expect(routes.length).toBeGreaterThan(40);
  });

  it("every id-taking endpoint answers 404 for another account's or the other mode's object", async () => {
    h.clock.set('2026-06-01T13:00:00Z');
    const t = await h.login(h.cred.account_id, h.cred.test_key);
    const loc = (await h.location(t)).id;
    const trf = (await h.call({ method: 'POST', url: '/tariffs', headers: t, payload: tariffBody(loc) })).body.id;
    const whe = (
      await h.call({ method: 'POST', url: '/webhooks', headers: t, payload: { url: 'http://127.0.0.1:9/x' } })
    ).body.id;
    const evt = (await h.call({ method: 'GET', url: `/events?object_id=${trf}`, headers: t })).body.data[0].id;
    const flt = (
      await h.call({
        method: 'POST',
        url: '/faults',
        headers: t,
        payload: { pattern: 'GET /nothing', kind: 'latency' },
      })
    ).body.id;
    const dlv = (
      await h.call({ method: 'POST', url: `/events/${evt}/resend`, headers: t, payload: { endpoint_id: whe } })
    ).body.id;
    const cot = (
      await h.call({
        method: 'POST',
        url: '/connect/token',
        headers: t,
        payload: { location_id: loc, callback_url: 'https://app.example/cb' },
      })
    ).body.connect_token;
    const cases: [string, string, object?][] = [
      ['GET', `/locations/${loc}`],
      ['PATCH', `/locations/${loc}`, { reference_id: 'x' }],
      ['DELETE', `/locations/${loc}`],
      ['GET', `/locations/${loc}/status`],
      ['GET', `/tariffs/${trf}`],
      ['PATCH', `/tariffs/${trf}`, { display_name: 'x' }],
      ['DELETE', `/tariffs/${trf}`],
      ['GET', `/tariffs?location_id=${loc}`],
      ['POST', `/prices/${loc}`, { end_time: '2026-06-02T00:00:00Z' }],
      ['POST', `/schedules/duration/${loc}`, { end_time: '2026-06-02T00:00:00Z', duration: 60 }],
      ['POST', `/schedules/limit/${loc}`, { end_time: '2026-06-02T00:00:00Z', absolute: 0.2 }],
      [
        'POST',
        `/schedules/amount/${loc}`,
        {
          data: [
            {
              end_time: '2026-06-02T00:00:00Z',
              max_power: { units: 'KW', value: 7 },
              energy: { units: 'KWH', value: 1 },
            },
          ],
        },
      ],
      ['GET', `/webhooks/${whe}`],
      ['PATCH', `/webhooks/${whe}`, { description: 'x' }],
      ['DELETE', `/webhooks/${whe}`],
      ['POST', `/webhooks/${whe}/rotate-secret`, {}],
      ['GET', `/events/${evt}`],
      ['POST', `/events/${evt}/resend`, { endpoint_id: whe }],
      ['GET', `/webhook-deliveries/${dlv}`],
      ['PATCH', `/faults/${flt}`, { enabled: false }],
      ['DELETE', `/faults/${flt}`],
      ['GET', `/connect/token?connect_token=${cot}`],
      ['POST', '/connect/token', { location_id: loc, callback_url: 'https://app.example/cb' }],
    ];
    const stranger = h.svc.accounts.create('Stranger');
    const worlds = [
      await h.login(stranger.account_id, stranger.test_key),
      await h.login(h.cred.account_id, h.cred.live_key),
    ];
    let n = 0;
    for (const headers of worlds) {
      for (const [method, url, payload] of cases) {
        const r = await h.call({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
        expect(r.status, `${method} ${url}`).toBe(404);
        expect(r.body.code).toMatch(/_not_found$/);
        n++;
      }
    }
    // The owner still sees everything, unchanged.
    expect((await h.call({ method: 'GET', url: `/tariffs/${trf}`, headers: t })).body.display_name).toBe(
      'Day and night',
    );
    console.log(`security: ${cases.length} id-taking requests × 2 foreign worlds = ${n} answered 404`);
  });

  it('the host binds loopback unless told otherwise', async () => {
    const env = await liveHost({ demo: false });
    try {
      for (const u of [env.info.api_url, env.info.connect_service_url, env.info.connect_web_url, env.info.app_url!])
        expect(new URL(u).hostname).toBe('127.0.0.1');
    } finally {
      await env.host.stop();
    }
  });
});
