import { liveHost } from '../e2e/host.js';
import { fmt, request, stats, timeAsync } from './lib.js';
import { benchLocation, printTable, session } from './common.js';

const ZERO = { 'flatpeak-version': '2024-08-24' };
const ANODE = { 'flatpeak-version': '2025-09-14.anode' };
const MONTH = { start_time: '2026-07-01T00:00:00Z', end_time: '2026-07-31T00:00:00Z' };
const DAY = { start_time: '2026-07-15T00:00:00Z', end_time: '2026-07-16T00:00:00Z' };

/**
 * The two API generations over the same data: what answering in Zero costs beside Anode for the
 * same work. Zero's rates are Anode's prices averaged into whole hours, so the pair shows the
 * mapping's price; `GET /locations/{id}` shows what choosing a generation per request costs.
 */
export async function benchVersions(): Promise<void> {
  const { host } = await liveHost({ now: '2026-09-01T12:00:00Z', demo: false });
  try {
    const sess = await session(host.info);
    const loc = await benchLocation(sess);
    const api = sess.api;
    const zeroAuth = { ...sess.auth, ...ZERO };
    const anodeAuth = { ...sess.auth, ...ANODE };
    const rates = (w: typeof MONTH) =>
      `${api}/tariffs/rates/${loc.id}?${new URLSearchParams({ ...w, include_tariff: 'true' })}`;
    const check = (r: { status: number; text: string }) => {
      if (r.status !== 200) throw new Error(r.text.slice(0, 300));
      return r;
    };
    const cases: [string, () => Promise<unknown>][] = [
      [
        'Anode POST /prices, 30 days',
        () => request(`${api}/prices/${loc.id}`, 'POST', anodeAuth, JSON.stringify(MONTH)).then(check),
      ],
      ['Zero GET /tariffs/rates, 30 days', () => request(rates(MONTH), 'GET', zeroAuth).then(check)],
      [
        'Anode POST /prices, 1 day',
        () => request(`${api}/prices/${loc.id}`, 'POST', anodeAuth, JSON.stringify(DAY)).then(check),
      ],
      ['Zero GET /tariffs/rates, 1 day', () => request(rates(DAY), 'GET', zeroAuth).then(check)],
      ['Anode GET /locations/{id}', () => request(`${api}/locations/${loc.id}`, 'GET', anodeAuth).then(check)],
      ['Zero GET /locations/{id}', () => request(`${api}/locations/${loc.id}`, 'GET', zeroAuth).then(check)],
    ];
    for (const [, run] of cases) await timeAsync(30, run);
    // Interleaved rounds, so machine noise falls on every case alike.
    const times = cases.map(() => [] as number[]);
    for (let round = 0; round < 10; round++)
      for (const [i, [, run]] of cases.entries()) times[i]!.push(...(await timeAsync(20, run)));
    const sizes = await Promise.all(cases.map(async ([, run]) => ((await run()) as { text: string }).text.length));
    printTable(
      ['request', 'median ms', 'p95 ms', 'answer KiB'],
      cases.map(([name], i) => {
        const s = stats(times[i]!);
        return [name, fmt(s.p50), fmt(s.p95), fmt(sizes[i]! / 1024, 1)];
      }),
    );
  } finally {
    await host.stop();
  }
}
