import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listenerUrls, liveHost, SURFACES, type LiveHost, type Surface } from '../e2e/host.js';
import { rawExchange } from '../reliability/raw.js';
import { errorCatalogue } from './catalogue.js';

/**
 * Generated raw HTTP, byte for byte, on each of the four listeners: request lines with odd
 * methods, targets and versions, headers a client library would never send, and hostile
 * bodies. Every request is answered within 3 s, never 5xx, and every refusal is the error
 * object with a code from the catalogue and a request id.
 */

const RUNS = Math.max(20, Math.round(Number(process.env.FUZZ_RUNS ?? 1500) / 15));
const catalogue = errorCatalogue();

let h: LiveHost;
let urls: Record<Surface, string>;
beforeAll(async () => {
  h = await liveHost({ demo: false });
  urls = listenerUrls(h.host.info);
});
afterAll(() => h.host.stop());

const method = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'CONNECT',
  'TRACE',
  'FETCH',
  'get',
  'PRI',
);
const target = fc.constantFrom(
  '/',
  '/locations',
  '/locations/loc_x',
  '/catcher/whe_x',
  '/provider-login/prv_nordlichtenergie',
  '/%zz',
  '/a%00b',
  '*',
  'example.com:443',
  'http://elsewhere.example/',
  '/' + 'a'.repeat(3000),
  '/../../etc/passwd',
  '/?q=' + '%ff'.repeat(20),
);
const version = fc.constantFrom(
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.0',
  '',
  'HTTP/2.0',
  'HTTP/1.1 extra',
  'HTTP/9.9',
);
const header = fc.constantFrom(
  'Expect: 100-continue',
  'Expect: 200-ok',
  'Content-Type: application/json',
  'Content-Type: text/plain',
  'Content-Type: multipart/form-data; boundary=x',
  'Transfer-Encoding: chunked',
  'Transfer-Encoding: gzip, chunked',
  'Content-Length: -1',
  'Content-Length: 99999999999999999999',
  'Origin: https://elsewhere.example',
  'Origin: http://127.0.0.1:1',
  'Access-Control-Request-Method: POST',
  'Upgrade: websocket',
  'Connection: Upgrade',
  'Authorization: Bearer nope',
  'Authorization: Basic Og==',
  'Flatpeak-Version: 1999-01-01.old',
  'X-Bad\u0001Header: 1',
  'Host: elsewhere.example',
  'Cookie: ' + 'a=b; '.repeat(100),
);
const body = fc.constantFrom(
  '',
  '{}',
  '{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}',
  '{"a":"\\ud800"}',
  '{"n":1e999}',
  '{',
  'null',
  'x'.repeat(20_000),
  '{"__proto__":{"x":1}}',
);

describe('raw HTTP, generated, on every listener', () => {
  it.each(SURFACES)(
    `%s answers ${RUNS} generated requests at once with the error object or a success, never 5xx`,
    async (surface) => {
      const host = new URL(urls[surface]).host;
      const tally = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(
          method,
          target,
          version,
          fc.uniqueArray(header, { maxLength: 4 }),
          fc.boolean(),
          body,
          async (m, t, v, headers, withHost, b) => {
            const lines = [`${m} ${t}${v ? ' ' + v : ''}`];
            if (withHost) lines.push(`Host: ${host}`);
            lines.push(...headers);
            const chunked = headers.some((x) => x.startsWith('Transfer-Encoding'));
            if (!chunked && !headers.some((x) => x.startsWith('Content-Length')))
              lines.push(`Content-Length: ${Buffer.byteLength(b)}`);
            lines.push('Connection: close');
            const request =
              lines.join('\r\n') + '\r\n\r\n' + (chunked ? `${b.length.toString(16)}\r\n${b}\r\n0\r\n\r\n` : b);
            const started = Date.now();
            const a = await rawExchange(urls[surface], request, 4_000);
            const where = `${surface}: ${JSON.stringify(request.slice(0, 160))}`;
            expect(Date.now() - started, `${where} answered in time`).toBeLessThan(3_000);
            expect(a.status, `${where} answered`).toBeGreaterThanOrEqual(100);
            expect(a.status, `${where} → ${a.body.slice(0, 200)}`).toBeLessThan(500);
            tally.set(String(a.status), (tally.get(String(a.status)) ?? 0) + 1);
            // The simulated provider's sign-in pages answer people, in HTML, even when they refuse.
            const personPage =
              surface === 'connect_web' &&
              t.startsWith('/provider-login/') &&
              /^text\/html/.test(a.headers['content-type'] ?? '');
            if (a.status >= 400 && m !== 'HEAD' && !personPage) {
              expect(a.headers['content-type'], where).toMatch(/^application\/json/);
              const e = JSON.parse(a.body) as { object: string; code: string; request_id?: string };
              expect(e.object, where).toBe('error');
              expect(catalogue.has(e.code), `${where}: code ${e.code}`).toBe(true);
              expect(e.request_id, where).toMatch(/^req_/);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 424242) },
      );
      console.log(
        `raw fuzz ${surface}: ${RUNS} requests, statuses ${[...tally].map(([s, n]) => `${s}×${n}`).join(' ')}`,
      );
    },
    300_000,
  );
});
