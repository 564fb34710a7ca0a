// The price benchmark as one table: ours against the floor (a minimal node:http server that
// stringifies the identical captured answer), in interleaved rounds, host and floor each in
// their own process, load from autocannon. Printed, and written as JSON for comparing commits.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { spawnServe } from '../host/cli.js';
import { request, fmt } from './lib.js';
import { benchLocation, rssMiB, session, writeResult } from './common.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WINDOW = { start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-08-30T00:00:00+02:00' };
const DAY = { start_time: '2026-07-15T00:00:00+02:00', end_time: '2026-07-16T00:00:00+02:00' };

interface Run {
  meanMs: number;
  p99Ms: number;
  rps: number;
  non2xx: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  body: () => string,
): Promise<Run> {
  const r = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: SECONDS,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }],
  });
  return { meanMs: r.latency.mean, p99Ms: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx + r.errors };
}

const mean = (runs: Run[], k: keyof Run) => runs.reduce((s, r) => s + r[k], 0) / runs.length;

export async function benchTable(): Promise<void> {
  const host = await spawnServe(mkdtempSync(join(tmpdir(), 'td-bench-')), ['--no-demo']);
  const floorDir = mkdtempSync(join(tmpdir(), 'td-floor-'));
  let floor: ReturnType<typeof spawn> | undefined;
  try {
    const sess = await session(host.info);
    const { api: api_url, auth } = sess;
    const loc = await benchLocation(sess);
    const priceUrl = `${api_url}/prices/${loc.id}`;
    const a90 = await request(priceUrl, 'POST', auth, JSON.stringify(WINDOW));
    const a1 = await request(priceUrl, 'POST', auth, JSON.stringify(DAY));
    if (a90.status !== 200 || a1.status !== 200) throw new Error(a90.text.slice(0, 300));
    const answers = { '/90': JSON.parse(a90.text), '/1': JSON.parse(a1.text) };
    writeFileSync(join(floorDir, 'answers.json'), JSON.stringify(answers));
    floor = spawn(process.execPath, ['test/bench/floor.mjs', join(floorDir, 'answers.json')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const floorPort = await new Promise<string>((r) => createInterface({ input: floor!.stdout! }).once('line', r));
    const floorUrl = `http://127.0.0.1:${floorPort}`;

    const w90 = JSON.stringify(WINDOW);
    const w1 = JSON.stringify(DAY);
    let shift = 0;
    const from = Date.parse(WINDOW.start_time) - 30 * 86_400_000;
    const to = Date.parse(WINDOW.end_time) - 30 * 86_400_000;
    // Every request a new window (shifted by a minute): nothing written before is reused.
    const cold = () => {
      shift += 60_000;
      return JSON.stringify({
        start_time: new Date(from + shift).toISOString(),
        end_time: new Date(to + shift).toISOString(),
      });
    };
    const runs = {
      warm: [] as Run[],
      cold: [] as Run[],
      floor90: [] as Run[],
      day: [] as Run[],
      floorDay: [] as Run[],
    };
    // Warm-up, then interleaved rounds so machine noise falls on every case alike.
    await load(priceUrl, auth, 1, () => w90);
    await load(`${floorUrl}/90`, {}, 1, () => w90);
    for (let i = 0; i < ROUNDS; i++) {
      runs.warm.push(await load(priceUrl, auth, 1, () => w90));
      runs.cold.push(await load(priceUrl, auth, 1, cold));
      runs.floor90.push(await load(`${floorUrl}/90`, {}, 1, () => w90));
      runs.day.push(await load(priceUrl, auth, 8, () => w1));
      runs.floorDay.push(await load(`${floorUrl}/1`, {}, 8, () => w1));
    }
    const rss = rssMiB(host.child.pid!);
    const f90 = mean(runs.floor90, 'meanMs');
    const result = {
      rounds: ROUNDS,
      seconds_per_run: SECONDS,
      intervals_90_days: answers['/90'].data.length,
      answer_90_days_bytes: a90.text.length,
      intervals_1_day: answers['/1'].data.length,
      warm_90_mean_ms: mean(runs.warm, 'meanMs'),
      cold_90_mean_ms: mean(runs.cold, 'meanMs'),
      floor_90_mean_ms: f90,
      warm_ratio: mean(runs.warm, 'meanMs') / f90,
      cold_ratio: mean(runs.cold, 'meanMs') / f90,
      day_rps: mean(runs.day, 'rps'),
      day_p99_ms: Math.max(...runs.day.map((r) => r.p99Ms)),
      day_non2xx: runs.day.reduce((s, r) => s + r.non2xx, 0),
      floor_day_rps: mean(runs.floorDay, 'rps'),
      day_ratio: mean(runs.day, 'rps') / mean(runs.floorDay, 'rps'),
      host_rss_mib: rss,
    };
    const row = (c: string, ours: string, fl: string, ratio: string, goal: string) =>
      console.log(
        `| ${c.padEnd(58)} | ${ours.padStart(14)} | ${fl.padStart(14)} | ${ratio.padStart(6)} | ${goal.padEnd(9)} |`,
      );
    row('case', 'Tariff Desk', 'floor', 'ratio', 'goal');
    console.log(`|${'-'.repeat(60)}|${'-'.repeat(16)}|${'-'.repeat(16)}|${'-'.repeat(8)}|${'-'.repeat(11)}|`);
    row(
      `90 days (${result.intervals_90_days} intervals, ${(result.answer_90_days_bytes / 1e6).toFixed(2)} MB), same window, 1 conn`,
      `${fmt(result.warm_90_mean_ms)} ms`,
      `${fmt(f90)} ms`,
      fmt(result.warm_ratio),
      '',
    );
    row(
      '90 days, a new window every request, 1 conn',
      `${fmt(result.cold_90_mean_ms)} ms`,
      `${fmt(f90)} ms`,
      fmt(result.cold_ratio),
      '≤ 1.00',
    );
    row(
      `1 day (${result.intervals_1_day} intervals), 8 conns: req/s`,
      fmt(result.day_rps, 0),
      fmt(result.floor_day_rps, 0),
      fmt(result.day_ratio),
      '≥ 0.50',
    );
    row('1 day, 8 conns: p99, non-2xx', `${fmt(result.day_p99_ms)} ms, ${result.day_non2xx}`, '', '', '≤ 5 ms, 0');
    row('host RSS after the runs', `${fmt(rss, 0)} MiB`, '', '', '');
    console.log(`written: ${writeResult('prices', result)}`);
  } finally {
    floor?.kill('SIGTERM');
    host.child.kill('SIGTERM');
    await host.exited;
  }
}
