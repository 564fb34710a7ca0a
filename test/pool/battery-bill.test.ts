import { afterAll, describe, expect, it } from 'vitest';
import { berlinWithTariff, poolHost, quarters, sameness, type PoolHost } from './world.js';

// A battery's plan grows with the window, not the body: a small body naming one is worked in a worker.
const march = quarters(3, 4);
const body = {
  start_time: '2026-03-01T00:00:00+01:00',
  end_time: '2026-04-01T00:00:00+02:00',
  usage: { intervals: march.slice(0, 96 * 2) },
  battery: { capacity_kwh: 10, power_kw: 5 },
};

let pooled: PoolHost | undefined;
afterAll(async () => {
  await pooled?.host.stop();
});

describe('a bill with a battery', () => {
  it('goes to a worker however small its body, and answers as the service thread does', async () => {
    pooled = await poolHost({ workers: 1 });
    const loc = await berlinWithTariff(pooled);
    const small = await pooled.call('POST', `/bills/${loc}`, { ...body, battery: undefined });
    const inWorker = await pooled.call('POST', `/bills/${loc}`, body);
    expect(inWorker.status).toBe(200);
    expect(inWorker.json.battery.strategy).toBe('OPTIMAL');
    const journal = await pooled.call('GET', '/journal?method=POST&limit=10');
    const bills = journal.json.data.filter((e: any) => e.path.startsWith('/bills/'));
    // Newest first: the battery bill in a worker, the plain small one on the service thread.
    expect(bills.map((e: any) => e.worker)).toEqual([true, false]);
    expect(small.status).toBe(200);
    await pooled.host.stop();
    const plain = await poolHost({ dataDir: pooled.dataDir, workers: 0 });
    pooled = plain;
    const onThread = await plain.call('POST', `/bills/${loc}`, body);
    expect(sameness(inWorker)).toEqual(sameness(onThread));
  });
});
