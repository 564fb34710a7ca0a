import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe } from '../host/cli.js';
import { request, stats, fmt } from './lib.js';
import { rssMiB, session, writeResult } from './common.js';
import { berlinAddress, tariffBody } from '../helpers.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const IN_FLIGHT = 8;

/** Sustained mixed traffic against a host in its own process, over loopback. */
export async function benchLoad(): Promise<void> {
  const host = await spawnServe(mkdtempSync(join(tmpdir(), 'td-load-')), ['--no-demo']);
  const pid = host.child.pid!;
  try {
    const { api: api_url, basic, auth, json } = await session(host.info);
    const loc = (await json('POST', '/locations', { postal_address: berlinAddress })).id;
    const year = { contract_start_date: '2026-01-01', contract_end_date: '2028-01-01' };
    await json('POST', '/tariffs', tariffBody(loc, year));
    await json('POST', '/tariffs', tariffBody(loc, { type: 'NON_COMMODITY', ...year }));
    const day = JSON.stringify({ start_time: '2026-07-01T00:00:00+02:00', end_time: '2026-07-02T00:00:00+02:00' });
    let shift = 0;
    const kinds: [string, number, () => Promise<number>][] = [
      ['login', 5, async () => (await request(`${api_url}/login`, 'GET', basic)).status],
      ['list tariffs', 25, async () => (await request(`${api_url}/tariffs?location_id=${loc}`, 'GET', auth)).status],
      ['list locations', 10, async () => (await request(`${api_url}/locations`, 'GET', auth)).status],
      ['prices 1 day', 35, async () => (await request(`${api_url}/prices/${loc}`, 'POST', auth, day)).status],
      // A different 90-day window each time: the engine runs for every one.
      [
        'prices 90 days',
        10,
        async () =>
          (
            await request(
              `${api_url}/prices/${loc}`,
              'POST',
              auth,
              JSON.stringify({
                start_time: new Date(Date.parse('2026-03-01T00:00:00Z') + (shift += 900_000)).toISOString(),
                end_time: new Date(Date.parse('2026-05-29T00:00:00Z') + shift).toISOString(),
              }),
            )
          ).status,
      ],
      [
        'tariff write',
        15,
        async () => {
          const c = await request(
            `${api_url}/tariffs`,
            'POST',
            auth,
            JSON.stringify(tariffBody(loc, { type: 'NON_COMMODITY', display_name: 'load' })),
          );
          await request(`${api_url}/tariffs/${JSON.parse(c.text).id}`, 'DELETE', auth);
          return c.status;
        },
      ],
    ];
    const total = kinds.reduce((n, k) => n + k[1], 0);
    const pick = () => {
      let r = Math.random() * total;
      for (const k of kinds) if ((r -= k[1]) < 0) return k;
      return kinds[0]!;
    };
    const memStart = rssMiB(pid);
    // Sampled through the run: the goal is the most the host holds while loaded, not only at the end.
    let memPeak = memStart;
    const sampler = setInterval(() => (memPeak = Math.max(memPeak, rssMiB(pid))), 250);
    const lat = new Map<string, number[]>(kinds.map((k) => [k[0], []]));
    const all: number[] = [];
    let errors = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (Date.now() < until) {
          const [name, , run] = pick();
          const t0 = performance.now();
          const status = await run();
          const ms = performance.now() - t0;
          if (status >= 400) errors++;
          lat.get(name)!.push(ms);
          all.push(ms);
        }
      }),
    );
    clearInterval(sampler);
    const memEnd = rssMiB(pid);
    memPeak = Math.max(memPeak, memEnd);
    const s = stats(all);
    console.log(
      `load: ${SECONDS} s, ${IN_FLIGHT} in flight, mixed traffic: ${s.n} requests = ${fmt(s.n / SECONDS, 0)} requests/s, ${errors} errors`,
    );
    console.log(`load latency: p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms, p99 ${fmt(s.p99)} ms`);
    for (const [name] of kinds) {
      const k = stats(lat.get(name)!);
      console.log(
        `  ${name.padEnd(15)} n=${String(k.n).padStart(6)}  p50 ${fmt(k.p50).padStart(7)} ms  p95 ${fmt(k.p95).padStart(7)} ms  p99 ${fmt(k.p99).padStart(7)} ms`,
      );
    }
    console.log(
      `host memory (RSS): ${fmt(memStart, 1)} MiB at start, ${fmt(memPeak, 1)} MiB at most, ${fmt(memEnd, 1)} MiB at end   [goal < 200 MiB]`,
    );
    const path = writeResult('load', {
      seconds: SECONDS,
      in_flight: IN_FLIGHT,
      requests: s.n,
      rps: s.n / SECONDS,
      errors,
      p50_ms: s.p50,
      p99_ms: s.p99,
      rss_start_mib: memStart,
      rss_peak_mib: memPeak,
      rss_end_mib: memEnd,
    });
    console.log(`written: ${path}`);
  } finally {
    host.child.kill('SIGTERM');
    await host.exited;
  }
}
