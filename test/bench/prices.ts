import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { liveHost } from '../e2e/host.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computePrices } from '../../core/engine/pricing/engine.js';
import type { StoredTariff } from '../../core/node/db/store.js';
import { request, stats, fmt, timeAsync } from './lib.js';
import { benchLocation, session } from './common.js';

const WINDOW = { start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-08-30T00:00:00+02:00' };
const DAY = { start_time: '2026-07-15T00:00:00+02:00', end_time: '2026-07-16T00:00:00+02:00' };

export async function benchPrices(): Promise<void> {
  const { host } = await liveHost({ now: '2026-09-01T12:00:00Z', demo: false });
  try {
    const sess = await session(host.info);
    const { api: api_url, auth } = sess;
    const account_id = host.info.account_id;
    const loc = await benchLocation(sess);
    const body90 = JSON.stringify(WINDOW);
    const first = await request(`${api_url}/prices/${loc.id}`, 'POST', auth, body90);
    const answer = JSON.parse(first.text);
    if (first.status !== 200) throw new Error(first.text);

    // 1. The engine alone: compiled components and the market series in memory.
    const svc = host.service;
    const scope = { accountId: account_id, liveMode: false };
    const zone = loc.timezone as string;
    const comps = svc.store.tariffs
      .all(scope, { location_id: loc.id })
      .map((t: StoredTariff) => compileComponent(t, zone));
    const from = Date.parse(WINDOW.start_time);
    const to = Date.parse(WINDOW.end_time);
    const market = svc.market.series(loc.market_region, from, to);
    const run = () => computePrices({ zone, from, to, direction: 'IMPORT', components: comps, market });
    for (let i = 0; i < 30; i++) run();
    const engineMs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = process.hrtime.bigint();
      run();
      engineMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const e = stats(engineMs);
    console.log(
      `engine, 90 days (${answer.data.length} intervals): median ${fmt(e.p50)} ms, p95 ${fmt(e.p95)} ms   [target ≤ 5 ms]`,
    );

    // 2. POST /prices over loopback, next to a minimal server that stringifies the identical answer per request.
    const floor = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const text = JSON.stringify(answer);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      });
    });
    await new Promise<void>((r) => floor.listen(0, '127.0.0.1', r));
    const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}/prices/${loc.id}`;
    const N = 200;
    const call = (url: string) => () =>
      request(url, 'POST', auth, body90).then((r) => {
        if (r.status !== 200) throw new Error(r.text);
      });
    await timeAsync(30, call(`${api_url}/prices/${loc.id}`));
    await timeAsync(30, call(floorUrl));
    // Cold: every request a different window (shifted by 15 min), so nothing written before is reused.
    let shift = 0;
    const coldBody = () => {
      shift += 900_000;
      return JSON.stringify({
        start_time: new Date(from - 30 * 86_400_000 + shift).toISOString(),
        end_time: new Date(to - 30 * 86_400_000 + shift).toISOString(),
      });
    };
    const coldCall = () =>
      request(`${api_url}/prices/${loc.id}`, 'POST', auth, coldBody()).then((r) => {
        if (r.status !== 200) throw new Error(r.text);
      });
    // Interleave the three so machine noise falls on all alike.
    const ours: number[] = [];
    const base: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < N / 20; i++) {
      ours.push(...(await timeAsync(20, call(`${api_url}/prices/${loc.id}`))));
      cold.push(...(await timeAsync(20, coldCall)));
      base.push(...(await timeAsync(20, call(floorUrl))));
    }
    floor.close();
    const o = stats(ours);
    const b = stats(base);
    const c = stats(cold);
    console.log(
      `POST /prices 90 days over HTTP (${(first.text.length / 1024).toFixed(0)} KiB), repeated request: mean ${fmt(o.mean)} ms, p95 ${fmt(o.p95)} ms`,
    );
    console.log(
      `POST /prices 90 days over HTTP, a new window each request (engine runs): mean ${fmt(c.mean)} ms, p95 ${fmt(c.p95)} ms`,
    );
    console.log(`minimal node:http floor (JSON.stringify per request): mean ${fmt(b.mean)} ms, p95 ${fmt(b.p95)} ms`);
    console.log(
      `ratio (ours / floor), mean: repeated ${fmt(o.mean / b.mean)}, new window ${fmt(c.mean / b.mean)}   [target ≤ 1.5]`,
    );

    // 3. One day: median latency, then throughput with 4 requests in flight for 3 s.
    const bodyDay = JSON.stringify(DAY);
    const day = stats(await timeAsync(300, () => request(`${api_url}/prices/${loc.id}`, 'POST', auth, bodyDay)));
    let done = 0;
    const until = Date.now() + 3000;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          await request(`${api_url}/prices/${loc.id}`, 'POST', auth, bodyDay);
          done++;
        }
      }),
    );
    console.log(
      `POST /prices one day: median ${fmt(day.p50)} ms, p95 ${fmt(day.p95)} ms; throughput ${fmt(done / 3, 0)} requests/s (4 in flight)`,
    );
  } finally {
    await host.stop();
  }
}
