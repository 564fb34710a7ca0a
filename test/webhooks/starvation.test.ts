import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { liveHost, type LiveHost } from '../e2e/host.js';
import { until } from './receiver.js';

/**
 * Deliveries to the built-in catcher are requests to the API itself. They run in process, so a
 * burst of them takes no connection an ordinary client needs; and a client past the listener's
 * connection cap is answered 503 with the error object, never dropped.
 */

let h: LiveHost;
beforeAll(async () => {
  h = await liveHost({ demo: false, webhooks: { timeoutMs: 5_000 } });
});
afterAll(() => h.host.stop());

/** One GET on a connection of its own (no keep-alive): its status, or the socket error's code. */
function fresh(url: string, headers: Record<string, string>): Promise<{ status: number; body: string } | string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { ...headers, connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

/** Runs `n` tasks, `width` at a time. */
async function inWaves<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

describe('webhook deliveries do not starve the API', () => {
  // STARVATION_EVENTS=300 is the outside check's burst (24,000 deliveries, about 30 s); the default keeps npm test short.
  const EVENTS = Number(process.env.STARVATION_EVENTS ?? 60);
  it(`800 client requests on new connections are all answered while 80 catcher endpoints take ${EVENTS} events each`, async () => {
    const ENDPOINTS = 80;
    for (let i = 0; i < ENDPOINTS; i++)
      expect((await h.api('POST', '/webhooks', { catcher: true, description: `catcher ${i}` })).status).toBe(200);
    const delivered = () =>
      (
        h.host.service.db.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'delivered'").get() as {
          n: number;
        }
      ).n;
    const triggers = inWaves(
      EVENTS,
      4,
      async () => (await h.api('POST', '/events/trigger', { type: 'tariff.created' })).status,
    );
    // Close to the cap of 128: deliveries over sockets, even pooled, would push clients past it.
    const clients = inWaves(800, 120, () =>
      fresh(`${h.host.info.api_url}/locations`, { authorization: `Bearer ${h.bearer}` }),
    );
    const [triggered, answers] = await Promise.all([triggers, clients]);
    expect(triggered.every((s) => s === 200)).toBe(true);
    const unanswered = answers.filter((a) => typeof a === 'string');
    expect(unanswered, 'no request left without an answer').toEqual([]);
    expect(answers.map((a) => (a as { status: number }).status).filter((s) => s !== 200)).toEqual([]);
    await until(() => delivered() >= ENDPOINTS * EVENTS, 'every delivery', 120_000);
    // Each reached the catcher, which checked its signature.
    const caught = (await h.api('GET', '/catcher/messages')).body.data as { signature_valid: boolean }[];
    expect(caught.length).toBeGreaterThan(0);
    expect(caught.every((m) => m.signature_valid)).toBe(true);
  }, 180_000);

  it('a burst past the connection cap is answered 503 server_busy with Retry-After, none dropped', async () => {
    const answers = await Promise.all(
      Array.from({ length: 400 }, () =>
        fresh(`${h.host.info.api_url}/locations`, { authorization: `Bearer ${h.bearer}` }),
      ),
    );
    expect(answers.filter((a) => typeof a === 'string')).toEqual([]);
    const statuses = answers.map((a) => (a as { status: number }).status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const a of answers as { status: number; body: string }[])
      if (a.status === 503) expect(JSON.parse(a.body)).toMatchObject({ object: 'error', code: 'server_busy' });
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  }, 180_000);
});
