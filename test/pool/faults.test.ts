import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDirective } from '../../core/node/pool/pool.js';
import { berlinWithTariff, poolHost, quarters, type PoolHost } from './world.js';

// The pool's limits and faults, seen through HTTP: a worker ended on purpose, a worker past its
// time limit, a full queue. Each fails its one request with the error object; the next one works.
let h: PoolHost;
let loc: string;
/** The directive the next heavy task's worker gets (the test hook, an injected option). */
let next: TestDirective | undefined;
const log: string[] = [];
const bill = () => ({
  start_time: '2026-03-01T00:00:00+01:00',
  end_time: '2026-04-01T00:00:00+02:00',
  usage: { intervals: quarters(3, 4) },
});

beforeAll(async () => {
  h = await poolHost({
    workers: 1,
    pool: {
      offloadBytes: 0,
      maxQueue: 0,
      timeLimitMs: 3_000,
      testHook: () => {
        const d = next;
        next = undefined;
        return d;
      },
      log: (line) => log.push(line),
    },
  });
  loc = await berlinWithTariff(h);
});
afterAll(() => h.host.stop());

describe('the pool fails one request, never the service', () => {
  it('a worker that ends mid-request answers 503 worker_failed with Retry-After, and is replaced', async () => {
    expect((await h.call('POST', `/bills/${loc}`, bill())).status).toBe(200);
    next = 'exit';
    const failed = await h.call('POST', `/bills/${loc}`, bill());
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('1');
    expect(failed.json).toMatchObject({ object: 'error', type: 'api_error', code: 'worker_failed' });
    expect(log.some((l) => l.includes(failed.json.request_id) && l.includes('bills.create'))).toBe(true);
    const again = await h.call('POST', `/bills/${loc}`, bill());
    expect(again.status).toBe(200);
    const health = await h.call('GET', '/health');
    expect(health.json.pool).toMatchObject({ size: 1, busy: 0, queued: 0 });
  });

  it('a worker past its time limit answers 503 worker_failed; while it runs a full queue answers 503 busy', async () => {
    next = 'hang';
    const held = h.call('POST', `/bills/${loc}`, bill());
    // The held request is on the one worker once health says so; then the queue (0) is full.
    for (;;) {
      const health = await h.call('GET', '/health');
      if (health.json.pool.busy === 1) break;
    }
    const refused = await h.call('POST', `/costs/${loc}`, { ...bill(), group_by: 'month' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.json).toMatchObject({ type: 'api_error', code: 'busy' });
    // A small request never waits on the pool.
    expect((await h.call('GET', '/locations')).status).toBe(200);
    const late = await held;
    expect(late.status).toBe(503);
    expect(late.json.code).toBe('worker_failed');
    expect(log.some((l) => l.includes(late.json.request_id) && l.includes('ran past 3000 ms'))).toBe(true);
    expect((await h.call('POST', `/bills/${loc}`, bill())).status).toBe(200);
    const journal = await h.call('GET', '/journal?path=/bills&limit=10');
    expect(journal.json.data.map((e: any) => [e.status, e.worker])).toContainEqual([503, true]);
  });

  it('health reports the pool and the event loop', async () => {
    const health = await h.call('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ object: 'health', status: 'ok', pool: { size: 1, max_queued: 0 } });
    expect(health.json.event_loop_delay_ms.p99).toBeGreaterThanOrEqual(0);
  });
});

describe('stopping', () => {
  it('waits for work in flight: a bill running when the host stops is answered', async () => {
    const s = await poolHost({ workers: 1, pool: { offloadBytes: 0 }, stopGraceMs: 30_000 });
    const at = await berlinWithTariff(s);
    const year = quarters(1, 13);
    const running = s.call('POST', `/bills/${at}`, {
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      usage: { intervals: year },
      generation: { intervals: year.map((q) => ({ ...q, kwh: q.kwh / 2 })) },
    });
    for (;;) {
      const health = await s.call('GET', '/health');
      if (health.json.pool.busy === 1) break;
    }
    const stopped = s.host.stop();
    const answer = await running;
    expect(answer.status).toBe(200);
    expect(answer.json.months).toHaveLength(12);
    await stopped;
  });
});
