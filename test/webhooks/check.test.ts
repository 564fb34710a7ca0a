import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer } from 'node:http';
import { liveHost, type LiveHost } from '../e2e/host.js';
import {
  deadPort,
  fetchJwks,
  receiver,
  until,
  verifyPs256Webhook,
  verifyStandardWebhook,
  type Received,
} from './receiver.js';
import { CHECK_NAMES } from '../../core/engine/webhooks/check.js';
import { WebhookCheck } from '../../core/engine/webhooks/schemas.js';

describe('POST /webhooks/{id}/check', () => {
  let env: LiveHost;
  let secret = '';
  /** Verifies Standard Webhooks with a five-minute window, and acknowledges everything it verifies. */
  let strict: Awaited<ReturnType<typeof receiver>>;
  /** Another endpoint of the account, to see that a check sends it nothing. */
  let bystander: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    strict = await receiver((r) => ({ status: verifyStandardWebhook(secret, r.headers, r.body) ? 200 : 401 }));
    bystander = await receiver();
    env = await liveHost({ demo: false, appPort: false, webhooks: { timeoutMs: 2000 } });
    expect((await env.api('POST', '/webhooks', { url: bystander.url, description: 'bystander' })).status).toBe(200);
  });
  afterAll(async () => {
    await env.host.stop();
    await strict.close();
    await bystander.close();
  });

  const check = async (id: string) => {
    const r = await env.api('POST', `/webhooks/${id}/check`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return WebhookCheck.parse(r.body);
  };
  const deliveries = async (id: string) =>
    (await env.api('GET', `/webhook-deliveries?endpoint_id=${id}&limit=100`)).body.data as any[];

  it('answers the check object: every check by name, in order, with its expected class, status, time and detail', async () => {
    const ep = (await env.api('POST', '/webhooks', { url: strict.url })).body;
    secret = ep.secret;
    const before = strict.got.length;
    const c = await check(ep.id);
    expect(c).toMatchObject({
      id: expect.stringMatching(/^whc_/),
      object: 'webhook_check',
      live_mode: false,
      endpoint_id: ep.id,
      url: strict.url,
      scheme: 'standard-webhooks',
      passed: true,
    });
    expect(c.checks.map((x) => [x.name, x.expected, x.passed])).toEqual([
      ['signed', '2xx', true],
      ['bad_signature', 'not 2xx', true],
      ['no_signature', 'not 2xx', true],
      ['stale_timestamp', 'not 2xx', true],
      ['future_timestamp', 'not 2xx', true],
      ['tampered_body', 'not 2xx', true],
      ['duplicate', '2xx', true],
      ['unknown_type', '2xx', true],
      ['timely', 'any', true],
    ]);
    expect(c.checks.map((x) => x.name)).toEqual([...CHECK_NAMES]);
    for (const x of c.checks) {
      expect(x.ms).toBeGreaterThanOrEqual(0);
      // One sentence each.
      expect(x.detail).toMatch(/^[A-Z].*\.$/);
      expect(x.detail.match(/\. [A-Z]/g)).toBeNull();
    }
    expect(c.checks.slice(0, 8).map((x) => x.status)).toEqual([200, 401, 401, 401, 401, 401, 200, 200]);
    // Eight messages reached the receiver, as the checks say.
    const got = strict.got.slice(before);
    expect(got).toHaveLength(8);
    const [signed, bad, none, stale, future, tampered, duplicate, unknown] = got as Received[];
    const event = JSON.parse(signed!.body);
    expect(event).toMatchObject({ object: 'event', type: 'connect.session.complete', live_mode: false });
    expect(event.data).toMatchObject({ object: 'connect_token', price_available: true });
    expect(signed!.headers['webhook-id']).toBe(event.id);
    expect(verifyStandardWebhook(secret, signed!.headers, signed!.body)).toBe(true);
    expect(verifyStandardWebhook(secret, bad!.headers, bad!.body)).toBe(false);
    expect(none!.headers['webhook-signature']).toBeUndefined();
    expect(none!.headers['webhook-id']).toBeUndefined();
    const age = (r: Received) => Math.round(Date.now() / 1000 - Number(r.headers['webhook-timestamp']));
    expect(age(stale!)).toBeGreaterThanOrEqual(599);
    expect(age(future!)).toBeLessThanOrEqual(-599);
    // Correctly signed but dated outside the window: verified as of their own time, they pass.
    expect(verifyStandardWebhook(secret, stale!.headers, stale!.body, Date.now() - 600_000)).toBe(true);
    expect(verifyStandardWebhook(secret, future!.headers, future!.body, Date.now() + 600_000)).toBe(true);
    expect(JSON.parse(tampered!.body).live_mode).toBe(true);
    expect(
      verifyStandardWebhook(secret, tampered!.headers, tampered!.body.replace('"live_mode":true', '"live_mode":false')),
    ).toBe(true);
    expect(duplicate!.body).toBe(signed!.body);
    expect(duplicate!.headers['webhook-id']).toBe(signed!.headers['webhook-id']);
    expect(JSON.parse(unknown!.body).type).toBe('receiver_check.unknown_type');
    // Every forgery is an event id of its own.
    const ids = got.map((r) => JSON.parse(r.body).id);
    expect(new Set(ids).size).toBe(7);
  });

  it('is not an event of the account: no event, nothing for other endpoints; logged as the check’s, never retried', async () => {
    const ep = (await env.api('POST', '/webhooks', { url: strict.url })).body;
    secret = ep.secret;
    const events = (await env.api('GET', '/events?limit=100')).body.data.length;
    const sentToBystander = bystander.got.length;
    const c = await check(ep.id);
    expect((await env.api('GET', '/events?limit=100')).body.data).toHaveLength(events);
    // The bystander's outbox holds nothing new, and nothing reaches it.
    const other = (await env.api('GET', '/webhooks')).body.data.find((e: any) => e.description === 'bystander');
    expect(await deliveries(other.id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(bystander.got).toHaveLength(sentToBystander);

    const log = await deliveries(ep.id);
    expect(log).toHaveLength(8);
    for (const d of log) {
      expect(d.check).toMatchObject({ id: c.id, name: expect.any(String), passed: true });
      expect(d.status).toBe(d.check.expected === '2xx' ? 'delivered' : 'failed');
      expect(d.attempt_log).toHaveLength(1);
      expect(d.attempt_log[0].explanation).toContain(`Receiver check ${c.id}, ${d.check.name}`);
      expect(d.next_attempt_at).toBeNull();
    }
    expect(log.map((d) => d.check.name).reverse()).toEqual(CHECK_NAMES.filter((n) => n !== 'timely'));
    const signed = log.find((d) => d.check.name === 'signed');
    expect(signed.event_type).toBe('connect.session.complete');
    expect((await env.api('GET', `/events/${signed.event_id}`)).status).toBe(404);
    const refused = log.find((d) => d.check.name === 'bad_signature');
    const retry = await env.api('POST', `/webhook-deliveries/${refused.id}/retry`, {});
    expect(retry).toMatchObject({ status: 422, body: { code: 'webhook_delivery_check' } });
    expect(retry.body.message).toContain(`POST /webhooks/${ep.id}/check`);
    // An event's delivery has no mark.
    await env.api('POST', '/events/trigger', { type: 'tariff.created' });
    const real = await until(async () => (await deliveries(ep.id)).find((d) => d.check === null), 'the event');
    expect(real.event_type).toBe('tariff.created');
  });

  it('never disables the endpoint: a receiver answering 410 to everything, checked twice, stays enabled', async () => {
    const gone = await receiver(() => ({ status: 410 }));
    try {
      const ep = (await env.api('POST', '/webhooks', { url: gone.url })).body;
      for (let i = 0; i < 2; i++) {
        const c = await check(ep.id);
        expect(c.passed).toBe(false);
        expect(c.checks.find((x) => x.name === 'signed')).toMatchObject({ passed: false, status: 410 });
        expect(c.checks.find((x) => x.name === 'bad_signature')).toMatchObject({ passed: true, status: 410 });
      }
      expect((await env.api('GET', `/webhooks/${ep.id}`)).body).toMatchObject({
        disabled: false,
        disabled_reason: null,
      });
      expect(await deliveries(ep.id)).toHaveLength(16);
    } finally {
      await gone.close();
    }
  });

  it('a refused signed message is worded by its status: a 5xx is the receiver failing, a 404 or a redirect the wrong URL', async () => {
    const cases: [number, string, RegExp][] = [
      [503, 'which is the receiver failing, not the signature (that was correct)', /HMAC/],
      [404, 'nothing takes a POST at', /HMAC|signature \(that was correct\)/],
      [302, 'redirects are not followed, so give the endpoint the URL that', /HMAC/],
      [401, 'compute the HMAC-SHA256 of', /that was correct/],
    ];
    for (const [status, said, unsaid] of cases) {
      const headers: Record<string, string> = status === 302 ? { location: '/elsewhere' } : {};
      const rx = await receiver(() => ({ status, headers }));
      try {
        const ep = (await env.api('POST', '/webhooks', { url: rx.url })).body;
        const signed = (await check(ep.id)).checks[0]!;
        expect(signed).toMatchObject({ name: 'signed', passed: false, status });
        expect(signed.detail).toContain(said);
        expect(signed.detail).not.toMatch(unsaid);
        expect(signed.detail).toMatch(/^[A-Z].*\.$/);
      } finally {
        await rx.close();
      }
    }
  });

  it('an endpoint nobody listens on fails signed with the connection error, and the check still answers', async () => {
    const url = `http://127.0.0.1:${await deadPort()}/hook`;
    const ep = (await env.api('POST', '/webhooks', { url })).body;
    const c = await check(ep.id);
    expect(c.passed).toBe(false);
    expect(c.checks[0]).toMatchObject({ name: 'signed', passed: false, status: null, error: 'ECONNREFUSED' });
    expect(c.checks[0]!.detail).toContain(`start the receiver at ${url}`);
    for (const x of c.checks.slice(1, 8)) expect(x).toMatchObject({ passed: false, status: null, error: 'not sent' });
    expect(c.checks[8]).toMatchObject({ name: 'timely', passed: false, error: 'ECONNREFUSED' });
    // Only the message that went out is logged.
    expect((await deliveries(ep.id)).map((d) => d.check.name)).toEqual(['signed']);
    expect((await env.api('GET', `/webhooks/${ep.id}`)).body.disabled).toBe(false);
  });

  it('a slow answer fails timely and names the message; the rest are still judged', async () => {
    // Answers everything at once but the second message, which it holds past this host's 2 s timeout.
    let n = 0;
    const late = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.writeHead(200).end('ok'), ++n === 2 ? 2500 : 0));
    });
    await new Promise<void>((r) => late.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(late.address() as { port: number }).port}/`;
      const ep = (await env.api('POST', '/webhooks', { url })).body;
      const c = await check(ep.id);
      const bad = c.checks.find((x) => x.name === 'bad_signature')!;
      expect(bad).toMatchObject({ passed: false, status: null, error: 'timed out after 2000 ms' });
      expect(bad.detail).toContain('answer a 4xx instead of dropping the connection or letting it time out');
      const timely = c.checks.find((x) => x.name === 'timely')!;
      expect(timely).toMatchObject({ passed: false, error: 'timed out after 2000 ms' });
      expect(timely.detail).toContain('bad_signature got no answer within the 2 s delivery timeout');
      expect(timely.ms).toBeGreaterThanOrEqual(2000);
      // The answers after it are judged as usual.
      expect(c.checks.find((x) => x.name === 'duplicate')).toMatchObject({ passed: true, status: 200 });
    } finally {
      late.closeAllConnections();
      await new Promise((r) => late.close(r));
    }
  });

  it('goes out the way deliveries do: a catcher endpoint catches every message (and, recording, fails the forgeries)', async () => {
    const ep = (await env.api('POST', '/webhooks', { catcher: true })).body;
    const c = await check(ep.id);
    expect(c.url).toBe(`${env.info.api_url}/catcher/${ep.id}`);
    expect(c.checks.map((x) => `${x.name} ${x.passed}`)).toEqual([
      'signed true',
      'bad_signature false',
      'no_signature false',
      'stale_timestamp false',
      'future_timestamp false',
      'tampered_body false',
      'duplicate true',
      'unknown_type true',
      'timely true',
    ]);
    const caught = (await env.api('GET', `/catcher/messages?endpoint_id=${ep.id}`)).body.data as any[];
    expect(caught).toHaveLength(8);
    expect(caught.map((m) => m.signature_valid).reverse()).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('signs PS256 under the published profile: the forgery by a key /jwks.json does not publish, under the current kid', async () => {
    const jwks = await fetchJwks(env.info.api_url);
    const ps = await receiver((r) => ({ status: verifyPs256Webhook(jwks, r.headers, r.body) ? 200 : 401 }));
    expect((await env.api('PATCH', '/settings', { wire_profile: 'published' })).status).toBe(200);
    try {
      const ep = (await env.api('POST', '/webhooks', { url: ps.url, enabled_events: ['location.create'] })).body;
      const c = await check(ep.id);
      expect(c).toMatchObject({ scheme: 'ps256', passed: true });
      const [signed, bad, none] = ps.got;
      expect(JSON.parse(signed!.body).type).toBe('location.create');
      expect(bad!.headers['flatpeak-key-id']).toBe(jwks.keys[0]!.kid);
      expect(verifyPs256Webhook(jwks, bad!.headers, bad!.body)).toBe(false);
      expect(Object.keys(none!.headers).filter((h) => h.startsWith('flatpeak-'))).toEqual([]);
      expect(c.checks.find((x) => x.name === 'bad_signature')!.detail).toContain('a key /jwks.json does not publish');
      expect(c.checks.find((x) => x.name === 'stale_timestamp')!.detail).toContain('Flatpeak-Timestamp');
      const d = (await deliveries(ep.id)).find((x) => x.check.name === 'signed');
      expect(d.attempt_log[0].scheme).toBe('ps256');
      expect(d.event_type).toBe('location.created');
    } finally {
      await env.api('PATCH', '/settings', { wire_profile: 'spec' });
      await ps.close();
    }
  });

  it('refuses an unknown endpoint, another mode’s, and a body', async () => {
    const ep = (await env.api('POST', '/webhooks', { url: strict.url })).body;
    expect(await env.api('POST', '/webhooks/whe_nothere/check')).toMatchObject({
      status: 404,
      body: { code: 'webhook_endpoint_not_found' },
    });
    expect(await env.api('POST', '/webhooks/nothing/check')).toMatchObject({
      status: 400,
      body: { code: 'webhook_endpoint_id_invalid' },
    });
    expect(await env.api('POST', `/webhooks/${ep.id}/check`, { now: true })).toMatchObject({
      status: 400,
      body: { code: 'parameter_unknown' },
    });
    const liveBearer = (
      await (
        await fetch(`${env.info.api_url}/login`, {
          headers: {
            authorization: 'Basic ' + Buffer.from(`${env.info.account_id}:${env.info.live_key}`).toString('base64'),
          },
        })
      ).json()
    ).bearer_token;
    const live = await fetch(`${env.info.api_url}/webhooks/${ep.id}/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${liveBearer}` },
    });
    expect(live.status).toBe(404);
    expect(await deliveries(ep.id)).toEqual([]);
  });

  it('an endpoint made with a known secret signs with it; a malformed secret is refused', async () => {
    const known = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const ep = (await env.api('POST', '/webhooks', { url: strict.url, secret: known })).body;
    expect(ep.secret).toBe(known);
    secret = known;
    expect((await check(ep.id)).passed).toBe(true);
    for (const bad of ['whsec_short', 'nothing_' + Buffer.alloc(32).toString('base64'), 'whsec_' + 'A'.repeat(90)])
      expect(await env.api('POST', '/webhooks', { url: strict.url, secret: bad })).toMatchObject({
        status: 400,
        body: { code: 'secret_invalid' },
      });
  });
});
