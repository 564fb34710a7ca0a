import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerUrls, liveHost, SURFACES, type LiveHost, type Surface } from '../e2e/host.js';
import { rawExchange, type RawAnswer } from './raw.js';

/**
 * Malformed HTTP, written byte for byte on a raw socket to every listener of a running host:
 * whatever the HTTP parser, the router or the body parser refuses, the answer is a 4xx with the
 * listener's error object and a named code, never the framework's own body or an empty one.
 */

let h: LiveHost;
let urls: Record<Surface, string>;
beforeAll(async () => {
  h = await liveHost({ demo: false });
  urls = listenerUrls(h.host.info);
});
afterAll(() => h.host.stop());

const hostOf = (s: Surface) => new URL(urls[s]).host;
/** A POST each listener has a body parser for: a route of the API (with the bearer), the connect root, a provider form, the app. */
const postPath: Record<Surface, string> = {
  api: '/locations',
  connect: '/',
  connect_web: '/provider-login/prv_nordlichtenergie',
  app: '/',
};
const post = (s: Surface, type: string, body: string) =>
  `POST ${postPath[s]} HTTP/1.1\r\nHost: ${hostOf(s)}\r\nAuthorization: Bearer ${h.bearer}\r\n` +
  `Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

interface Case {
  name: string;
  request: (s: Surface) => string;
  /** Status and code, the same on every listener unless given per listener. */
  expect: [number, string] | Record<Surface, [number, string]>;
  /** Refused by Node's HTTP parser: the raw answer closes the connection. */
  parser?: boolean;
  /** The error's context, when a route is known (otherwise the listener's surface). */
  context?: Partial<Record<Surface, string>>;
}

/** 100,000 levels of arrays: the JSON parser takes it, every recursive walk after it would not. */
const DEEP = '{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';

const CASES: Case[] = [
  {
    name: 'a header line without a colon',
    request: (s) => `GET / HTTP/1.1\r\nHost: ${hostOf(s)}\r\nNot a header\r\n\r\n`,
    expect: [400, 'header_invalid'],
    parser: true,
  },
  {
    name: 'headers over the 16 KiB limit',
    request: (s) => `GET / HTTP/1.1\r\nHost: ${hostOf(s)}\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    expect: [431, 'header_too_large'],
    parser: true,
  },
  {
    name: 'no Host header on HTTP/1.1',
    request: () => `GET / HTTP/1.1\r\nConnection: close\r\n\r\n`,
    expect: [400, 'host_missing'],
  },
  {
    name: 'a bad percent-escape in the path',
    request: (s) =>
      `POST /%zz%E0%A4%A HTTP/1.1\r\nHost: ${hostOf(s)}\r\nContent-Type: application/json\r\n` +
      `Content-Length: 2\r\nConnection: close\r\n\r\n{}`,
    expect: [400, 'url_invalid'],
  },
  {
    name: 'a request target that is not a path',
    request: (s) => `GET nowhere HTTP/1.1\r\nHost: ${hostOf(s)}\r\n\r\n`,
    expect: [400, 'url_invalid'],
    parser: true,
  },
  {
    name: 'a control character in the URL',
    request: (s) => `GET /a\x01b HTTP/1.1\r\nHost: ${hostOf(s)}\r\n\r\n`,
    expect: [400, 'url_invalid'],
    parser: true,
  },
  {
    name: 'a method that is not HTTP',
    request: (s) => `FETCH / HTTP/1.1\r\nHost: ${hostOf(s)}\r\n\r\n`,
    expect: [400, 'method_invalid'],
    parser: true,
  },
  {
    name: 'a Content-Length that is not a number',
    request: (s) => `POST / HTTP/1.1\r\nHost: ${hostOf(s)}\r\nContent-Length: ten\r\n\r\n{}`,
    expect: [400, 'content_length_invalid'],
    parser: true,
  },
  {
    name: 'an unparseable JSON body',
    request: (s) => post(s, 'application/json', '{"postal_address": {'),
    // The connect service names its body `data` (CONNECT-PROTOCOL.md).
    expect: {
      api: [400, 'body_json_invalid'],
      connect: [400, 'data_json_invalid'],
      connect_web: [400, 'body_json_invalid'],
      app: [400, 'body_json_invalid'],
    },
    context: { api: 'locations.create' },
  },
  {
    name: 'a content type the listener does not take',
    request: (s) => post(s, 'text/xml', '<postal_address/>'),
    // The connect service reads every body as JSON, whatever its type (CONNECT-PROTOCOL.md);
    // the app server takes no POST at all.
    expect: {
      api: [415, 'content_type_unsupported'],
      connect: [400, 'data_json_invalid'],
      connect_web: [415, 'content_type_unsupported'],
      app: [404, 'route_not_found'],
    },
    context: { api: 'locations.create' },
  },
  {
    name: "a body over the listener's limit",
    request: (s) =>
      `POST ${postPath[s]} HTTP/1.1\r\nHost: ${hostOf(s)}\r\nAuthorization: Bearer ${h.bearer}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n{"a":"`,
    expect: [413, 'body_too_large'],
    context: { api: 'locations.create' },
  },
  {
    name: 'a JSON body nested 100,000 levels deep (about 600 KB, under the size limit)',
    request: (s) =>
      `POST ${postPath[s]} HTTP/1.1\r\nHost: ${hostOf(s)}\r\nAuthorization: Bearer ${h.bearer}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${DEEP.length}\r\nConnection: close\r\n\r\n${DEEP}`,
    // The connect web app takes bodies of 16 KiB at most: the deep one is too large for it first.
    expect: {
      api: [400, 'body_too_deep'],
      connect: [400, 'body_too_deep'],
      connect_web: [413, 'body_too_large'],
      app: [400, 'body_too_deep'],
    },
    context: { api: 'locations.create' },
  },
  {
    name: 'a JSON body 65 levels deep, small enough for every listener',
    request: (s) => post(s, 'application/json', '{"a":' + '['.repeat(64) + ']'.repeat(64) + '}'),
    expect: {
      api: [400, 'body_too_deep'],
      connect: [400, 'body_too_deep'],
      connect_web: [400, 'body_too_deep'],
      app: [400, 'body_too_deep'],
    },
    context: { api: 'locations.create' },
  },
  {
    name: 'a request line without an HTTP version (HTTP/0.9), answered at once rather than by the header timeout',
    request: () => `GET /\r\n`,
    expect: [400, 'http_version_missing'],
    parser: true,
  },
  {
    name: 'a CONNECT request',
    request: (s) => `CONNECT example.com:443 HTTP/1.1\r\nHost: ${hostOf(s)}\r\n\r\n`,
    expect: [405, 'method_not_allowed'],
    parser: true,
  },
  {
    name: 'an Expect header other than 100-continue',
    request: (s) =>
      `POST ${postPath[s]} HTTP/1.1\r\nHost: ${hostOf(s)}\r\nExpect: 200-ok\r\nContent-Type: application/json\r\n` +
      `Content-Length: 2\r\n\r\n{}`,
    expect: [417, 'expectation_unsupported'],
    parser: true,
  },
  {
    name: 'a CORS preflight without Access-Control-Request-Method',
    request: (s) =>
      `OPTIONS ${postPath[s]} HTTP/1.1\r\nHost: ${hostOf(s)}\r\nOrigin: http://127.0.0.1:1\r\nConnection: close\r\n\r\n`,
    // Only the API and the connect service answer browsers from other pages; the others have no OPTIONS at all.
    expect: {
      api: [400, 'preflight_invalid'],
      connect: [400, 'preflight_invalid'],
      connect_web: [404, 'route_not_found'],
      app: [404, 'route_not_found'],
    },
  },
  {
    name: 'a CORS preflight from an origin not allowed',
    request: (s) =>
      `OPTIONS ${postPath[s]} HTTP/1.1\r\nHost: ${hostOf(s)}\r\nOrigin: https://elsewhere.example\r\n` +
      `Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n`,
    expect: {
      api: [403, 'origin_not_allowed'],
      connect: [403, 'origin_not_allowed'],
      connect_web: [404, 'route_not_found'],
      app: [404, 'route_not_found'],
    },
  },
  {
    name: 'an unknown route',
    request: (s) => `DELETE /nowhere HTTP/1.1\r\nHost: ${hostOf(s)}\r\nConnection: close\r\n\r\n`,
    expect: [404, 'route_not_found'],
  },
];

/** The error object of DESIGN.md section 4, as every listener answers it. */
function expectErrorObject(r: RawAnswer, where: string, status: number, code: string, context: string) {
  expect(r.statusLine, where).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(r.headers['content-type'], where).toMatch(/^application\/json/);
  const body = JSON.parse(r.body) as Record<string, unknown>;
  expect(body, where).toMatchObject({ object: 'error', type: 'invalid_request', code, context, live_mode: false });
  expect(String(body.message).length, where).toBeGreaterThan(0);
  // An instant in whole seconds, as every answer writes them.
  expect(new Date(String(body.time_created)).toISOString().replace('.000Z', 'Z'), where).toBe(body.time_created);
  expect(Object.keys(body), where).not.toContain('statusCode');
  // Refusals below the framework carry a request id like every other error object.
  expect(body.request_id, where).toMatch(/^req_[A-Za-z0-9]+$/);
}

describe('malformed HTTP on every listener', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s answers the error object', async (_, c) => {
    for (const s of SURFACES) {
      const [status, code] = Array.isArray(c.expect) ? c.expect : c.expect[s];
      const started = Date.now();
      const r = await rawExchange(urls[s], c.request(s));
      // At once: none waits for a timeout (the header timeout is 10 s).
      expect(Date.now() - started, `${c.name} → ${s} in time`).toBeLessThan(3_000);
      expectErrorObject(r, `${c.name} → ${s}`, status, code, c.context?.[s] ?? s);
      if (c.parser) expect(r.closed, `${c.name} → ${s} closes`).toBe(true);
    }
  });

  it('each listener still answers well-formed requests afterwards', async () => {
    const list = await rawExchange(
      urls.api,
      `GET /locations HTTP/1.1\r\nHost: ${hostOf('api')}\r\nAuthorization: Bearer ${h.bearer}\r\nConnection: close\r\n\r\n`,
    );
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toMatchObject({ object: 'list' });
    const page = await rawExchange(urls.app, `GET / HTTP/1.1\r\nHost: ${hostOf('app')}\r\nConnection: close\r\n\r\n`);
    expect(page.status).toBe(200);
    const start = await h.send({ route: 'session_start', connect_token: 'cot_unknown', type: 'submit' });
    expect(start.body).toMatchObject({ object: 'error' });
  });
});
