import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers.js';

const HOUR = 3_600_000;
const T0 = Date.parse('2027-01-01T00:00:00Z');

/** A timestamp,price CSV of `n` hours from `from`, each priced by `price(k)`. */
function hourly(from: number, n: number, price: (k: number) => number): string {
  const lines = ['timestamp,price'];
  for (let k = 0; k < n; k++) lines.push(`${new Date(from + k * HOUR).toISOString().replace('.000', '')},${price(k)}`);
  return lines.join('\n') + '\n';
}

const rows = (h: Harness) =>
  h.svc.db
    .prepare("SELECT start_ms AS s, end_ms AS e, price AS p FROM market_prices WHERE region = 'GB' ORDER BY start_ms")
    .all() as { s: number; e: number; p: number }[];

let h: Harness;
beforeAll(async () => {
  h = await harness('2026-12-01T12:00:00Z');
});
afterAll(() => h.close());

describe('a market import replaces the span it covers', () => {
  it('stores 20,000 distinct hours, then a later file replaces exactly what it overlaps', async () => {
    const imp = (csv: string) =>
      h.call({ method: 'POST', url: '/market/regions/GB/import', headers: h.test, payload: { csv } });
    const started = performance.now();
    const first = await imp(hourly(T0, 20_000, (k) => (k % 97) / 100));
    const ms = performance.now() - started;
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 20_000, resolution_minutes: 60 });
    // Reported, not asserted: speed is the benchmark's to judge.
    console.info(`market import of 20,000 hours answered in ${ms.toFixed(0)} ms`);
    const stored = rows(h);
    expect(stored).toHaveLength(20_000);
    expect(stored[123]).toEqual({ s: T0 + 123 * HOUR, e: T0 + 124 * HOUR, p: (123 % 97) / 100 });

    // Quarter hours over hours 100..109: the ten hours go, forty quarter hours take their place.
    const quarters = ['timestamp,price'];
    for (let q = 0; q < 40; q++)
      quarters.push(`${new Date(T0 + 100 * HOUR + q * 900_000).toISOString().replace('.000', '')},${q}`);
    const second = await imp(quarters.join('\n'));
    expect(second.body).toMatchObject({ imported: 40, resolution_minutes: 15 });
    const after = rows(h);
    expect(after).toHaveLength(20_000 - 10 + 40);
    expect(after.filter((r) => r.s >= T0 + 100 * HOUR && r.s < T0 + 110 * HOUR).map((r) => r.p)).toEqual(
      Array.from({ length: 40 }, (_, q) => q),
    );
    // Every other hour is as the first file left it.
    const untouched = after.filter((r) => r.s < T0 + 100 * HOUR || r.s >= T0 + 110 * HOUR);
    expect(untouched).toEqual(stored.filter((r) => r.s < T0 + 100 * HOUR || r.s >= T0 + 110 * HOUR));
    // The prices route reads the new quarter hours back.
    const pts = await h.call({
      method: 'GET',
      url: `/market/regions/GB/prices?start_time=${new Date(T0 + 100 * HOUR).toISOString()}&end_time=${new Date(T0 + 100 * HOUR + HOUR).toISOString()}`,
      headers: h.test,
    });
    expect(pts.body.data.map((p: { price: number }) => p.price)).toEqual([0, 1, 2, 3]);
  });
});
