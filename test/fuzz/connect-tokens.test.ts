import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { CALLBACK, connectHarness, type ConnectHarness } from '../connect/harness.js';
import { berlinAddress } from '../helpers.js';
import { anyJson, fromSchema, hostileString, rawBodies, resolver } from './generate.js';
import { CONNECT_ROUTE_NAMES } from '../../core/engine/connect/routes/index.js';
import { ACTIONS } from '../../core/engine/connect/route.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../../core/engine/settings.js';

const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 1500) / 4);
const SEED = Number(process.env.FUZZ_SEED ?? 424242);
const HELPER = '/test_helpers/connect/complete';

let c: ConnectHarness;
/** Tokens no message may act on, by what makes them so. */
let spent: Record<string, string>;
let expired: Record<string, string>;
/** Tokens the helper's caller may not see: another account's, the other mode's, unknown ones. */
let foreign: Record<string, string>;
let doc: any;

/** Everything stored, except what logging in writes. */
function stored(): string {
  const tables = (
    c.h.svc.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('bearer_tokens') ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  const hash = createHash('sha256');
  for (const t of tables) hash.update(t + JSON.stringify(c.h.svc.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
  return hash.digest('hex');
}

/** Valid data for each page, so a refusal is for the token and not only for the data. */
const PAGE_DATA: unknown[] = [
  { postal_address: berlinAddress },
  { provider: { id: 'prv_nordlichtenergie' } },
  { provider: { id: 'prv_rheinstromwerke' } },
  { provider: { name: 'Acme' } },
  { tariff: { id: 'ltf_nordlichtfix' } },
  { tariff: { name: 'Night' } },
  { options: ['FIXED'] },
  { contract_end_date: '2027-06-30T00:00:00Z' },
  { cost: 0.5 },
  { hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', cost: 0.1 }] },
  { region: 'DE-LU' },
  { surcharge: { fixed: 0.1, percentage: 5 } },
];

beforeAll(async () => {
  c = await connectHarness('2026-11-20T10:00:00Z');
  // Hundreds of calls at a frozen time: the per-minute limit would answer for the service.
  c.h.svc.settings.setRateLimit(c.h.cred.account_id, DEFAULT_RATE_LIMIT_PER_MINUTE * 100);
  const other = c.h.svc.accounts.create('Other');
  const otherTest = await c.h.login(other.account_id, other.test_key);
  /** A session through a library tariff, completed and left with Done. */
  const completed = async (headers: Record<string, string>) => {
    const cot = await c.token({ postal_address: berlinAddress }, headers);
    await c.start(cot);
    await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
    await c.submit('tariff_select', cot, { tariff: { id: 'ltf_nordlichtfix' } });
    expect((await c.submit('contract_term_capture', cot)).route).toBe('tariff_summary');
    expect((await c.submit('tariff_summary', cot, undefined, 'CLOSE')).route).toBe('session_redirect');
    return cot;
  };
  const saved = await completed(c.h.test);
  const loc = (await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${saved}`, headers: c.h.test })).body
    .location_id;
  const left = await c.token({ postal_address: berlinAddress });
  await c.start(left);
  expect((await c.submit('provider_select', left, undefined, 'CLOSE')).route).toBe('session_redirect');
  spent = {
    saved,
    disconnected: await c.token({ location_id: loc, actions: { disconnect_tariff: true } }),
    left,
    otherAccount: await completed(otherTest),
    liveMode: await completed(c.h.live),
  };
  // The slot the disconnect emptied gets a tariff again, so a replay would have something to remove.
  await c.h.tariff(loc);
  foreign = {
    otherAccount: await c.token({ postal_address: berlinAddress }, otherTest),
    liveMode: await c.token({ postal_address: berlinAddress }, c.h.live),
    unknown: 'cot_nothere',
  };
  // Short-lived tokens, one with its session under way, then their lifetime passes.
  await c.h.call({ method: 'PATCH', url: '/settings', headers: c.h.test, payload: { connect_token_ttl_seconds: 600 } });
  const started = await c.token({ postal_address: berlinAddress });
  await c.start(started);
  await c.submit('provider_select', started, { provider: { id: 'prv_nordlichtenergie' } });
  expired = { started, fresh: await c.token({ postal_address: berlinAddress }) };
  c.h.clock.advance(601_000);
  doc = (await c.h.call({ method: 'GET', url: '/openapi.json', headers: c.h.test })).body;
});
afterAll(() => c.close());

describe('connect tokens that may not act, fuzzed', () => {
  it('the connect service answers generated and hostile page bodies on spent and expired tokens with a 4xx error object; nothing changes', async () => {
    const tokens = { ...spent, ...expired };
    const message = fc.record(
      {
        route: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...CONNECT_ROUTE_NAMES, 'session_start', 'session_restore') },
          { weight: 1, arbitrary: hostileString },
        ),
        type: fc.oneof(fc.constant('submit'), hostileString),
        action: fc.oneof(fc.constantFrom(...ACTIONS), hostileString),
        data: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PAGE_DATA) }, { weight: 1, arbitrary: anyJson }),
      },
      { requiredKeys: ['route'] },
    );
    const req = fc.record({
      token: fc.constantFrom(...Object.keys(tokens)),
      kind: fc.constantFrom('message', 'message', 'message', 'raw'),
      message,
      raw: rawBodies,
      contentType: fc.constantFrom('application/json', 'text/plain', ''),
    });
    const before = stored();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(req, async (r) => {
        const cot = tokens[r.token]!;
        const payload = r.kind === 'raw' ? r.raw : JSON.stringify({ ...r.message, connect_token: cot });
        const res = await c.connect.inject({
          method: 'POST',
          url: '/',
          headers: r.contentType ? { 'content-type': r.contentType } : {},
          payload,
        });
        n++;
        expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        const body = JSON.parse(res.body);
        expect(body).toMatchObject({
          object: 'error',
          code: expect.any(String),
          context: expect.stringMatching(/^connect/),
          request_id: expect.stringMatching(/^req_/),
        });
        // A spent token's message is refused for the token (or, malformed, for its shape).
        if (r.token in spent && r.kind === 'message')
          expect(['connect_token_used', 'data_json_invalid']).toContain(body.code);
        if (stored() !== before) throw new Error(`${payload.slice(0, 200)} changed stored data`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(n).toBe(RUNS);
  }, 300_000);

  it('the test helper answers generated bodies on spent, expired and foreign tokens with a 4xx error object; nothing changes', async () => {
    const tokens = { ...spent, ...expired, ...foreign };
    const resolve = resolver(doc);
    const schema = doc.paths[HELPER].post.requestBody.content['application/json'].schema;
    const ids = ['prv_nordlichtenergie', 'ltf_nordlichtfix', 'prv_rheinstromwerke', 'DE-LU', ...Object.values(tokens)];
    const req = fc.record({
      token: fc.constantFrom(...Object.keys(tokens)),
      body: fromSchema(schema, resolve, ids),
      keepToken: fc.boolean(),
      live: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    });
    const before = stored();
    await fc.assert(
      fc.asyncProperty(req, async (r) => {
        const generated = r.body && typeof r.body === 'object' && !Array.isArray(r.body) ? r.body : {};
        const body = r.keepToken ? r.body : { ...generated, connect_token: tokens[r.token] };
        const res = await c.h.app.inject({
          method: 'POST',
          url: HELPER,
          headers: { ...(r.live ? c.h.live : c.h.test), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        expect(JSON.parse(res.body)).toMatchObject({ object: 'error', code: expect.any(String) });
        if (stored() !== before) throw new Error(`${JSON.stringify(body).slice(0, 200)} changed stored data`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);

  it('with a body the helper would carry out, each token answers its own code', async () => {
    const before = stored();
    const expected: [string, number, string][] = [
      // Another account's or mode's spent token is not revealed as spent.
      ...Object.entries(spent).map(([k, t]): [string, number, string] =>
        k === 'otherAccount' || k === 'liveMode' ? [t, 404, 'connect_token_not_found'] : [t, 400, 'connect_token_used'],
      ),
      ...Object.values(expired).map((t): [string, number, string] => [t, 400, 'connect_token_expired']),
      ...Object.values(foreign).map((t): [string, number, string] => [t, 404, 'connect_token_not_found']),
    ];
    for (const [cot, status, code] of expected) {
      const r = await c.h.call({
        method: 'POST',
        url: HELPER,
        headers: c.h.test,
        payload: { connect_token: cot, provider_id: 'prv_nordlichtenergie', tariff_id: 'ltf_nordlichtfix' },
      });
      expect({ cot, status: r.status, code: r.body.code }).toEqual({ cot, status, code });
    }
    expect(stored()).toBe(before);
    // The same body on a usable token completes it: the refusals above were the tokens'.
    const ok = await c.token({ postal_address: berlinAddress, callback_url: CALLBACK });
    const r = await c.h.call({
      method: 'POST',
      url: HELPER,
      headers: c.h.test,
      payload: { connect_token: ok, provider_id: 'prv_nordlichtenergie', tariff_id: 'ltf_nordlichtfix' },
    });
    expect(r).toMatchObject({ status: 200, body: { complete_action: 'SAVE' } });
  });
});
