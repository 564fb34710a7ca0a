import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveHost, toContractTerm } from '../e2e/host.js';
import { receiver, until, verifyStandardWebhook } from './receiver.js';

const FAST = { timeoutMs: 2000, schedules: { compressed: [150, 300, 600, 1200, 2000, 3000] } };
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function host(dir = mkdtempSync(join(tmpdir(), 'td-wh-'))) {
  const env = await liveHost({ dataDir: dir, demo: false, webhooks: FAST });
  cleanup.push(() => env.host.stop());
  return { h: env.host, api: env.api, send: env.send, dir };
}

describe('webhook delivery', () => {
  it('a completed connect session reaches a local receiver, signed so an independent verifier accepts it', async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const { api, send } = await host();
    const ep = (
      await api('POST', '/webhooks', {
        url: rx.url,
        enabled_events: ['connect.session.complete'],
        description: 'backend',
      })
    ).body;
    expect(ep).toMatchObject({
      object: 'webhook_endpoint',
      url: rx.url,
      retry_schedule: 'compressed',
      disabled: false,
      secret: expect.stringMatching(/^whsec_/),
    });
    const cot = (
      await api('POST', '/connect/token', {
        postal_address: { address_line1: 'A 1', city: 'Berlin', post_code: '10115', country_code: 'DE' },
        callback_url: 'http://127.0.0.1:9/done',
      })
    ).body.connect_token;
    const summary = (await (await toContractTerm(send, cot))()).body;
    expect(summary.route).toBe('tariff_summary');
    await until(() => rx.got.length >= 1, 'the delivery');
    const msg = rx.got[0]!;
    expect(verifyStandardWebhook(ep.secret, msg.headers, msg.body)).toBe(true);
    expect(verifyStandardWebhook(ep.secret, msg.headers, msg.body.replace('true', 'false'))).toBe(false);
    const payload = JSON.parse(msg.body);
    const loc = (await api('GET', `/connect/token?connect_token=${cot}`)).body.location_id;
    expect(payload).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'connect.session.complete',
      data: { id: cot, object: 'connect_token', location_id: loc, price_available: true },
    });
    expect(msg.headers['webhook-id']).toBe(payload.id);
    expect(rx.got).toHaveLength(1); // only the enabled type
    const d = await until(
      async () =>
        (await api('GET', `/webhook-deliveries?endpoint_id=${ep.id}`)).body.data.find(
          (x: any) => x.status === 'delivered',
        ),
      'delivered status',
    );
    expect(d.attempt_log[0]).toMatchObject({
      attempt: 1,
      status: 200,
      response_body: 'ok',
      error: null,
      request: { url: rx.url, body: msg.body },
    });
    expect(d.attempt_log[0].request.headers['webhook-signature']).toMatch(/^v1,/);
    expect(d.attempt_log[0].latency_ms).toBeGreaterThan(0);
  });

  it('a receiver that is down and then up gets every event', async () => {
    const probe = await receiver();
    const port = probe.port;
    await probe.close();
    const { api } = await host();
    const ep = (await api('POST', '/webhooks', { url: `http://127.0.0.1:${port}/hook` })).body;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api('POST', '/events/trigger', { type: 'tariff.created' })).body.id);
    await until(
      async () =>
        (await api('GET', `/webhook-deliveries?endpoint_id=${ep.id}`)).body.data.every((d: any) => d.attempts >= 1),
      'first failed attempts',
    );
    const failed = (await api('GET', `/webhook-deliveries?endpoint_id=${ep.id}`)).body.data[0];
    expect(failed).toMatchObject({ status: 'pending', attempt_log: [{ status: null, error: 'ECONNREFUSED' }] });
    const rx = await receiver(undefined, port);
    cleanup.push(rx.close);
    await until(() => rx.got.length >= 3, 'all three events');
    expect(rx.got.map((g) => JSON.parse(g.body).id).sort()).toEqual([...ids].sort());
  });

  it('deliveries owed when the host stops go out after it restarts on the same folder', async () => {
    const probe = await receiver();
    const port = probe.port;
    await probe.close();
    const first = await host();
    await first.api('POST', '/webhooks', { url: `http://127.0.0.1:${port}/hook`, retry_schedule: 'standard' });
    const evt = (await first.api('POST', '/events/trigger', { type: 'location.updated' })).body;
    await until(
      async () => (await first.api('GET', '/webhook-deliveries')).body.data[0]?.attempts >= 1,
      'a failed attempt',
    );
    await first.h.stop();
    const rx = await receiver(undefined, port);
    cleanup.push(rx.close);
    // The standard schedule waits 5 s after the first failure; the restarted host keeps that promise.
    const second = await host(first.dir);
    await until(() => rx.got.length >= 1, 'the owed delivery', 20_000);
    expect(JSON.parse(rx.got[0]!.body).id).toBe(evt.id);
    expect((await second.api('GET', '/webhook-deliveries')).body.data[0].status).toBe('delivered');
  });

  it('410 disables the endpoint; Retry-After is honoured; resend delivers again', async () => {
    let mode: 'gone' | 'later' | 'ok' = 'later';
    const rx = await receiver((_r, n) =>
      mode === 'gone'
        ? { status: 410 }
        : mode === 'later' && n === 1
          ? { status: 503, headers: { 'retry-after': '2' } }
          : { status: 200 },
    );
    cleanup.push(rx.close);
    const { api } = await host();
    const ep = (await api('POST', '/webhooks', { url: rx.url })).body;
    const evt = (await api('POST', '/events/trigger', { type: 'tariff.updated' })).body;
    await until(() => rx.got.length >= 2, 'the retry');
    // The compressed schedule would retry after 150 ms; Retry-After asked for 2 s.
    expect(rx.got[1]!.at - rx.got[0]!.at).toBeGreaterThanOrEqual(1900);

    mode = 'ok';
    const resent = await api('POST', `/events/${evt.id}/resend`, { endpoint_id: ep.id });
    expect(resent.body).toMatchObject({ object: 'webhook_delivery', event_id: evt.id, status: 'pending' });
    await until(() => rx.got.length >= 3, 'the resend');
    expect(rx.got[2]!.headers['webhook-id']).toBe(evt.id);

    mode = 'gone';
    await api('POST', '/events/trigger', { type: 'tariff.updated' });
    await until(async () => (await api('GET', `/webhooks/${ep.id}`)).body.disabled, 'disabled by 410');
    expect((await api('GET', `/webhooks/${ep.id}`)).body.disabled_reason).toBe('the endpoint answered 410 Gone');
    const before = rx.got.length;
    await api('POST', '/events/trigger', { type: 'tariff.updated' });
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.got.length).toBe(before);
  });

  it('an endpoint failing persistently is disabled after five failed deliveries', async () => {
    const rx = await receiver(() => ({ status: 500, body: 'x'.repeat(10_000) }));
    cleanup.push(rx.close);
    const { api } = await host();
    const ep = (await api('POST', '/webhooks', { url: rx.url })).body;
    // A standard-schedule endpoint would take hours; delete its retries by disabling and re-enabling is not needed:
    // the compressed test schedule exhausts in a few seconds.
    for (let i = 0; i < 5; i++) await api('POST', '/events/trigger', { type: 'tariff.created' });
    await until(async () => (await api('GET', `/webhooks/${ep.id}`)).body.disabled, 'auto-disable', 30_000);
    const ds = (await api('GET', `/webhook-deliveries?endpoint_id=${ep.id}`)).body.data;
    expect(ds.filter((d: any) => d.status === 'failed')).toHaveLength(5);
    expect(ds[0].attempt_log).toHaveLength(7);
    expect(ds[0].attempt_log[0].response_body).toHaveLength(4096);
  }, 180_000);

  it('the catcher records deliveries and flags a bad signature; rotation signs with both secrets', async () => {
    const { api } = await host();
    const ep = (await api('POST', '/webhooks', { catcher: true, description: 'catcher' })).body;
    expect(ep.url).toMatch(/\/catcher\/whe_/);
    await api('POST', '/events/trigger', { type: 'connect.session.complete', data: { price_available: false } });
    const ok = await until(
      async () => (await api('GET', `/catcher/messages?endpoint_id=${ep.id}`)).body.data[0],
      'a caught message',
    );
    expect(ok).toMatchObject({ signature_valid: true, signature_error: null });
    expect(JSON.parse(ok.body).data.price_available).toBe(false);
    await api('PATCH', `/webhooks/${ep.id}`, { faults: { wrong_signature: true } });
    await api('POST', '/events/trigger', { type: 'tariff.created' });
    const bad = await until(
      async () =>
        (await api('GET', `/catcher/messages?endpoint_id=${ep.id}`)).body.data.find((m: any) => !m.signature_valid),
      'a bad signature',
    );
    expect(bad.signature_error).toMatch(/signature/i);
    await api('PATCH', `/webhooks/${ep.id}`, { faults: { wrong_signature: false, stale_timestamp: true } });
    await api('POST', '/events/trigger', { type: 'tariff.created' });
    const stale = await until(
      async () =>
        (await api('GET', `/catcher/messages?endpoint_id=${ep.id}`)).body.data
          .filter((m: any) => !m.signature_valid)[0]
          ?.signature_error?.match(/timestamp/i),
      'a stale timestamp',
    );
    expect(stale).toBeTruthy();

    const rx = await receiver();
    cleanup.push(rx.close);
    const ep2 = (await api('POST', '/webhooks', { url: rx.url, faults: { duplicate: true } })).body;
    const rotated = (await api('POST', `/webhooks/${ep2.id}/rotate-secret`)).body;
    expect(rotated.secret).not.toBe(ep2.secret);
    expect(rotated.previous_secret).toBe(ep2.secret);
    await api('POST', '/events/trigger', { type: 'location.created' });
    await until(() => rx.got.length >= 2, 'a duplicated delivery');
    expect(rx.got[0]!.headers['webhook-id']).toBe(rx.got[1]!.headers['webhook-id']);
    for (const s of [ep2.secret, rotated.secret])
      expect(verifyStandardWebhook(s, rx.got[0]!.headers, rx.got[0]!.body)).toBe(true);
  });

  it('out-of-order fault sends held messages newest first', async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const { api } = await host();
    await api('POST', '/webhooks', { url: rx.url, faults: { out_of_order: true } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api('POST', '/events/trigger', { type: 'tariff.created' })).body.id);
    await until(() => rx.got.length >= 3, 'three deliveries');
    expect(rx.got.map((g) => JSON.parse(g.body).id)).toEqual([...ids].reverse());
  });
});
