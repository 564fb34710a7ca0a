import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { harness, type Harness } from '../helpers.js';
import { api, contractFor } from '../../core/engine/api/index.js';
import type { Contract } from '../../core/engine/api/contract.js';
import { buildConnectServer } from '../../core/node/connect/server.js';

/** docs/parity.md's rows: number, the routes named in backquotes, and whether it says served. */
function parityRows() {
  const text = readFileSync(fileURLToPath(new URL('../../docs/parity.md', import.meta.url)), 'utf8');
  const rows = [...text.matchAll(/^\| (\d+)\s+\| (.+?)\s+\| (yes|not yet)\s+\|$/gm)].map((m) => ({
    n: Number(m[1]),
    connect: m[2]!.includes('connect service'),
    routes: [...m[2]!.matchAll(/`([A-Z]+ \/[^`]*)`/g)].map((r) => r[1]!),
    served: m[3] === 'yes',
  }));
  const count = /\*\*Served: (\d+) of (\d+)\.\*\*/.exec(text);
  return { rows, served: Number(count?.[1]), of: Number(count?.[2]) };
}

let h: Harness;
beforeAll(async () => (h = await harness()));
afterAll(() => h.close());

/** A concrete path of a pattern: each `{param}` filled with a sample value. */
const concrete = (pattern: string) => pattern.replace(/\{\w+\}/g, 'x_1');

describe('docs/parity.md', () => {
  it('lists the 39 operations once each, and says which are served as the route table does', async () => {
    const { rows, served, of } = parityRows();
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 39 }, (_, i) => i + 1));
    const table = new Set(h.app.routeTable.map((r) => r.replace(/:(\w+)/g, '{$1}')));
    const connect = buildConnectServer(h.svc, async () => ({}) as never);
    try {
      await connect.ready();
      for (const r of rows) {
        expect(r.routes.length, `row ${r.n} names its routes`).toBeGreaterThan(0);
        for (const route of r.routes) {
          const [method, url] = route.split(' ') as [string, string];
          const has = r.connect ? connect.hasRoute({ method: method as 'POST', url }) : table.has(`${method} ${url}`);
          expect(
            has,
            `row ${r.n}: docs/parity.md says ${route} is ${r.served ? '' : 'not yet '}served, the route table ${has ? 'has' : 'lacks'} it`,
          ).toBe(r.served);
        }
      }
    } finally {
      await connect.close();
    }
    expect(of).toBe(39);
    expect(served, 'the count of served rows').toBe(rows.filter((r) => r.served).length);
  });

  it('every served production path reaches its own contract, in the contract table and in the router', async () => {
    const { rows } = parityRows();
    for (const r of rows.filter((x) => x.served && !x.connect))
      for (const route of r.routes) {
        const [method, pattern] = route.split(' ') as [string, string];
        const own = (Object.values(api) as Contract[]).find(
          (c) => c.method === method && c.path.replace(/:(\w+)/g, '{$1}') === pattern,
        );
        expect(own, `a contract of ${route}`).toBeDefined();
        const path = concrete(pattern);
        expect(contractFor(method, path)?.operationId, route).toBe(own!.operationId);
        // Without a bearer the router's route answers 401 in its own name; the public key set answers anyone.
        const res = await h.app.inject({ method: method as 'GET', url: path });
        if (own!.auth === false && res.statusCode === 200) continue;
        expect(res.statusCode, route).toBe(401);
        expect(JSON.parse(res.body).context, route).toBe(own!.operationId);
      }
  });

  it('POST /costs/instant, /costs/session/… and /costs/interval/… never reach POST /costs/{location_id}', async () => {
    for (const [path, id] of [
      ['/costs/instant', 'costs.instant'],
      ['/costs/session/loc_1', 'costs.session'],
      ['/costs/interval/loc_1', 'costs.interval'],
      ['/costs/loc_1', 'costs.retrieve'],
    ] as const) {
      expect(contractFor('POST', path)?.operationId, path).toBe(id);
      const r = await h.call({ method: 'POST', url: path, headers: h.test, payload: {} });
      expect(r.body.context, path).toBe(id);
    }
  });
});
