import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local webhook receiver on a loopback port; `respond` decides each answer. */
export async function receiver(
  respond: (r: Received, n: number) => { status: number; headers?: Record<string, string>; body?: string } = () => ({
    status: 200,
  }),
  port = 0,
) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = { headers: req.headers, body, at: Date.now() };
      got.push(r);
      const a = respond(r, got.length);
      res.writeHead(a.status, { 'content-type': 'text/plain', ...(a.headers ?? {}) });
      res.end(a.body ?? 'ok');
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const p = (server.address() as AddressInfo).port;
  return {
    got,
    url: `http://127.0.0.1:${p}/hook`,
    port: p,
    close: () => new Promise<void>((d) => server.close(() => d())),
  };
}

/**
 * An independent Standard Webhooks verifier, written from the scheme itself with node:crypto:
 * HMAC-SHA256 over `id.timestamp.body` keyed by the base64 secret after `whsec_`, any `v1,` signature
 * matching, and a timestamp within five minutes.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
  nowMs = Date.now(),
): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const ts = String(headers['webhook-timestamp'] ?? '');
  const sigs = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(ts) || Math.abs(nowMs / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return sigs.some((s) => {
    const [v, b64] = s.split(',');
    if (v !== 'v1' || !b64) return false;
    const got = Buffer.from(b64, 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

export async function until<T>(f: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
