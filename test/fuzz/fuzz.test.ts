import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { harness, type Harness } from '../helpers.js';
import { MUTATIONS, badAuth, fromSchema, hostileString, mutate, rawBodies, resolver } from './generate.js';
import { errorCatalogue } from './catalogue.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../../core/engine/settings.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const catalogue = errorCatalogue();
let h: Harness;
let doc: any;
let ids: string[];

/** Everything stored, except what logging in writes: rejected requests must not change it. */
function stored(): string {
  const tables = (
    h.svc.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('bearer_tokens') ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  const hash = createHash('sha256');
  for (const t of tables) hash.update(t + JSON.stringify(h.svc.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
  return hash.digest('hex');
}

beforeAll(async () => {
  h = await harness('2026-06-01T12:00:00Z');
  doc = (await h.call({ method: 'GET', url: '/openapi.json', headers: h.test })).body;
  const loc = await h.location();
  const trf = await h.tariff(loc.id);
  const whe = (
    await h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload: { url: 'http://127.0.0.1:9/hook' } })
  ).body;
  const cot = (
    await h.call({
      method: 'POST',
      url: '/connect/token',
      headers: h.test,
      payload: { callback_url: 'https://app.example/callback' },
    })
  ).body.connect_token;
  const evt = (await h.call({ method: 'GET', url: '/events', headers: h.test })).body.data[0].id;
  ids = [
    loc.id,
    trf.id,
    whe.id,
    cot,
    evt,
    'prv_nordlichtenergie',
    'grf_isarnetz',
    'DE-LU',
    'loc_nothere',
    'trf_nothere',
  ];
});
afterAll(() => h.close());

describe('fuzzing every route of GET /openapi.json', () => {
  it(`answers ${RUNS} generated requests with 2xx or a 4xx error object, never 5xx, and rejected ones change nothing`, async () => {
    const resolve = resolver(doc);
    const ops: { method: string; path: string; op: any }[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, any>))
      for (const [method, op] of Object.entries(methods)) ops.push({ method: method.toUpperCase(), path, op });
    // Resetting the demo re-seeds everything: a valid run would dominate the time; it is covered elsewhere.
    const routes = ops.filter((o) => o.path !== '/demo/reset');
    const tally = {
      total: 0,
      ok: 0,
      rejected: 0,
      byRoute: new Map<string, number>(),
      byMutation: new Map<string, number>(),
    };
    const req = fc.record({
      route: fc.constantFrom(...routes),
      pathValue: fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...ids) },
        { weight: 2, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      ),
      bodyKind: fc.constantFrom('schema', 'schema', 'schema', 'mutated', 'mutated', 'raw', 'json', 'none', 'utf8'),
      mutation: fc.constantFrom(...MUTATIONS),
      json: fc.jsonValue({ maxDepth: 4 }),
      raw: rawBodies,
      seed: fc.integer(),
      extraQuery: fc.option(
        fc.tuple(
          fc.constantFrom('limit', 'starting_after', 'foo', 'location_id', 'type', '__proto__'),
          fc.oneof(hostileString, fc.string({ maxLength: 10 })),
        ),
        { nil: undefined },
      ),
      auth: fc.oneof(
        { weight: 6, arbitrary: fc.constant('good') },
        { weight: 1, arbitrary: fc.constant('live') },
        { weight: 1, arbitrary: badAuth },
      ),
    });
    await fc.assert(
      fc.asyncProperty(req, async (r) => {
        const { method, path, op } = r.route;
        const segment = (() => {
          try {
            return encodeURIComponent(r.pathValue);
          } catch {
            return '%ED%A0%80'; // a lone surrogate: bytes no UTF-8 decoder accepts
          }
        })();
        const url = path.replace(/\{[^}]+\}/g, () => segment);
        const query = new URLSearchParams();
        for (const p of (op.parameters ?? []).filter((x: any) => x.in === 'query')) {
          const v = fc.sample(fromSchema(p.schema, resolve, ids), { numRuns: 1, seed: r.seed })[0];
          if (v !== undefined && (p.required || r.seed % 2 === 0))
            query.set(p.name, typeof v === 'string' ? v : JSON.stringify(v));
        }
        if (r.extraQuery) query.append(r.extraQuery[0], r.extraQuery[1]);
        const schema = op.requestBody?.content?.['application/json']?.schema;
        let payload: string | Buffer | undefined;
        if (['POST', 'PUT', 'PATCH'].includes(method)) {
          if (r.bodyKind === 'schema')
            payload = JSON.stringify(
              fc.sample(fromSchema(schema, resolve, ids), { numRuns: 1, seed: r.seed })[0] ?? {},
            );
          else if (r.bodyKind === 'mutated')
            payload = mutate(
              fc.sample(fromSchema(schema, resolve, ids), { numRuns: 1, seed: r.seed })[0] ?? {},
              r.mutation,
              r.seed,
            );
          else if (r.bodyKind === 'raw') payload = r.raw;
          else if (r.bodyKind === 'json') payload = JSON.stringify(r.json);
          else if (r.bodyKind === 'utf8')
            payload = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
        }
        const authorization =
          r.auth === 'good' ? h.test.authorization : r.auth === 'live' ? h.live.authorization : r.auth;
        const before = stored();
        const res = await h.app.inject({
          method: method as 'GET',
          url: url + (query.size ? `?${query}` : ''),
          headers: {
            ...(authorization ? { authorization } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
        tally.total++;
        if (r.bodyKind === 'mutated' && payload !== undefined)
          tally.byMutation.set(r.mutation, (tally.byMutation.get(r.mutation) ?? 0) + 1);
        tally.byRoute.set(`${method} ${path}`, (tally.byRoute.get(`${method} ${path}`) ?? 0) + 1);
        if (res.statusCode >= 500) throw new Error(`${method} ${url} → ${res.statusCode}: ${res.body.slice(0, 300)}`);
        if (res.statusCode >= 400) {
          tally.rejected++;
          const body = JSON.parse(res.body);
          expect(body).toMatchObject({
            object: 'error',
            type: expect.any(String),
            code: expect.any(String),
            message: expect.any(String),
          });
          expect(res.headers['content-type']).toMatch(/application\/json/);
          // A code from the catalogue, never one made from what the request said.
          if (!catalogue.has(body.code))
            throw new Error(`${method} ${url} answered a code outside the catalogue: ${body.code}`);
          expect(body.request_id).toMatch(/^req_/);
          if (stored() !== before)
            throw new Error(`${method} ${url} was rejected (${res.statusCode} ${body.code}) but changed stored data`);
        } else {
          tally.ok++;
          expect(() => JSON.parse(res.body)).not.toThrow();
        }
        // A long clock advance goes on after its 202: let it land before the next case.
        await h.svc.timeTravel.settled();
        // Testers' controls the fuzz may have switched on (injected faults, a tiny rate limit)
        // would answer for the service from then on: undo them so every case meets the service itself.
        for (const scope of [
          { accountId: h.cred.account_id, liveMode: false },
          { accountId: h.cred.account_id, liveMode: true },
        ]) {
          for (const f of h.svc.faults.list(scope)) h.svc.faults.remove(scope, f.id);
        }
        h.svc.settings.setRateLimit(h.cred.account_id, DEFAULT_RATE_LIMIT_PER_MINUTE * 100);
        // A moved service clock would outlive the bearers: back to (the harness's) real time.
        h.svc.clock.set('real');
        // Time moves on a little between cases, so rate-limit buckets refill as they would.
        h.clock.advance(100);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 424242) },
    );
    const integrity = h.svc.db.pragma('integrity_check', { simple: true });
    expect(integrity).toBe('ok');
    // The service still answers afterwards.
    expect((await h.call({ method: 'GET', url: '/locations', headers: h.test })).status).toBe(200);
    console.log(
      `fuzz: ${tally.total} requests over ${tally.byRoute.size} of ${routes.length} routes: ${tally.ok} 2xx, ${tally.rejected} 4xx, 0 5xx; integrity ${integrity}`,
    );
    console.log(`fuzz: hostile bodies by kind: ${[...tally.byMutation].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    expect(tally.byRoute.size).toBe(routes.length);
    expect(tally.byMutation.size).toBe(MUTATIONS.length);
  }, 600_000);
});
