import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness('2026-07-15T10:00:00Z')));
afterEach(() => h.close());

/** Counts every statement the service's connection executes while `f` runs. */
async function statements(f: () => Promise<unknown>): Promise<string[]> {
  const proto = Object.getPrototypeOf(h.svc.db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  const seen: string[] = [];
  const originals = new Map<string, (...a: unknown[]) => unknown>();
  for (const m of ['get', 'all', 'iterate', 'run']) {
    const orig = proto[m]!;
    originals.set(m, orig);
    proto[m] = function (this: { source: string }, ...a: unknown[]) {
      seen.push(`${m}: ${this.source}`);
      return orig.apply(this, a);
    };
  }
  try {
    await f();
  } finally {
    for (const [m, orig] of originals) proto[m] = orig;
  }
  return seen;
}

describe('a warm one-day price request', () => {
  it('reads nothing from SQL: bearer, limits, location, tariffs and market data are cached until a write', async () => {
    // Far longer than the test: writes by other processes are polled, not looked for per request.
    h.svc.db.writes.pollMs = 60 * 60_000;
    const loc = await h.location();
    await h.call({
      method: 'POST',
      url: '/tariffs',
      headers: h.test,
      payload: tariffBody(loc.id, { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' }),
    });
    const day = { start_time: '2026-07-15T00:00:00+02:00', end_time: '2026-07-16T00:00:00+02:00' };
    const price = () => h.call({ method: 'POST', url: `/prices/${loc.id}`, headers: h.test, payload: day });
    expect((await price()).status).toBe(200);
    expect((await price()).status).toBe(200);
    expect(await statements(price)).toEqual([]);
    // A write makes the next request read again (and only then).
    await h.call({ method: 'PATCH', url: `/locations/${loc.id}`, headers: h.test, payload: { reference_id: 'x' } });
    expect((await statements(price)).length).toBeGreaterThan(0);
    expect(await statements(price)).toEqual([]);
  });

  it('a revoked key ends its cached bearer at once', async () => {
    const loc = () => h.call({ method: 'GET', url: '/locations', headers: h.test });
    expect((await loc()).status).toBe(200);
    h.svc.accounts.revokeKey(h.cred.test_key);
    const r = await loc();
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('token_invalid');
  });
});
