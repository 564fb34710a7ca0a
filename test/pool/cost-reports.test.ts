import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinWithTariff, poolHost, sameness, type Answer, type PoolHost } from './world.js';

// A cost report over a long window of stored meter records is read and priced in a worker (on
// its read-only connection); a short one on the service thread. The same answer either way.
const hosts: PoolHost[] = [];
let pooled: PoolHost;
let loc: string;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const year = { start_time: '2026-01-01T00:00:00+01:00', end_time: '2027-01-01T00:00:00+01:00' };
const week = { start_time: '2026-03-02T00:00:00+01:00', end_time: '2026-03-09T00:00:00+01:00' };
/** The report's own id is new on every answer; the rest must match. */
const same = (a: Answer) => ({ ...sameness(a), text: sameness(a).text.replace(/"id":"ecs_[^"]*"/, '"id":"…"') });

beforeAll(async () => {
  pooled = await poolHost({ workers: 1 });
  hosts.push(pooled);
  loc = await berlinWithTariff(pooled);
  // Hourly records over the year, in batches the route takes.
  for (let b = 0; b < 4; b++) {
    const records = Array.from({ length: 2190 }, (_, k) => {
      const t = T0 + (b * 2190 + k) * HOUR;
      return {
        location_id: loc,
        units: 'WH',
        value: 200 + ((b * 2190 + k) % 24) * 10,
        start_time: new Date(t).toISOString(),
        end_time: new Date(t + HOUR).toISOString(),
      };
    });
    const put = await pooled.call('PUT', '/meters/interval', records);
    expect(put.status, put.text).toBeLessThan(300);
  }
});
afterAll(() => Promise.all(hosts.map((h) => h.host.stop())));

describe('cost reports over stored records', () => {
  it('a year by month runs in a worker, a week on the service thread; both answer as with the pool off', async () => {
    const asked = [
      ['POST', `/costs/interval/${loc}?aggregation=MONTH`, year],
      ['POST', `/costs/interval/${loc}?aggregation=DAY`, week],
      ['POST', `/costs/interval/${loc}?aggregation=MONTH`, { start_time: 'soon', end_time: year.end_time }],
    ] as const;
    const withPool: Answer[] = [];
    for (const [m, p, b] of asked) withPool.push(await pooled.call(m, p, b));
    expect(withPool.map((a) => a.status)).toEqual([200, 200, 400]);
    expect(withPool[0]!.json.data).toHaveLength(12);
    const journal = await pooled.call('GET', '/journal?path=/costs/interval&limit=3');
    expect(journal.json.data.map((e: any) => e.worker).reverse()).toEqual([true, false, false]);
    await pooled.host.stop();
    const plain = await poolHost({ dataDir: pooled.dataDir, workers: 0 });
    hosts.push(plain);
    const without: Answer[] = [];
    for (const [m, p, b] of asked) without.push(await plain.call(m, p, b));
    expect(withPool.map(same)).toEqual(without.map(same));
  });
});
