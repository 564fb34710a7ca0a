import http from 'node:http';
import { constants, createHash, createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';

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

/** A JWK set as a receiver fetches it. */
export interface JwkSet {
  keys: { kty: string; n: string; e: string; kid: string; alg: string; use: string }[];
}

/** The signing keys of a running API, fetched over HTTP the way a receiver does (no credentials). */
export async function fetchJwks(apiUrl: string): Promise<JwkSet> {
  const r = await fetch(`${apiUrl}/jwks.json`);
  if (r.status !== 200) throw new Error(`GET /jwks.json answered ${r.status}`);
  return (await r.json()) as JwkSet;
}

/** RFC 7638 thumbprint of an RSA JWK: SHA-256 of `{"e","kty","n"}` in that order without spaces, base64url. */
export const rsaThumbprint = (k: { e: string; n: string }) =>
  createHash('sha256').update(`{"e":"${k.e}","kty":"RSA","n":"${k.n}"}`).digest('base64url');

/**
 * An independent PS256 webhook verifier, written from the scheme itself with node:crypto:
 * `Flatpeak-Signature-Scheme: v1`, a timestamp within five minutes, the key named by
 * `Flatpeak-Key-ID` taken from the JWK set, and `Flatpeak-Signature: v1=<base64url>` an
 * RSA-PSS signature (SHA-256, MGF1-SHA-256, 32-byte salt) of `"{timestamp}.{raw body}"`.
 */
export function verifyPs256Webhook(
  jwks: JwkSet,
  headers: http.IncomingHttpHeaders | Record<string, string>,
  body: string,
  nowMs = Date.now(),
): boolean {
  const ts = String(headers['flatpeak-timestamp'] ?? '');
  const kid = String(headers['flatpeak-key-id'] ?? '');
  const sig = /^v1=([A-Za-z0-9_-]+)$/.exec(String(headers['flatpeak-signature'] ?? ''));
  if (headers['flatpeak-signature-scheme'] !== 'v1' || !sig) return false;
  if (!/^\d+$/.test(ts) || Math.abs(nowMs / 1000 - Number(ts)) > 300) return false;
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk || jwk.kty !== 'RSA' || jwk.alg !== 'PS256') return false;
  const key = createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' });
  return verify(
    'sha256',
    Buffer.from(`${ts}.${body}`),
    { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    Buffer.from(sig[1]!, 'base64url'),
  );
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

/** A loopback port nobody listens on: bound, then closed. */
export async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}
