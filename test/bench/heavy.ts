// `npm run bench heavy`: how long a small GET /locations waits while heavy requests run, with the
// worker pool on (the default size) and off (`--workers 0`): alone; while 2 clients send
// year-long bills (70,080 quarter hours of usage and generation) in a loop for 20 s; while a
// 20,000-hour market CSV is imported; while an invalid CSV of a million characters is refused.
// The host runs in its own process (`serve`), as users run it. Printed; nothing is asserted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe } from '../host/cli.js';
import { request, stats, fmt } from './lib.js';
import { printTable, session, writeResult } from './common.js';
import { berlinAddress } from '../helpers.js';
import { exportTariff, importTariff, METERING, yearOfQuarters } from './bills.js';

const BILL_SECONDS = Number(process.env.HEAVY_SECONDS ?? 20);
const ALONE_SECONDS = 5;
const HOUR = 3_600_000;

interface Phase {
  name: string;
  p50: number;
  p99: number;
  max: number;
  n: number;
  note: string;
}

/** GET /locations one after another until `done` settles: each one's latency. */
async function smallGets(url: string, auth: Record<string, string>, done: Promise<unknown>) {
  let over = false;
  void done.finally(() => (over = true));
  const ms: number[] = [];
  const statuses = new Map<number, number>();
  while (!over) {
    const t = performance.now();
    const r = await request(`${url}/locations?limit=5`, 'GET', auth).catch((e: Error) => ({
      status: `${e.message}` as unknown as number,
      text: '',
    }));
    ms.push(performance.now() - t);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  return { ms, statuses };
}

const phase = (name: string, ms: number[], note: string): Phase => {
  const s = stats(ms);
  return { name, p50: s.p50, p99: s.p99, max: Math.max(...ms), n: s.n, note };
};

const csvOf = (n: number) =>
  [
    'timestamp,price',
    ...Array.from(
      { length: n },
      (_, k) => `${new Date(Date.parse('2027-01-01T00:00:00Z') + k * HOUR).toISOString()},${(k % 89) / 100}`,
    ),
  ].join('\n');

async function run(workers: string[]): Promise<Phase[]> {
  const host = await spawnServe(mkdtempSync(join(tmpdir(), 'td-heavy-')), ['--no-demo', ...workers]);
  try {
    const s = await session(host.info);
    const loc = (await s.json('POST', '/locations', { postal_address: berlinAddress })).id as string;
    await s.json('POST', '/tariffs', { location_id: loc, ...importTariff(0.34, 0.22, 'Day and night') });
    await s.json('POST', '/tariffs', { location_id: loc, ...exportTariff });
    const { usage, generation } = yearOfQuarters();
    const bill = JSON.stringify({
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      metering: METERING,
      usage: { intervals: usage },
      generation: { intervals: generation },
    });
    // Warm both threads' code paths.
    const warm = await request(`${s.api}/bills/${loc}`, 'POST', s.auth, bill);
    if (warm.status !== 200) console.error(`warm-up bill: ${warm.status} ${warm.text.slice(0, 300)}`);
    const out: Phase[] = [];

    const alone = await smallGets(s.api, s.auth, new Promise((r) => setTimeout(r, ALONE_SECONDS * 1000)));
    out.push(phase('alone', alone.ms, `${alone.ms.length} GETs in ${ALONE_SECONDS} s`));

    const until = Date.now() + BILL_SECONDS * 1000;
    const billStatuses = new Map<number, number>();
    const errors = new Set<string>();
    const client = async () => {
      while (Date.now() < until) {
        // A connection the host cut is counted (status 0, its error named), not a crash of the benchmark.
        const r = await request(`${s.api}/bills/${loc}`, 'POST', s.auth, bill).catch((e: Error) => {
          errors.add(e.message);
          return { status: 0, text: '' };
        });
        billStatuses.set(r.status, (billStatuses.get(r.status) ?? 0) + 1);
      }
    };
    const bills = Promise.all([client(), client()]);
    const during = await smallGets(s.api, s.auth, bills);
    const billNote = [...billStatuses].map(([k, v]) => `${v}×${k}`).join(' ');
    const getNote = [...during.statuses].map(([k, v]) => `${v}×${k}`).join(' ');
    out.push(
      phase(
        '2 clients, year-long bills',
        during.ms,
        `bills ${billNote}; GETs ${getNote}${errors.size ? `; ${[...errors].join(', ')}` : ''}`,
      ),
    );

    const csv = JSON.stringify({ csv: csvOf(20_000) });
    let imported = 0;
    const started = performance.now();
    const importing = request(`${s.api}/market/regions/GB/import`, 'POST', s.auth, csv).then(
      (r) => (imported = r.status),
    );
    const duringImport = await smallGets(s.api, s.auth, importing);
    out.push(
      phase(
        'market import, 20,000 hours',
        duringImport.ms,
        `import ${imported} in ${fmt(performance.now() - started, 0)} ms`,
      ),
    );

    const broken = JSON.stringify({ csv: csvOf(24_000).slice(0, 999_990) + '\nyesterday,x' });
    let refused = 0;
    const t2 = performance.now();
    const refusing = request(`${s.api}/market/regions/GB/import`, 'POST', s.auth, broken).then(
      (r) => (refused = r.status),
      (e: Error) => (refused = e.message as unknown as number),
    );
    const duringRefusal = await smallGets(s.api, s.auth, refusing);
    out.push(
      phase(
        'invalid CSV, 1,000,000 characters',
        duringRefusal.ms,
        `refused ${refused} in ${fmt(performance.now() - t2, 0)} ms`,
      ),
    );
    const health = await s.json('GET', '/health');
    out.push({ name: 'health', p50: 0, p99: 0, max: 0, n: 0, note: JSON.stringify(health.pool) });
    return out;
  } finally {
    if (host.stderr()) console.error(`host: ${host.stderr().slice(-2000)}`);
    host.child.kill('SIGTERM');
    await host.exited;
  }
}

export async function benchHeavy(): Promise<void> {
  const on = await run([]);
  const off = await run(['--workers', '0']);
  const rows: string[][] = [];
  for (const [label, phases] of [
    ['pool on', on],
    ['pool off', off],
  ] as const)
    for (const p of phases)
      rows.push(
        p.name === 'health'
          ? [label, 'pool at the end', '', '', '', '', p.note]
          : [label, p.name, fmt(p.p50), fmt(p.p99), fmt(p.max), String(p.n), p.note],
      );
  printTable(['pool', 'GET /locations while', 'p50 ms', 'p99 ms', 'max ms', 'n', 'what ran'], rows);
  writeResult('heavy', { on, off });
}
