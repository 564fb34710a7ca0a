// A ten-year clock advance on a host in its own process (the demo world plus a contract ending
// every month): how long it takes to land, and the latency of other requests meanwhile, against
// the same requests with the clock standing still.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe, stopAll } from '../host/cli.js';
import { fmt, request, stats } from './lib.js';
import { session } from './common.js';
import { berlinAddress, tariffBody } from '../helpers.js';

const IN_FLIGHT = 2;
const TEN_YEARS_S = 3653 * 86_400;

export async function benchClock(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'td-clock-'));
  const host = await spawnServe(dir);
  try {
    const s = await session(host.info);
    // Running on (not frozen), so the rate limiter's buckets refill as the standing traffic goes.
    await s.json('PUT', '/clock', { mode: 'offset', now: '2026-03-01T12:00:00Z' });
    const loc = (await s.json('POST', '/locations', { postal_address: berlinAddress })).id as string;
    let start = '2026-01-01T00:00:00Z';
    for (let m = 1; m <= 120; m++) {
      const end = new Date(Date.UTC(2026, 2 + m, 1)).toISOString();
      await s.json('POST', '/tariffs', tariffBody(loc, { contract_start_date: start, contract_end_date: end }));
      start = end;
    }
    let auth = s.auth;
    // The bearer of a client polling a long advance stays valid until it lands; after, log in again.
    const get = async (path: string) => {
      let r = await request(s.api + path, 'GET', auth);
      if (r.status === 401) {
        const login = await request(`${s.api}/login`, 'GET', s.basic);
        auth = { authorization: `Bearer ${JSON.parse(login.text).bearer_token}` };
        r = await request(s.api + path, 'GET', auth);
      }
      return r;
    };
    const paths = ['/clock', `/locations/${loc}`, `/tariffs?location_id=${loc}&limit=10`, '/events?limit=10'];
    const traffic = async (until: () => boolean) => {
      const ms: number[] = [];
      let k = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (!until()) {
            const t = performance.now();
            const r = await get(paths[k++ % paths.length]!);
            ms.push(performance.now() - t);
            if (r.status !== 200) throw new Error(`${r.status} ${r.text.slice(0, 200)}`);
          }
        }),
      );
      return ms;
    };
    const still = performance.now();
    const idle = await traffic(() => performance.now() - still > 3000);
    const started = performance.now();
    const r = await request(`${s.api}/clock/advance`, 'POST', auth, JSON.stringify({ seconds: TEN_YEARS_S }));
    if (r.status !== 202) throw new Error(`advance answered ${r.status}: ${r.text.slice(0, 200)}`);
    const answered = performance.now() - started;
    let landed = false;
    const poll = (async () => {
      while (!landed) {
        await new Promise((done) => setTimeout(done, 50));
        landed = !JSON.parse((await get('/clock')).text).advancing;
      }
    })();
    const during = await traffic(() => landed);
    await poll;
    const took = performance.now() - started;
    const line = (name: string, ms: number[]) => {
      const st = stats(ms);
      return `${name}: ${st.n} requests, p50 ${fmt(st.p50)} ms, p99 ${fmt(st.p99)} ms, max ${fmt(Math.max(...ms))} ms`;
    };
    console.log(`clock advance by ten years: 202 in ${fmt(answered, 0)} ms, landed after ${fmt(took, 0)} ms`);
    console.log(line('  other requests, clock standing', idle));
    console.log(line('  other requests, while advancing', during));
  } finally {
    await stopAll([host.child, 'SIGTERM']);
    rmSync(dir, { recursive: true, force: true });
  }
}
