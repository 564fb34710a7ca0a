import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinWithTariff, poolHost, quarters, sameness, type Answer, type PoolHost } from './world.js';

// Every heavy request, as a worker answers it and as the service thread does: the same bytes.
const march = quarters(3, 4);
const generation = march.map((q, k) => ({ ...q, kwh: k % 96 > 40 && k % 96 < 60 ? 0.3 : 0 }));
const requests = (loc: string): [string, string, unknown][] => [
  [
    'POST',
    `/bills/${loc}`,
    {
      start_time: '2026-03-01T00:00:00+01:00',
      end_time: '2026-04-01T00:00:00+02:00',
      usage: { intervals: march },
      generation: { intervals: generation },
    },
  ],
  [
    'POST',
    `/bills/${loc}`,
    {
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      usage: { profile: 'bdew_h0', kwh_per_year: 3500 },
    },
  ],
  [
    'POST',
    `/costs/${loc}`,
    {
      start_time: '2026-03-01T00:00:00+01:00',
      end_time: '2026-04-01T00:00:00+02:00',
      usage: { intervals: march },
      group_by: 'month',
    },
  ],
  // Refusals: a field missing, an interval out of its window, JSON broken, nested too deep, an unknown location.
  ['POST', `/bills/${loc}`, { end_time: '2026-04-01T00:00:00+02:00', usage: { intervals: march } }],
  [
    'POST',
    `/costs/${loc}`,
    { start_time: '2026-03-02T00:00:00+01:00', end_time: '2026-03-03T00:00:00+01:00', usage: { intervals: march } },
  ],
  [
    'POST',
    `/bills/${loc}`,
    '{"start_time": "2026-03-01T00:00:00+01:00", "usage": {"intervals": [' + '{},'.repeat(30_000),
  ],
  ['POST', `/costs/${loc}`, '['.repeat(70) + ']'.repeat(70)],
  ['POST', `/bills/${loc}`, '{"__proto__": {"x": 1}}'],
  [
    'POST',
    '/bills/loc_doesnotexist0000000000',
    { start_time: '2026-03-01T00:00:00+01:00', end_time: '2026-04-01T00:00:00+02:00', usage: { intervals: march } },
  ],
];

let pooled: PoolHost;
let loc: string;
const inWorker: Answer[] = [];
const onThread: Answer[] = [];

beforeAll(async () => {
  // Every body goes to the worker, however small.
  pooled = await poolHost({ workers: 1, pool: { offloadBytes: 0 } });
  loc = await berlinWithTariff(pooled);
  for (const [m, p, b] of requests(loc)) inWorker.push(await pooled.call(m, p, b));
  const journal = await pooled.call('GET', '/journal?method=POST&limit=50');
  expect(journal.json.data.filter((e: any) => /^\/(bills|costs)\//.test(e.path)).map((e: any) => e.worker)).toEqual(
    requests(loc).map(() => true),
  );
  await pooled.host.stop();
  // The same folder, the pool off: every request on the service thread.
  const plain = await poolHost({ dataDir: pooled.dataDir, workers: 0 });
  for (const [m, p, b] of requests(loc)) onThread.push(await plain.call(m, p, b));
  const journal2 = await plain.call('GET', '/journal?method=POST&limit=50');
  expect(
    journal2.json.data.filter((e: any) => /^\/(bills|costs)\//.test(e.path)).every((e: any) => e.worker === false),
  ).toBe(true);
  await plain.host.stop();
});

afterAll(async () => {
  await pooled?.host.stop();
});

describe('a heavy request answers the same wherever it runs', () => {
  it('bills and costs, priced and refused, byte for byte', () => {
    expect(inWorker.map((a) => a.status)).toEqual([200, 200, 200, 400, 400, 400, 400, 400, 404]);
    expect(inWorker[0]!.json.object).toBe('bill');
    expect(inWorker[0]!.json.months).toHaveLength(1);
    expect(inWorker[3]!.json.code).toBe('start_time_missing');
    expect(inWorker[5]!.json.code).toBe('body_json_invalid');
    expect(inWorker[6]!.json.code).toBe('body_too_deep');
    expect(inWorker[7]!.json.code).toBe('body_key_forbidden');
    expect(inWorker[8]!.json.code).toBe('location_not_found');
    expect(inWorker.map(sameness)).toEqual(onThread.map(sameness));
  });
});
