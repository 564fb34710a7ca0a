import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveHost } from '../e2e/host.js';
import { fixedClock, type Clock } from '../../core/engine/clock.js';
import { API_VERSION } from '../../core/engine/wire-profile.js';
import { fetchJwks, receiver, until, verifyPs256Webhook, verifyStandardWebhook } from './receiver.js';

const FAST = { timeoutMs: 2000, schedules: { compressed: [150, 300, 600, 1200, 2000, 3000] } };
const DAY = 24 * 3600 * 1000;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** A running host on free ports, and a bearer-authenticated caller of its API over HTTP. */
async function host(opts: { dir?: string; clock?: Clock } = {}) {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'td-ps256-'));
  const env = await liveHost({
    dataDir: dir,
    appPort: false,
    demo: false,
    webhooks: FAST,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  cleanup.push(() => env.host.stop());
  const { api } = env;
  const profile = async (wire_profile: 'spec' | 'published') =>
    expect((await api('PATCH', '/settings', { wire_profile })).body.wire_profile).toBe(wire_profile);
  return { h: env.host, api, dir, profile, apiUrl: env.info.api_url };
}

const deliveries = async (api: Awaited<ReturnType<typeof host>>['api'], endpointId: string) =>
  (await api('GET', `/webhook-deliveries?endpoint_id=${endpointId}`)).body.data as any[];

describe('PS256 webhooks (the published profile)', () => {
  it('are signed so an independent verifier with the keys from /jwks.json accepts them, under production event names', async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const { api, profile, apiUrl } = await host();
    await profile('published');
    // The filter speaks the production names; tariff.created is not asked for.
    const ep = (
      await api('POST', '/webhooks', { url: rx.url, enabled_events: ['location.create', 'connect_session.complete'] })
    ).body;
    const loc = (
      await api('POST', '/locations', {
        postal_address: { address_line1: 'A 1', city: 'Berlin', post_code: '10115', country_code: 'DE' },
      })
    ).body;
    await api('POST', '/events/trigger', { type: 'tariff.created' });
    const done = (await api('POST', '/events/trigger', { type: 'connect.session.complete' })).body;
    await until(() => rx.got.length >= 2, 'two deliveries');
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.got).toHaveLength(2);
    const bodies = rx.got.map((g) => JSON.parse(g.body));
    expect(bodies.map((b) => b.type)).toEqual(['location.create', 'connect_session.complete']);
    expect(bodies[0]).toMatchObject({ object: 'event', data: { id: loc.id, object: 'location' } });
    expect(bodies[1].id).toBe(done.id);

    const jwks = await fetchJwks(apiUrl); // over HTTP, no credentials
    expect(jwks.keys).toHaveLength(1);
    for (const g of rx.got) {
      expect(g.headers['flatpeak-signature']).toMatch(/^v1=[A-Za-z0-9_-]+$/); // base64url, no padding
      expect(g.headers).toMatchObject({
        'flatpeak-signature-scheme': 'v1',
        'flatpeak-key-id': jwks.keys[0]!.kid,
        'flatpeak-version': API_VERSION,
        'content-type': 'application/json',
      });
      expect(Math.abs(Number(g.headers['flatpeak-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
      expect(g.headers['webhook-signature']).toBeUndefined();
      expect(g.headers['webhook-id']).toBeUndefined();
      expect(verifyPs256Webhook(jwks, g.headers, g.body)).toBe(true);
      // Tampered body or timestamp: the signature no longer holds.
      expect(verifyPs256Webhook(jwks, g.headers, g.body.replace('"object":"event"', '"object":"evnt"'))).toBe(false);
      expect(verifyPs256Webhook(jwks, g.headers, g.body + ' ')).toBe(false);
      const ts = Number(g.headers['flatpeak-timestamp']);
      expect(verifyPs256Webhook(jwks, { ...g.headers, 'flatpeak-timestamp': String(ts - 1) }, g.body)).toBe(false);
    }
    const d = await until(
      async () => (await deliveries(api, ep.id)).find((x) => x.event_id === done.id && x.status === 'delivered'),
      'the delivered status',
    );
    expect(d.attempt_log[0]).toMatchObject({
      status: 200,
      scheme: 'ps256',
      request: { headers: { 'flatpeak-key-id': jwks.keys[0]!.kid } },
    });
    expect(d.attempt_log[0].explanation).toContain(jwks.keys[0]!.kid);
  });

  it('rotation publishes the new key beside the previous one for 24 h, then only the new one', async () => {
    const clock = fixedClock('2026-03-01T12:00:00Z');
    const rx = await receiver();
    cleanup.push(rx.close);
    const first = await host({ clock });
    const { api, apiUrl } = first;
    await first.profile('published');
    const [k1] = (await fetchJwks(apiUrl)).keys;
    expect((await api('POST', '/webhook-signing-keys/rotate', undefined, false)).status).toBe(401);
    const rotated = await api('POST', '/webhook-signing-keys/rotate');
    expect(rotated.status).toBe(200);
    const k2 = rotated.body.current_kid;
    expect(k2).not.toBe(k1!.kid);
    expect(rotated.body.keys).toEqual([
      { kid: k2, status: 'current', time_created: '2026-03-01T12:00:00Z', expires_at: null },
      { kid: k1!.kid, status: 'previous', time_created: expect.any(String), expires_at: '2026-03-02T12:00:00Z' },
    ]);
    const both = await fetchJwks(apiUrl);
    expect(both.keys.map((k) => k.kid)).toEqual([k2, k1!.kid]);

    // New messages are signed by the new key.
    await api('POST', '/webhooks', { url: rx.url });
    await api('POST', '/events/trigger', { type: 'location.updated' });
    await until(() => rx.got.length >= 1, 'a delivery');
    const msg = rx.got[0]!;
    expect(msg.headers['flatpeak-key-id']).toBe(k2);
    expect(JSON.parse(msg.body).type).toBe('location.update');
    // The receiver's clock is the one that stamped the message (the service clock, or real time).
    const at = Number(msg.headers['flatpeak-timestamp']) * 1000;
    expect(verifyPs256Webhook(both, msg.headers, msg.body, at)).toBe(true);
    expect(verifyPs256Webhook({ keys: [k1!] }, msg.headers, msg.body, at)).toBe(false);

    clock.advance(DAY - 1000);
    expect((await fetchJwks(apiUrl)).keys.map((k) => k.kid)).toEqual([k2, k1!.kid]);
    clock.advance(2000);
    const after = await fetchJwks(apiUrl);
    expect(after.keys.map((k) => k.kid)).toEqual([k2]);
    expect(verifyPs256Webhook(after, msg.headers, msg.body, at)).toBe(true);

    // The keys live in the database: a restart on the same folder publishes the same key.
    await first.h.stop();
    const second = await host({ dir: first.dir, clock });
    expect((await fetchJwks(second.apiUrl)).keys.map((k) => k.kid)).toEqual([k2]);
  });

  it('a delivery queued under spec and sent after the switch to published goes out PS256-signed; the attempt log says so', async () => {
    const probe = await receiver();
    const port = probe.port;
    await probe.close();
    const { api, profile, apiUrl } = await host();
    const ep = (await api('POST', '/webhooks', { url: `http://127.0.0.1:${port}/hook` })).body;
    const evt = (await api('POST', '/events/trigger', { type: 'location.created' })).body;
    expect(evt.type).toBe('location.created');
    const failed = await until(async () => (await deliveries(api, ep.id))[0]?.attempt_log[0], 'a failed attempt');
    expect(failed).toMatchObject({ status: null, error: 'ECONNREFUSED', scheme: 'standard-webhooks' });
    expect(failed.request.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(failed.request.body).type).toBe('location.created');

    await profile('published');
    const rx = await receiver(undefined, port);
    cleanup.push(rx.close);
    await until(() => rx.got.length >= 1, 'the retried delivery');
    const msg = rx.got[0]!;
    expect(JSON.parse(msg.body)).toMatchObject({ id: evt.id, type: 'location.create' });
    expect(msg.headers['webhook-signature']).toBeUndefined();
    expect(verifyPs256Webhook(await fetchJwks(apiUrl), msg.headers, msg.body)).toBe(true);
    const d = await until(
      async () => (await deliveries(api, ep.id)).find((x) => x.status === 'delivered'),
      'the delivered status',
    );
    expect(d.attempt_log[0].scheme).toBe('standard-webhooks');
    expect(d.attempt_log.at(-1)).toMatchObject({ status: 200, scheme: 'ps256' });

    // And back: the next message is Standard Webhooks again, under the canonical name.
    await profile('spec');
    await api('POST', '/events/trigger', { type: 'location.created' });
    await until(() => rx.got.length >= 2, 'the next delivery');
    const back = rx.got[1]!;
    expect(JSON.parse(back.body).type).toBe('location.created');
    expect(back.headers['flatpeak-signature']).toBeUndefined();
    expect(verifyStandardWebhook(ep.secret, back.headers, back.body)).toBe(true);
  });

  it('the faults apply to PS256: wrong signature, stale timestamp, duplicates, out of order', async () => {
    const { api, profile, apiUrl } = await host();
    await profile('published');
    const faults = ['wrong_signature', 'stale_timestamp', 'duplicate', 'out_of_order'] as const;
    const rx = Object.fromEntries(await Promise.all(faults.map(async (f) => [f, await receiver()] as const)));
    for (const f of faults) {
      cleanup.push(rx[f]!.close);
      await api('POST', '/webhooks', { url: rx[f]!.url, faults: { [f]: true } });
    }
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api('POST', '/events/trigger', { type: 'tariff.created' })).body.id);
    await until(() => faults.every((f) => rx[f]!.got.length >= (f === 'duplicate' ? 6 : 3)), 'every delivery');
    const jwks = await fetchJwks(apiUrl);
    const kid = jwks.keys[0]!.kid;

    // Signed by a key nobody publishes, under the current kid: refused.
    for (const g of rx.wrong_signature!.got) {
      expect(g.headers['flatpeak-key-id']).toBe(kid);
      expect(verifyPs256Webhook(jwks, g.headers, g.body)).toBe(false);
    }
    // Ten minutes old: refused now, though the signature itself holds for that moment.
    for (const g of rx.stale_timestamp!.got) {
      const ts = Number(g.headers['flatpeak-timestamp']);
      expect(Date.now() / 1000 - ts).toBeGreaterThan(590);
      expect(verifyPs256Webhook(jwks, g.headers, g.body)).toBe(false);
      expect(verifyPs256Webhook(jwks, g.headers, g.body, ts * 1000)).toBe(true);
    }
    // Every message twice, the same event id, both valid.
    const dup = rx.duplicate!.got.map((g) => JSON.parse(g.body).id);
    for (const id of ids) expect(dup.filter((x) => x === id)).toHaveLength(2);
    for (const g of rx.duplicate!.got) expect(verifyPs256Webhook(jwks, g.headers, g.body)).toBe(true);
    // Held and sent newest first.
    expect(rx.out_of_order!.got.map((g) => JSON.parse(g.body).id)).toEqual([...ids].reverse());
    for (const g of rx.out_of_order!.got) expect(verifyPs256Webhook(jwks, g.headers, g.body)).toBe(true);
  });

  it('the catcher detects either scheme, verifies it and explains what passed or failed', async () => {
    const { api, profile, apiUrl } = await host();
    const ep = (await api('POST', '/webhooks', { catcher: true })).body;
    const caught = async () => (await api('GET', `/catcher/messages?endpoint_id=${ep.id}`)).body.data as any[];
    const next = (n: number) => until(async () => (await caught()).length >= n && (await caught())[0], `message ${n}`);

    await api('POST', '/events/trigger', { type: 'tariff.created' });
    const spec = await next(1);
    expect(spec).toMatchObject({ scheme: 'standard-webhooks', signature_valid: true, signature_error: null });
    expect(spec.explanation).toMatch(/^Standard Webhooks .*HMAC-SHA256.*matches the endpoint's current secret/);

    await profile('published');
    const kid = (await fetchJwks(apiUrl)).keys[0]!.kid;
    await api('POST', '/events/trigger', { type: 'location.deleted' });
    const ps = await next(2);
    expect(ps).toMatchObject({ scheme: 'ps256', signature_valid: true, signature_error: null });
    expect(JSON.parse(ps.body).type).toBe('location.delete');
    expect(ps.explanation).toContain(`key ${kid} is in /jwks.json (the current key)`);
    expect(ps.explanation).toMatch(/signature over "\{timestamp\}\.\{raw body\}" \(\d+ bytes\) verifies/);

    // The same request with its body changed, straight to the catcher.
    const signed = Object.fromEntries(
      Object.entries(ps.headers as Record<string, string>).filter(([k]) => k.startsWith('flatpeak-')),
    );
    const post = (headers: Record<string, string>, body: string) =>
      fetch(ep.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then((r) =>
        r.json(),
      );
    expect(await post(signed, ps.body.replace('"live_mode":false', '"live_mode":true'))).toEqual({
      received: true,
      signature_valid: false,
    });
    const tampered = await next(3);
    expect(tampered.scheme).toBe('ps256');
    expect(tampered.explanation).toMatch(/FAILED: .*does not verify with key .*body or timestamp was changed/);
    await post({ ...signed, 'flatpeak-key-id': 'not-a-key' }, ps.body);
    expect((await next(4)).explanation).toMatch(/key not-a-key is not in \/jwks\.json/);
    await post({}, ps.body);
    expect(await next(5)).toMatchObject({
      scheme: null,
      signature_valid: false,
      explanation: expect.stringMatching(/Neither webhook-signature .* nor Flatpeak-Signature/),
    });

    await api('PATCH', `/webhooks/${ep.id}`, { faults: { wrong_signature: true } });
    await api('POST', '/events/trigger', { type: 'tariff.updated' });
    const wrong = await next(6);
    expect(wrong).toMatchObject({ scheme: 'ps256', signature_valid: false });
    expect(wrong.signature_error).toMatch(/signature/i);
    await api('PATCH', `/webhooks/${ep.id}`, { faults: { wrong_signature: false, stale_timestamp: true } });
    await api('POST', '/events/trigger', { type: 'tariff.updated' });
    const stale = await next(7);
    expect(stale).toMatchObject({ scheme: 'ps256', signature_valid: false });
    expect(stale.signature_error).toMatch(/timestamp .* s old/);

    // Standard Webhooks failures are explained too.
    await profile('spec');
    await api('POST', '/events/trigger', { type: 'tariff.updated' });
    const staleSpec = await next(8);
    expect(staleSpec).toMatchObject({ scheme: 'standard-webhooks', signature_valid: false });
    expect(staleSpec.explanation).toMatch(/^Standard Webhooks .*FAILED: Message timestamp too old/);
  });
});
