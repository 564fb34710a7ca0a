import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { harness, type Harness } from '../helpers.js';
import { outboundFetch } from '../../core/node/webhooks/outbound.js';
import { WebhookWorker } from '../../core/node/webhooks/worker.js';
import type { Fetch } from '../../core/node/webhooks/types.js';

/** How the worker reaches receivers: the catcher in process, everyone else through one bounded pool. */

let h: Harness;
beforeAll(async () => {
  h = await harness('2026-06-01T12:00:00Z');
});
afterAll(() => h.close());

const init = (body: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
  signal: AbortSignal.timeout(2_000),
  redirect: 'manual' as const,
});

describe('outbound deliveries', () => {
  it('a delivery to the catcher is served by the API in process: nothing listens at its address', async () => {
    // No port is bound: a socket to this address would be refused.
    const base = 'http://127.0.0.1:9';
    h.svc.webhooks.apiUrl = base;
    const ep = (await h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload: { catcher: true } })).body;
    expect(ep.url).toBe(`${base}/catcher/${ep.id}`);
    const out = outboundFetch({ api: { app: h.app, url: () => base } });
    const res = await out.fetch(ep.url, init('{"hello":1}'));
    expect(res.status).toBe(200);
    expect(JSON.parse(await res.text())).toMatchObject({ received: true });
    const caught = (await h.call({ method: 'GET', url: '/catcher/messages', headers: h.test })).body.data;
    expect(caught[0]).toMatchObject({ endpoint_id: ep.id, body: '{"hello":1}' });
    // Any other address is a real request, refused here.
    await expect(out.fetch(`${base}/elsewhere`, init('{}'))).rejects.toThrow();
    await out.close();
  });

  it('a catcher holding its answer past the timeout is given up on at the timeout', async () => {
    const base = 'http://127.0.0.1:9';
    h.svc.webhooks.apiUrl = base;
    h.svc.webhooks.deliveryTimeoutMs = 300;
    const ep = (await h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload: { catcher: true } })).body;
    await h.call({
      method: 'PUT',
      url: `/webhooks/${ep.id}/catcher-rule`,
      headers: h.test,
      payload: { kind: 'timeout' },
    });
    const out = outboundFetch({ api: { app: h.app, url: () => base } });
    const started = Date.now();
    const err = await out.fetch(ep.url, { ...init('{}'), signal: AbortSignal.timeout(300) }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(1_000);
    await out.close();
  });

  it('the worker has at most its concurrency in flight however many endpoints are due', async () => {
    let inFlight = 0;
    let peak = 0;
    const fetch: Fetch = async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return { status: 200, headers: { get: () => null }, text: async () => '' };
    };
    const scope = { accountId: h.cred.account_id, liveMode: false };
    for (let i = 0; i < 40; i++)
      h.svc.webhooks.create(scope, {
        url: `http://127.0.0.1:9/r${i}`,
        enabled_events: ['*'],
        description: '',
        disabled: false,
        retry_schedule: 'compressed',
      });
    h.svc.webhooks.trigger(scope, 'tariff.created');
    const worker = new WebhookWorker(h.svc.webhooks, { fetch, concurrency: 8, now: () => h.clock.now().getTime() });
    worker.start();
    await worker.settle();
    await worker.stop();
    expect(peak).toBe(8);
  });

  it('the pool keeps connections to a receiver alive and bounded', async () => {
    const sockets = new Set<unknown>();
    let open = 0;
    let peak = 0;
    const server = http.createServer((req, res) => {
      setTimeout(() => res.end('ok'), 10);
    });
    server.on('connection', (s) => {
      sockets.add(s);
      peak = Math.max(peak, ++open);
      s.on('close', () => open--);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const out = outboundFetch({ connectionsPerOrigin: 4 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => out.fetch(url, init('{}'))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(peak).toBeLessThanOrEqual(4);
    expect(sockets.size).toBeLessThanOrEqual(4);
    await out.close();
    await new Promise((r) => server.close(r));
  });
});
