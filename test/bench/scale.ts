// The scale case: 10,000 locations and 100,000 tariffs on one of them. Seeded through the
// service layer in transactions (a second connection on the host's own database file), then
// read over HTTP from the host in its own process: every list page by page in both directions,
// and the prices of a small location before and after the seeding. Printed, and written as JSON.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe } from '../host/cli.js';
import { createService } from '../../core/node/service.js';
import { DB_FILE } from '../../core/node/db/database.js';
import { TariffCreate } from '../../core/engine/schemas/tariff.js';
import type { LocationCreate } from '../../core/engine/schemas/location.js';
import { stats, fmt, timeAsync } from './lib.js';
import { benchLocation, printTable, rssMiB, session, writeResult, type Session } from './common.js';
import { berlinAddress, tariffBody } from '../helpers.js';

const LOCATIONS = Number(process.env.SCALE_LOCATIONS ?? 10_000);
const TARIFFS = Number(process.env.SCALE_TARIFFS ?? 100_000);
const LIMIT = 100;
/** Rows per seeding transaction: large enough to be fast, small enough not to hold the writer long. */
const BATCH = 5_000;
/** Times the first and the last page are asked again, interleaved, for a ratio that is not one sample's luck. */
const REPEAT = 9;

const DAY = { start_time: '2026-07-15T00:00:00+02:00', end_time: '2026-07-16T00:00:00+02:00' };

interface Walk {
  pages: number;
  rows: number;
  first_ms: number;
  last_ms: number;
  median_ms: number;
  max_ms: number;
}

/** Pages through a list to its end, `starting_after` (older) or `ending_before` (newer), timing each page. */
async function walk(s: Session, path: string, dir: 'starting_after' | 'ending_before', from?: string) {
  const ms: number[] = [];
  const cursors: (string | undefined)[] = [];
  let cursor = from;
  let rows = 0;
  let oldest = '';
  for (;;) {
    const url = `${path}${path.includes('?') ? '&' : '?'}limit=${LIMIT}${cursor ? `&${dir}=${cursor}` : ''}`;
    cursors.push(cursor);
    const t0 = performance.now();
    const page = await s.json<{ data: { id: string }[]; has_more: boolean }>('GET', url);
    ms.push(performance.now() - t0);
    rows += page.data.length;
    oldest = page.data.at(-1)?.id ?? oldest;
    if (!page.has_more || page.data.length === 0) break;
    cursor = dir === 'starting_after' ? page.data.at(-1)!.id : page.data[0]!.id;
  }
  return { ms, rows, cursors, oldest };
}

/** Both directions of one list, with the first and last page of each asked again for their medians. */
async function walkBoth(s: Session, path: string): Promise<{ forward: Walk; backward: Walk; oldest: string }> {
  const fwd = await walk(s, path, 'starting_after');
  // Back from the oldest row to the newest.
  const oldest = fwd.oldest;
  const back = await walk(s, path, 'ending_before', oldest);
  const summary = async (w: typeof fwd, dir: 'starting_after' | 'ending_before'): Promise<Walk> => {
    const ask = (cursor: string | undefined) => () =>
      s.json('GET', `${path}${path.includes('?') ? '&' : '?'}limit=${LIMIT}${cursor ? `&${dir}=${cursor}` : ''}`);
    const first: number[] = [];
    const lastMs: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      first.push(...(await timeAsync(1, ask(w.cursors[0]))));
      lastMs.push(...(await timeAsync(1, ask(w.cursors.at(-1)))));
    }
    const all = stats(w.ms);
    return {
      pages: w.ms.length,
      rows: w.rows,
      first_ms: stats(first).p50,
      last_ms: stats(lastMs).p50,
      median_ms: all.p50,
      max_ms: Math.max(...w.ms),
    };
  };
  return { forward: await summary(fwd, 'starting_after'), backward: await summary(back, 'ending_before'), oldest };
}

/** `POST /prices` of the small location: one day asked again (warm), and 90 days a new window each time (cold). */
async function priceTimes(s: Session, loc: string, shiftFrom: number) {
  let shift = shiftFrom;
  const from = Date.parse('2026-05-01T00:00:00Z');
  const ok = (r: { status: number; text: string }) => {
    if (r.status !== 200) throw new Error(r.text.slice(0, 300));
  };
  await timeAsync(50, () => s.call('POST', `/prices/${loc}`, DAY).then(ok));
  const warm = stats(await timeAsync(300, () => s.call('POST', `/prices/${loc}`, DAY).then(ok)));
  const cold = stats(
    await timeAsync(60, () => {
      shift += 900_000;
      return s
        .call('POST', `/prices/${loc}`, {
          start_time: new Date(from + shift).toISOString(),
          end_time: new Date(from + shift + 90 * 86_400_000).toISOString(),
        })
        .then(ok);
    }),
  );
  return { day_warm_p50_ms: warm.p50, day_warm_p99_ms: warm.p99, days90_cold_p50_ms: cold.p50 };
}

/**
 * 100,000 tariffs on one new location and locations up to 10,000 in all (with the small one),
 * through the service layer in transactions.
 */
async function seed(dir: string, accountId: string) {
  const svc = createService({ dataDir: dir });
  try {
    const scope = { accountId, liveMode: false };
    const t0 = performance.now();
    const big = await svc.locations.create(scope, { postal_address: berlinAddress } as LocationCreate);
    // Levies and fees stack (NON_COMMODITY): no overlap rule, so each insert costs the same.
    const input = TariffCreate.parse(
      tariffBody(big.id, { type: 'NON_COMMODITY', contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' }),
    );
    for (let done = 0; done < TARIFFS; done += BATCH)
      svc.db.transaction(() => {
        for (let i = done; i < Math.min(TARIFFS, done + BATCH); i++)
          svc.tariffs.create(scope, { ...input, display_name: `Levy ${i}` });
      })();
    const tariffsMs = performance.now() - t0;
    const t1 = performance.now();
    for (let done = 2; done < LOCATIONS; done += BATCH) {
      const n = Math.min(LOCATIONS, done + BATCH) - done;
      const prepared = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          svc.locations.prepare(scope, {
            postal_address: { ...berlinAddress, address_line1: `Invalidenstraße ${done + i}` },
            reference_id: `site-${done + i}`,
          } as LocationCreate),
        ),
      );
      svc.db.transaction(() => {
        for (const loc of prepared) svc.locations.insert(scope, loc);
      })();
    }
    return { big: big.id, tariffs_ms: tariffsMs, locations_ms: performance.now() - t1 };
  } finally {
    svc.close();
  }
}

const fileMiB = (path: string) => {
  try {
    return statSync(path).size / 1024 / 1024;
  } catch {
    return 0;
  }
};

export async function benchScale(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'td-scale-'));
  const host = await spawnServe(dir, ['--no-demo']);
  const pid = host.child.pid!;
  try {
    const s = await session(host.info);
    const small = await benchLocation(s);
    const rssBefore = rssMiB(pid);
    const before = await priceTimes(s, small.id, 0);

    console.log(`seeding ${LOCATIONS.toLocaleString('en')} locations, ${TARIFFS.toLocaleString('en')} tariffs on one…`);
    const seeded = await seed(dir, host.info.account_id);
    // The host sees another connection's writes within its poll interval (250 ms).
    await new Promise((r) => setTimeout(r, 300));

    const after = await priceTimes(s, small.id, 1e9);
    const tariffs = await walkBoth(s, `/tariffs?location_id=${seeded.big}`);
    const locations = await walkBoth(s, '/locations');
    const afterPaging = await priceTimes(s, small.id, 2e9);
    const db = join(dir, DB_FILE);
    const result = {
      location_count: LOCATIONS,
      tariffs_on_one_location: TARIFFS,
      page_limit: LIMIT,
      seed_tariffs_per_s: TARIFFS / (seeded.tariffs_ms / 1000),
      seed_locations_per_s: (LOCATIONS - 2) / (seeded.locations_ms / 1000),
      tariffs,
      locations,
      prices_before: before,
      prices_after: after,
      prices_after_paging: afterPaging,
      prices_day_ratio: after.day_warm_p50_ms / before.day_warm_p50_ms,
      prices_cold_ratio: after.days90_cold_p50_ms / before.days90_cold_p50_ms,
      db_mib: fileMiB(db),
      wal_mib: fileMiB(`${db}-wal`) + fileMiB(`${db}-shm`),
      host_rss_mib_before_seed: rssBefore,
      host_rss_mib: rssMiB(pid),
    };
    const rows: string[][] = [];
    for (const [name, w] of [
      [`GET /tariffs?location_id (${TARIFFS.toLocaleString('en')} rows)`, tariffs],
      [`GET /locations (${LOCATIONS.toLocaleString('en')} rows)`, locations],
    ] as const)
      for (const [dirName, x] of [
        ['forward', w.forward],
        ['backward', w.backward],
      ] as const) {
        const ratio = x.last_ms / x.first_ms;
        rows.push([
          `${name}, ${dirName}`,
          `${x.pages}`,
          `${fmt(x.first_ms)} ms`,
          `${fmt(x.last_ms)} ms`,
          `${fmt(x.median_ms)} ms`,
          `${fmt(x.max_ms)} ms`,
          `${fmt(ratio)}${ratio > 1.5 ? ' (over 1.5)' : ''}`,
        ]);
      }
    printTable(['list, limit 100', 'pages', 'first page', 'last page', 'median page', 'slowest', 'last/first'], rows);
    console.log('');
    printTable(
      ['small location, POST /prices', 'before seeding', 'after seeding', 'after paging', 'after/before'],
      [
        [
          '1 day, asked again: p50',
          `${fmt(before.day_warm_p50_ms)} ms`,
          `${fmt(after.day_warm_p50_ms)} ms`,
          `${fmt(afterPaging.day_warm_p50_ms)} ms`,
          fmt(result.prices_day_ratio),
        ],
        [
          '90 days, a new window each time: p50',
          `${fmt(before.days90_cold_p50_ms)} ms`,
          `${fmt(after.days90_cold_p50_ms)} ms`,
          `${fmt(afterPaging.days90_cold_p50_ms)} ms`,
          fmt(result.prices_cold_ratio),
        ],
      ],
    );
    console.log('');
    console.log(
      `seeding: ${fmt(result.seed_tariffs_per_s, 0)} tariffs/s, ${fmt(result.seed_locations_per_s, 0)} locations/s (service layer, ${BATCH.toLocaleString('en')} a transaction)`,
    );
    console.log(
      `database: ${fmt(result.db_mib, 1)} MiB file + ${fmt(result.wal_mib, 1)} MiB WAL; host RSS ${fmt(rssBefore, 0)} MiB before seeding, ${fmt(result.host_rss_mib, 0)} MiB after paging`,
    );
    console.log(`written: ${writeResult('scale', result)}`);
  } finally {
    host.child.kill('SIGTERM');
    await host.exited;
  }
}
