// `npm run bench schedules`: the three schedules over a week of a 5-minute market tariff (2,016
// intervals): the engine alone against its targets, and POST /schedules/* over HTTP beside the
// floor the price benchmark uses (a minimal node:http server that stringifies the identical
// answer per request). Printed, and written as JSON (.tmp/bench/schedules-*.json).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { liveHost } from '../e2e/host.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computePrices } from '../../core/engine/pricing/engine.js';
import { scheduleByDuration } from '../../core/engine/pricing/schedules/duration.js';
import { scheduleByLimit } from '../../core/engine/pricing/schedules/limit.js';
import { scheduleByAmount } from '../../core/engine/pricing/schedules/amount.js';
import type { StoredTariff } from '../../core/node/db/store.js';
import { request, stats, fmt, timeAsync } from './lib.js';
import { printTable, session, writeResult } from './common.js';
import { berlinAddress } from '../helpers.js';
import { allDayRate } from '../engine/support.js';

const WEEK = { start_time: '2026-07-06T00:00:00+02:00', end_time: '2026-07-13T00:00:00+02:00' };
const FIVE_MIN = 300_000;
const ROUNDS = 10;
const PER_ROUND = 10;

/** A week of 5-minute day-ahead prices (EUR/MWh) with a daily shape and noise, as start,end,price CSV. */
function fiveMinuteCsv(from: number, to: number): string {
  const lines = ['start,end,price'];
  let seed = 11;
  for (let t = from; t < to; t += FIVE_MIN) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const h = new Date(t).getUTCHours() + new Date(t).getUTCMinutes() / 60;
    const mwh = 60 + 45 * Math.sin(((h - 7) / 24) * 2 * Math.PI) + (seed / 2147483648) * 30;
    lines.push(`${new Date(t).toISOString()},${new Date(t + FIVE_MIN).toISOString()},${mwh.toFixed(2)}`);
  }
  return lines.join('\n') + '\n';
}

const bodies = {
  duration: { ...WEEK, segment: 'LOW', duration: 180 },
  limit: { ...WEEK, segment: 'LOW', relative: 0.3 },
  // Three devices under a 16 kW connection: a car over the week, a second car, a heat pump's tank.
  amount: {
    max_power: { units: 'KW', value: 16 },
    shaving_threshold: { relative: 0.8 },
    data: [
      { ...WEEK, max_power: { units: 'KW', value: 11 }, energy: { units: 'KWH', value: 120 } },
      { ...WEEK, max_power: { units: 'KW', value: 7.4 }, energy: { units: 'KWH', value: 90 } },
      {
        start_time: '2026-07-08T00:00:00+02:00',
        end_time: WEEK.end_time,
        max_power: { units: 'KW', value: 3 },
        energy: { units: 'KWH', value: 40 },
      },
    ],
  },
};

export async function benchSchedules(): Promise<void> {
  const { host } = await liveHost({ now: '2026-09-01T12:00:00Z', demo: false });
  const floor = { server: null as http.Server | null, answers: new Map<string, string>() };
  try {
    const sess = await session(host.info);
    const loc = await sess.json('POST', '/locations', { postal_address: berlinAddress });
    const from = Date.parse(WEEK.start_time);
    const to = Date.parse(WEEK.end_time);
    const imported = await sess.json('POST', `/market/regions/${loc.market_region}/import`, {
      csv: fiveMinuteCsv(from, to),
      unit: 'MWh',
    });
    await sess.json('POST', '/tariffs', {
      location_id: loc.id,
      type: 'COMMODITY',
      market_rates: true,
      display_name: 'Dynamic, 5 minutes',
      contract_start_date: '2026-01-01',
      contract_end_date: '2027-01-01',
      schedule: allDayRate([{ surcharge_fixed: 0.12, surcharge_percentage: 0.19 }]),
    });

    // 1. The engine alone: the week's intervals in memory, as PriceService hands them over.
    const svc = host.service;
    const scope = { accountId: host.info.account_id, liveMode: false };
    const zone = loc.timezone as string;
    const comps = svc.store.tariffs
      .all(scope, { location_id: loc.id })
      .map((t: StoredTariff) => compileComponent(t, zone));
    const market = svc.market.series(loc.market_region, from, to);
    const intervals = computePrices({ zone, from, to, direction: 'IMPORT', components: comps, market });
    const devices = bodies.amount.data.map((d) => ({
      from: Date.parse(d.start_time),
      to: Date.parse(d.end_time),
      powerW: d.max_power.value * 1000,
      energyWh: d.energy.value * 1000,
    }));
    const engine: Record<string, () => unknown> = {
      duration: () => scheduleByDuration(intervals, 'LOW', 180 * 60_000),
      limit: () => scheduleByLimit(intervals, 'LOW', { relative: 0.3 }),
      amount: () =>
        scheduleByAmount({
          intervals,
          direction: 'IMPORT',
          maxPowerW: 16_000,
          shaving: { relative: 0.8 },
          devices,
        }),
    };
    const targets: Record<string, number> = { duration: 2, limit: 2, amount: 5 };
    const engineStats: Record<string, ReturnType<typeof stats>> = {};
    for (const [name, run] of Object.entries(engine)) {
      for (let i = 0; i < 50; i++) run();
      const ms: number[] = [];
      for (let i = 0; i < 300; i++) {
        const t0 = process.hrtime.bigint();
        run();
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      engineStats[name] = stats(ms);
    }

    // 2. Over HTTP, beside the floor: the same answer, stringified per request by a bare server.
    for (const [name, body] of Object.entries(bodies)) {
      const r = await request(`${sess.api}/schedules/${name}/${loc.id}`, 'POST', sess.auth, JSON.stringify(body));
      if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.text.slice(0, 300)}`);
      floor.answers.set(`/schedules/${name}/${loc.id}`, r.text);
    }
    floor.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const text = JSON.stringify(JSON.parse(floor.answers.get(req.url ?? '') ?? '{}'));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      });
    });
    floor.server.keepAliveTimeout = 72_000;
    await new Promise<void>((r) => floor.server!.listen(0, '127.0.0.1', r));
    const floorBase = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}`;

    const table: string[][] = [];
    const result: Record<string, unknown> = { intervals: intervals.length, imported: imported.imported };
    for (const [name, body] of Object.entries(bodies)) {
      const text = JSON.stringify(body);
      const path = `/schedules/${name}/${loc.id}`;
      const call = (base: string) => () =>
        request(base + path, 'POST', sess.auth, text).then((r) => {
          if (r.status !== 200) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
        });
      await timeAsync(20, call(sess.api));
      await timeAsync(20, call(floorBase));
      const ours: number[] = [];
      const flo: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        ours.push(...(await timeAsync(PER_ROUND, call(sess.api))));
        flo.push(...(await timeAsync(PER_ROUND, call(floorBase))));
      }
      const e = engineStats[name]!;
      const o = stats(ours);
      const f = stats(flo);
      table.push([
        name,
        `${fmt(e.p50, 3)} ms`,
        `${fmt(e.p95, 3)} ms`,
        `≤ ${targets[name]} ms`,
        `${fmt(o.p50)} ms`,
        `${fmt(o.p95)} ms`,
        `${fmt(f.p50)} ms`,
        fmt(o.p50 / f.p50),
      ]);
      result[name] = {
        engine_median_ms: e.p50,
        engine_p95_ms: e.p95,
        engine_target_ms: targets[name],
        http_median_ms: o.p50,
        http_p95_ms: o.p95,
        floor_median_ms: f.p50,
        answer_bytes: floor.answers.get(path)!.length,
      };
    }
    console.log(
      `A week of a 5-minute market tariff: ${intervals.length} price intervals (${imported.imported} imported market prices)`,
    );
    printTable(
      [
        'POST /schedules/…',
        'engine median',
        'engine p95',
        'target',
        'HTTP median',
        'HTTP p95',
        'floor median',
        'ratio',
      ],
      table,
    );
    console.log(`written to ${writeResult('schedules', result)}`);
  } finally {
    floor.server?.close();
    await host.stop();
  }
}
