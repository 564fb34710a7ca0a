import { describe, expect, it } from 'vitest';
import { ByteLru, ReadCache, estimateBytes } from '../../core/node/cache.js';
import { Journal } from '../../core/node/traffic/journal.js';
import { harness } from '../helpers.js';
import { benchTariffs } from '../bench/common.js';

const scope = { accountId: 'acc_1', liveMode: false };

function entry(i: number, body: string) {
  return {
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    surface: 'api' as const,
    method: 'GET',
    path: `/tariffs?n=${i}`,
    status: 200,
    latency_ms: 1,
    request_headers: { host: '127.0.0.1' },
    request_body: '',
    response_body: body,
    fault: null,
    account_id: scope.accountId,
    live_mode: scope.liveMode,
    request_id: `req_${i}`,
  };
}

describe('memory bounds', () => {
  it('the journal keeps bodies in a ring of bytes: the oldest entries go when it comes round, none is torn', () => {
    const journal = new Journal(2000, 1024 * 1024);
    const body = (i: number) => `{"n":${i},"data":[` + '"x",'.repeat(20_000) + '"x"]}';
    for (let i = 1; i <= 300; i++) journal.add(entry(i, body(i)));
    // Each entry keeps about 8 KiB of its 80 KB answer: some 120 fit in 1 MiB, not 300.
    expect(journal.size()).toBeGreaterThan(100);
    expect(journal.size()).toBeLessThan(130);
    const { data } = journal.list(scope, { limit: 2000 });
    expect(data.length).toBe(journal.size());
    expect(data.map((e) => e.request_id)).toEqual(Array.from({ length: data.length }, (_, k) => `req_${300 - k}`));
    for (const e of data) {
      expect(e.response_body.startsWith(`{"n":${e.request_id!.slice(4)},"data":["x",`)).toBe(true);
      expect(e.response_body).toMatch(/x.?…\(\d+ more\)$/);
    }
  });

  it('small entries fill the journal up to its count', () => {
    const journal = new Journal(50, 1024 * 1024);
    for (let i = 1; i <= 120; i++) journal.add(entry(i, '{"ok":true}'));
    expect(journal.size()).toBe(50);
    expect(journal.list(scope, { limit: 100 }).data.at(-1)!.request_id).toBe('req_71');
  });

  it('a read cache holds what fits in its bytes, least recently used out first, and empties on a write', () => {
    let version = 0;
    const reads: string[] = [];
    const cache = new ReadCache<string, string>({ current: () => version }, 100_000);
    const value = (k: string) => k.repeat(10_000);
    const get = (k: string) =>
      cache.get(k, () => {
        reads.push(k);
        return value(k);
      });
    for (const k of ['a', 'b', 'c', 'd']) expect(get(k)).toBe(value(k));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    // Each value weighs about 20 KB: all four fit; ten do not.
    get('a');
    expect(reads).toEqual(['a', 'b', 'c', 'd']);
    for (const k of 'efghij') get(k);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    get('j');
    get('a');
    expect(reads.at(-1)).toBe('a');
    expect(reads.filter((k) => k === 'j').length).toBe(1);
    version++;
    get('j');
    expect(reads.filter((k) => k === 'j').length).toBe(2);
  });

  it('estimates bytes from what a value holds', () => {
    expect(estimateBytes('x'.repeat(1000))).toBeGreaterThan(2000);
    expect(estimateBytes(new Float64Array(1000))).toBeGreaterThan(8000);
    const shared = { s: 'y'.repeat(1000) };
    expect(estimateBytes([shared, shared])).toBeLessThan(2 * estimateBytes(shared));
    const lru = new ByteLru<string, string>(10_000, (v) => estimateBytes(v));
    lru.set('big', 'z'.repeat(20_000));
    expect(lru.get('big')).toBeUndefined();
  });

  it('a fresh answer, written around its items in one buffer, stays whole and equals the cached one', async () => {
    const h = await harness('2026-11-20T12:00:00Z');
    try {
      const loc = (await h.location()).id;
      for (const t of benchTariffs(loc)) await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: t });
      const scope = { accountId: h.cred.account_id, liveMode: false };
      const req = { start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-08-30T00:00:00+02:00' };
      const fresh = h.svc.prices.priceJson(scope, loc, req);
      const freshText = fresh.toString();
      // A view into the writer's buffer (a copy would be a buffer of its own, of its exact length).
      expect(fresh.buffer.byteLength).toBeGreaterThan(fresh.length);
      const cached = h.svc.prices.priceJson(scope, loc, req);
      // A third answer from the cache must not write into the bytes the first one was sent from.
      h.svc.prices.priceJson(scope, loc, { ...req, tariff_direction: 'IMPORT' });
      expect(fresh.toString()).toBe(freshText);
      const a = JSON.parse(freshText);
      const b = JSON.parse(cached.toString());
      expect(a.data.length).toBeGreaterThan(8000);
      expect({ ...a, id: '', time_created: '' }).toEqual({ ...b, id: '', time_created: '' });
      expect(a.id).not.toBe(b.id);
    } finally {
      await h.close();
    }
  });
});
