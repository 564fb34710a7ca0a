import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost, type RunningHost } from '../../core/hosts/host.js';
import { loggedIn } from '../e2e/host.js';
import type { ListenerLimits } from '../../core/node/http/listener.js';
import { openConnection, type KeptConnection } from './raw.js';

/**
 * Slow and idle clients, and too many of them, on every listener of a running host, with the
 * limits lowered (the defaults are `LISTENER_LIMITS`): a client that trickles its headers or
 * body is cut off with 408 once its time is up, an idle kept-alive connection is closed, a slow
 * answer is not cut, and a connection beyond the cap is closed while the others go on working.
 */

type Surface = 'api' | 'connect' | 'connect_web' | 'app';
const SURFACES: Surface[] = ['api', 'connect', 'connect_web', 'app'];

/**
 * A host with lowered limits. Not `liveHost`: that logs in over a pooled connection, which
 * would count against the connection cap under test.
 */
async function hostWith(limits: Partial<ListenerLimits>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'td-timeouts-'));
  const host = await startHost({
    dataDir,
    apiPort: 0,
    connectPort: 0,
    connectWebPort: 0,
    appPort: 0,
    demo: false,
    limits,
  });
  const i = host.info;
  const urls: Record<Surface, string> = {
    api: i.api_url,
    connect: i.connect_service_url,
    connect_web: i.connect_web_url,
    app: i.app_url!,
  };
  return { host, urls, dataDir };
}
async function stop(h: { host: RunningHost; dataDir: string }) {
  await h.host.stop();
  rmSync(h.dataDir, { recursive: true, force: true });
}
const hostHeader = (url: string) => new URL(url).host;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes one byte every `everyMs` until the server closes the connection. */
async function trickle(c: KeptConnection, bytes: string, everyMs: number) {
  let open = true;
  void c.closed.then(() => (open = false));
  for (let i = 0; open; i++) {
    c.write(bytes[i % bytes.length]!);
    await sleep(everyMs);
  }
}

/** The 408 error object the connection was cut with. */
function expectTimedOut(text: string, where: string) {
  expect(text, where).toMatch(/^HTTP\/1\.1 408 /);
  const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
  expect(body, where).toMatchObject({ object: 'error', type: 'invalid_request', code: 'request_timeout' });
}

describe('timeouts', () => {
  const LIMITS = { headersTimeoutMs: 600, requestTimeoutMs: 1_200, keepAliveTimeoutMs: 400, idleTimeoutMs: 5_000 };
  let h: Awaited<ReturnType<typeof hostWith>>;
  let bearer: string;
  beforeAll(async () => {
    h = await hostWith(LIMITS);
    bearer = (await loggedIn(h.host.info)).bearer;
  });
  afterAll(() => stop(h));

  it('a client sending its headers a byte at a time is cut off after headersTimeout with 408', async () => {
    await Promise.all(
      SURFACES.map(async (s) => {
        const c = await openConnection(h.urls[s]);
        c.write(`GET / HTTP/1.1\r\nHost: ${hostHeader(h.urls[s])}\r\nX-Slow: `);
        void trickle(c, 'abcdefgh', 50);
        const { ms, text } = await c.closed;
        // Cut once the time is up, checked every quarter of it: not before, and well before the idle timeout.
        expect(ms, s).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
        expect(ms, s).toBeLessThan(LIMITS.headersTimeoutMs + 1_000);
        expectTimedOut(text, s);
      }),
    );
  });

  it('a connection that sends nothing is closed after headersTimeout with 408', async () => {
    await Promise.all(
      SURFACES.map(async (s) => {
        const { ms, text } = await (await openConnection(h.urls[s])).closed;
        expect(ms, s).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
        expect(ms, s).toBeLessThan(LIMITS.headersTimeoutMs + 1_000);
        expectTimedOut(text, s);
      }),
    );
  });

  it('a client sending its body a byte at a time is cut off after requestTimeout with 408', async () => {
    const path: Record<Surface, string> = {
      api: '/locations',
      connect: '/',
      connect_web: '/provider-login/prv_nordlichtenergie',
      app: '/',
    };
    await Promise.all(
      SURFACES.map(async (s) => {
        const c = await openConnection(h.urls[s]);
        c.write(
          `POST ${path[s]} HTTP/1.1\r\nHost: ${hostHeader(h.urls[s])}\r\nAuthorization: Bearer ${bearer}\r\n` +
            `Content-Type: application/json\r\nContent-Length: 8000\r\n\r\n{"a":"`,
        );
        void trickle(c, 'xyz', 50);
        const { ms, text } = await c.closed;
        expect(ms, s).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
        expect(ms, s).toBeLessThan(LIMITS.requestTimeoutMs + 1_000);
        expectTimedOut(text, s);
      }),
    );
  });

  it('an idle kept-alive connection is closed after keepAliveTimeout', async () => {
    await Promise.all(
      SURFACES.map(async (s) => {
        const c = await openConnection(h.urls[s]);
        const r = await c.request(`GET /nowhere HTTP/1.1\r\nHost: ${hostHeader(h.urls[s])}\r\n\r\n`);
        expect(r.status, s).toBeGreaterThan(0);
        const answered = Date.now();
        await c.closed;
        const idle = Date.now() - answered;
        // Node closes a second after the advertised time, so a client told `timeout` stops first.
        expect(idle, s).toBeGreaterThanOrEqual(LIMITS.keepAliveTimeoutMs - 50);
        expect(idle, s).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1_000 + 1_000);
      }),
    );
  });

  it('an answer slower than the request timeouts still arrives (they bound receiving only)', async () => {
    const { api } = await loggedIn(h.host.info);
    const rule = await api('POST', '/faults', { pattern: 'GET /locations', kind: 'latency', latency_ms: 1_800 });
    expect(rule.status).toBe(200);
    const c = await openConnection(h.urls.api);
    const started = Date.now();
    const r = await c.request(
      `GET /locations HTTP/1.1\r\nHost: ${hostHeader(h.urls.api)}\r\nAuthorization: Bearer ${bearer}\r\n\r\n`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_800);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ object: 'list' });
    c.socket.destroy();
    await api('DELETE', `/faults/${rule.body.id}`);
  });
});

describe('idle cut', () => {
  const IDLE = 1_000;
  let h: Awaited<ReturnType<typeof hostWith>>;
  beforeAll(async () => (h = await hostWith({ idleTimeoutMs: IDLE })));
  afterAll(() => stop(h));

  it('a connection silent both ways for idleTimeout is cut (the backstop for an answer that never comes)', async () => {
    const { api, bearer } = await loggedIn(h.host.info);
    const rule = await api('POST', '/faults', { pattern: 'GET /locations', kind: 'latency', latency_ms: 3 * IDLE });
    expect(rule.status).toBe(200);
    const c = await openConnection(h.urls.api);
    const r = await c.request(
      `GET /locations HTTP/1.1\r\nHost: ${hostHeader(h.urls.api)}\r\nAuthorization: Bearer ${bearer}\r\n\r\n`,
    );
    const { ms } = await c.closed;
    expect(r.status).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(IDLE - 50);
    expect(ms).toBeLessThan(2 * IDLE);
    await api('DELETE', `/faults/${rule.body.id}`);
  });
});

describe('connection cap', () => {
  const CAP = 2;
  const HARD = 3;
  let h: Awaited<ReturnType<typeof hostWith>>;
  // Nothing else connects to this host: every connection the test counts is its own.
  beforeAll(async () => (h = await hostWith({ maxConnections: CAP, hardMaxConnections: HARD })));
  afterAll(() => stop(h));

  it('a connection past maxConnections is answered 503 server_busy with Retry-After and closed; past the hard cap it is closed; the open ones keep working', async () => {
    for (const s of SURFACES) {
      const get = `GET /nowhere HTTP/1.1\r\nHost: ${hostHeader(h.urls[s])}\r\n\r\n`;
      const open = await Promise.all(Array.from({ length: CAP }, () => openConnection(h.urls[s])));
      // What the listener answers a served request for this path (the app serves its page for any).
      const served = (await open[0]!.request(get)).status;
      expect(served, s).toBeGreaterThanOrEqual(200);
      expect((await open[1]!.request(get)).status, s).toBe(served);
      const busy = await openConnection(h.urls[s]);
      const answer = await busy.request(get);
      expect(answer.status, s).toBe(503);
      expect(answer.headers['retry-after'], s).toBe('1');
      expect(answer.headers['connection'], s).toBe('close');
      expect(JSON.parse(answer.body), s).toMatchObject({ object: 'error', code: 'server_busy', type: 'rate_limit' });
      expect(JSON.parse(answer.body).request_id, s).toMatch(/^req_/);
      await busy.closed;
      // Past the hard cap (the busy one held open) a connection is closed as it is accepted.
      const held = await openConnection(h.urls[s]);
      const extra = await openConnection(h.urls[s]);
      extra.write(get);
      const refused = await extra.closed;
      expect(refused.text, `${s}: nothing answered past the hard cap`).toBe('');
      held.socket.destroy();
      await held.closed;
      // The connections within the cap are untouched: each answers again.
      for (const c of open) expect((await c.request(get)).status, s).toBe(served);
      // Closing one makes room for a new one.
      open[0]!.socket.destroy();
      await open[0]!.closed;
      // The server counts the connection gone once its side has closed too: a moment later.
      let next: KeptConnection | undefined;
      let answered = 0;
      for (let i = 0; i < 40 && answered !== served; i++) {
        if (i) await sleep(50);
        next = await openConnection(h.urls[s]);
        answered = (await next.request(get)).status;
        if (answered !== served) next.socket.destroy();
      }
      expect(answered, `${s}: room again`).toBe(served);
      for (const c of [...open, next!]) c.socket.destroy();
      await Promise.all([...open, next!].map((c) => c.closed));
    }
  });
});
