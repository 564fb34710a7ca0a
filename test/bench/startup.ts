// Host start-up: from process spawn to the first `/login` answered, for the compiled build
// (`dist/node/cli.js`, what users run) and for the TypeScript sources compiled at run time by tsx
// (how the command line ran before the build existed), on a new data folder; then the compiled
// build on a new folder against a large one (>= 500 MB of locations, tariffs and events), which
// is built once with direct SQL and kept under .tmp/bench/ for the next run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { fmt, stats } from './lib.js';
import { FREE_PORTS } from '../host/cli.js';
import { benchTariffs } from './common.js';
import { berlinAddress } from '../helpers.js';
import { createService } from '../../core/node/service.js';
import { seedDemoIfNew } from '../../core/node/demo/seed.js';
import { DB_FILE } from '../../core/node/db/database.js';
import { migrations } from '../../core/node/db/migrations.js';

/** Spawn → ready line → first `/login` answered, in ms; the folder is used as is (and kept). */
export async function startupMs(cmd: string[], dir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(cmd[0]!, [...cmd.slice(1), 'serve', '--json', '--data-dir', dir, ...FREE_PORTS], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`exited ${code} before ready`)));
    });
    const info = JSON.parse(line) as { api_url: string; account_id: string; test_key: string };
    const auth = 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64');
    const r = await fetch(`${info.api_url}/login`, { headers: { authorization: auth } });
    if (r.status !== 200) throw new Error(`login answered ${r.status}`);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
}

async function onNewFolder(cmd: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'td-startup-'));
  try {
    return await startupMs(cmd, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `STARTUP_LARGE_MB=1000 npm run bench startup` measures a 1 GB folder instead. */
const LARGE_MB = Number(process.env.STARTUP_LARGE_MB ?? 500);
const LOCATIONS_PER_BATCH = 1000;

/**
 * A data folder of at least LARGE_MB: the demo world, then Berlin locations with the benchmark's
 * three tariffs each (contracts ending on dates from two years before the build to six after, the
 * past ones marked sent as the host would have), and their creation events. Rows are copies of
 * ones the service wrote, ids renewed, inserted with direct SQL, a thousand locations a
 * transaction. Kept under .tmp/bench/ per schema version; reused when present.
 */
export async function largeFolder(minMb = LARGE_MB): Promise<string> {
  const dir = `.tmp/bench/startup-large-v${migrations.at(-1)!.version}-${minMb}mb`;
  if (existsSync(join(dir, DB_FILE))) return dir;
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const t0 = performance.now();
  // Templates written by the service itself: a location, its three tariffs, and their events.
  const svc = createService({ dataDir: building });
  const { account_id } = svc.accounts.ensureDefault();
  const scope = { accountId: account_id, liveMode: false };
  await seedDemoIfNew(svc, scope);
  const first = svc.db.prepare('SELECT MAX(seq) FROM events').pluck().get() as number;
  const loc = await svc.locations.create(scope, { postal_address: berlinAddress });
  for (const t of benchTariffs(loc.id)) svc.tariffs.create(scope, t as never);
  svc.close();
  const db = new BetterSqlite3(join(building, DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  if (db.pragma('page_size', { simple: true }) !== 4096) throw new Error('expected 4 KiB pages');
  type Row = Record<string, unknown> & { id: string; body: string };
  const locRow = db.prepare('SELECT * FROM locations ORDER BY seq DESC LIMIT 1').get() as Row;
  const tariffRows = db.prepare('SELECT * FROM tariffs WHERE location_id = ? ORDER BY seq').all(locRow.id) as Row[];
  const eventRows = db.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq').all(first) as Row[];
  const insert = (table: string, row: Row) => {
    const cols = Object.keys(row).filter((c) => c !== 'seq');
    return db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
  };
  const insLoc = insert('locations', locRow);
  const insTariff = insert('tariffs', tariffRows[0]!);
  const insEvent = insert('events', eventRows[0]!);
  const insSent = db.prepare('INSERT INTO tariff_lifecycle (tariff_id, kind, time_sent) VALUES (?, ?, ?)');
  const values = (row: Row, swap: (s: string) => string) =>
    Object.entries(row)
      .filter(([c]) => c !== 'seq')
      .map(([, v]) => (typeof v === 'string' ? swap(v) : v));
  const ids = [locRow.id, ...tariffRows.map((t) => t.id)];
  // The n-th copy of an id: same prefix and length, a counter in place of some random characters.
  const renew = (id: string, n: number) => {
    const at = id.indexOf('_') + 1;
    return id.slice(0, at) + n.toString(36).padStart(8, '0') + id.slice(at + 8);
  };
  const from = Date.now() - 2 * 365 * 86_400_000;
  const today = new Date().toISOString().slice(0, 10);
  let n = 0;
  const sizeMb = () => ((db.pragma('page_count', { simple: true }) as number) * 4096) / 2 ** 20;

  const batch = db.transaction(() => {
    for (let i = 0; i < LOCATIONS_PER_BATCH; i++, n++) {
      const fresh = ids.map((id) => renew(id, n));
      const end = new Date(from + (n % 2922) * 86_400_000).toISOString().slice(0, 10);
      const swap = (s: string) =>
        ids
          .reduce((acc, id, k) => acc.replaceAll(id, fresh[k]!), s)
          .replaceAll('"contract_end_date":"2027-01-01"', `"contract_end_date":"${end}"`);
      insLoc.run(...values(locRow, swap));
      for (const t of tariffRows) insTariff.run(...values(t, swap));
      for (const e of eventRows) insEvent.run(...values({ ...e, id: renew(e.id, n) }, swap));
      if (end < today)
        for (const t of fresh.slice(1))
          for (const kind of ['tariff.expiring', 'tariff.expired']) insSent.run(t, kind, `${end}T00:00:00.000Z`);
    }
  });
  // One transaction per thousand locations keeps memory flat; the size is checked between them.
  while (sizeMb() < minMb) batch();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(building, dir);
  console.log(
    `built ${dir}: ${n} locations, ${n * tariffRows.length} tariffs, ${n * eventRows.length} events, ` +
      `${fmt(statSync(join(dir, DB_FILE)).size / 2 ** 20, 0)} MiB in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );
  return dir;
}

export async function benchStartup(rounds = 5): Promise<void> {
  const compiled = [process.execPath, 'dist/node/cli.js'];
  const variants: [string, string[]][] = [
    ['compiled (node dist/node/cli.js)', compiled],
    ['sources through tsx (before)', [process.execPath, 'node_modules/tsx/dist/cli.mjs', 'core/hosts/cli/bin.ts']],
  ];
  const times = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  // Interleaved, so a busy moment of the machine weighs on both alike.
  for (let i = 0; i < rounds; i++) for (const [name, cmd] of variants) times.get(name)!.push(await onNewFolder(cmd));
  for (const [name, ms] of times) {
    const s = stats(ms);
    console.log(
      `startup to first /login, new data folder, ${name}: median ${fmt(s.p50, 0)} ms, min ${fmt(s.min, 0)} ms, mean ${fmt(s.mean, 0)} ms (n=${s.n})`,
    );
  }
  const large = await largeFolder();
  const mb = statSync(join(large, DB_FILE)).size / 2 ** 20;
  // A first start may fire what fell due (lifecycle events) and logs in: every measured start then finds the same folder.
  await startupMs(compiled, large);
  const sized: [string, () => Promise<number>][] = [
    ['new folder', () => onNewFolder(compiled)],
    [`${fmt(mb, 0)} MiB folder`, () => startupMs(compiled, large)],
  ];
  const sizedTimes = new Map<string, number[]>(sized.map(([name]) => [name, []]));
  for (let i = 0; i < rounds; i++) for (const [name, run] of sized) sizedTimes.get(name)!.push(await run());
  const medians = [...sizedTimes.values()].map((ms) => stats(ms).p50);
  for (const [name, ms] of sizedTimes) {
    const s = stats(ms);
    console.log(
      `startup to first /login, compiled, ${name}: median ${fmt(s.p50, 0)} ms, min ${fmt(s.min, 0)} ms (n=${s.n})`,
    );
  }
  console.log(`large folder / new folder: ${fmt(medians[1]! / medians[0]!, 2)}x`);
}
