import { afterAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { berlinWithTariff, poolHost, sameness, type PoolHost } from './world.js';
import { DB_FILE } from '../../core/node/db/database.js';

const HOUR = 3_600_000;
const T0 = Date.parse('2027-01-01T00:00:00Z');
const hourly = (n: number) =>
  [
    'timestamp,price',
    ...Array.from({ length: n }, (_, k) => `${new Date(T0 + k * HOUR).toISOString()},${(k % 89) / 100}`),
  ].join('\n');
/** A million characters of CSV whose last row is broken. */
const broken = () => hourly(24_000).slice(0, 999_990) + '\nyesterday,x';

const stored = (dataDir: string) => {
  const db = new BetterSqlite3(join(dataDir, DB_FILE), { readonly: true });
  try {
    return db.prepare("SELECT start_ms, end_ms, price FROM market_prices WHERE region = 'GB' ORDER BY start_ms").all();
  } finally {
    db.close();
  }
};

const hosts: PoolHost[] = [];
afterAll(() => Promise.all(hosts.map((h) => h.host.stop())));

async function importsOn(workers: number) {
  const h = await poolHost({ workers });
  hosts.push(h);
  const ok = await h.call('POST', '/market/regions/GB/import', { csv: hourly(20_000) });
  const bad = await h.call('POST', '/market/regions/GB/import', { csv: broken() });
  const journal = await h.call('GET', '/journal?path=/market&limit=5');
  return { h, ok, bad, workers: journal.json.data.map((e: any) => e.worker) };
}

describe('imports are read in a worker and written by the main thread', () => {
  it('a market CSV of 20,000 hours and a broken one of a million characters: the same answers and rows either way', async () => {
    const pooled = await importsOn(1);
    const plain = await importsOn(0);
    expect(pooled.ok.status).toBe(200);
    expect(pooled.ok.json).toMatchObject({ imported: 20_000, resolution_minutes: 60 });
    expect(pooled.bad.status).toBe(400);
    expect(pooled.bad.json.code).toBe('csv_row_invalid');
    expect(pooled.workers).toEqual([true, true]);
    expect(plain.workers).toEqual([false, false]);
    // The import's time stamp is the pinned clock's on both.
    expect(sameness(pooled.ok)).toEqual(sameness(plain.ok));
    expect(sameness(pooled.bad)).toEqual(sameness(plain.bad));
    expect(stored(pooled.h.dataDir)).toEqual(stored(plain.h.dataDir));
    expect(stored(pooled.h.dataDir)).toHaveLength(20_000);
  });

  it('a workspace goes out and comes back in through a worker', async () => {
    const h = await poolHost({ workers: 1, pool: { offloadBytes: 0 } });
    hosts.push(h);
    const loc = await berlinWithTariff(h);
    const bundle = await h.call('GET', '/workspace');
    expect(bundle.status).toBe(200);
    const back = await h.call('POST', '/workspace/import', { files: bundle.json.files, replace: true });
    expect(back.status).toBe(200);
    expect(back.json.object).toBe('workspace_import');
    const journal = await h.call('GET', '/journal?path=/workspace/import&limit=1');
    expect(journal.json.data[0].worker).toBe(true);
    const refused = await h.call('POST', '/workspace/import', { files: 'not a list' });
    expect(refused.status).toBe(400);
    const locations = await h.call('GET', '/locations');
    expect(locations.json.data.map((l: any) => l.reference_id ?? l.id).length).toBe(1);
    expect(loc).toMatch(/^loc_/);
  });
});
