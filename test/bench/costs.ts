// `npm run bench costs`: a year of quarter-hour usage priced by POST /costs/{id}, each figure
// beside its floor: a minimal node:http server that reads the same body and sums the same
// intervals per month with no pricing. Printed, and written as JSON (.tmp/bench/costs-*.json).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { liveHost } from '../e2e/host.js';
import { readUsageCsv } from '../../core/node/usage/csv.js';
import { usageBody } from '../../core/engine/usage/csv.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computeCost } from '../../core/engine/pricing/cost.js';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import type { StoredTariff } from '../../core/node/db/store.js';
import { request, stats, fmt, timeAsync } from './lib.js';
import { benchLocation, printTable, session, writeResult, type Session } from './common.js';
import { berlinAddress, fixedSchedule } from '../helpers.js';

const ZONE = 'Europe/Berlin';
const YEAR = { start_time: '2026-01-01T00:00:00+01:00', end_time: '2027-01-01T00:00:00+01:00' };
/** Rounds per figure, interleaved with the floor's so machine noise falls on both alike. */
const ROUNDS = 6;
const PER_ROUND = 5;

/**
 * A household's quarter hours over the local year 2026: a daily curve with noise, 35,040 rows,
 * as `start,end,kwh` with offsets and as a local `Zeitstempel;kWh` export with decimal commas.
 */
function yearOfUsage(): { csv: string; local: string; rows: number } {
  const lines = ['start,end,kwh'];
  const local = ['Zeitstempel;kWh'];
  let t = DateTime.fromISO('2026-01-01T00:00', { zone: ZONE });
  const end = DateTime.fromISO('2027-01-01T00:00', { zone: ZONE });
  let seed = 7;
  while (t < end) {
    const next = t.plus({ minutes: 15 });
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const h = t.hour + t.minute / 60;
    const curve = 0.05 + 0.08 * Math.exp(-((h - 8) ** 2) / 4) + 0.15 * Math.exp(-((h - 19) ** 2) / 6);
    const kwh = (curve + (seed / 2147483648) * 0.05).toFixed(4);
    lines.push(`${t.toISO()},${next.toISO()},${kwh}`);
    local.push(`${t.toFormat('dd.MM.yyyy HH:mm')};${kwh.replace('.', ',')}`);
    t = next;
  }
  return { csv: lines.join('\n') + '\n', local: local.join('\n') + '\n', rows: lines.length - 1 };
}

const todTariff = (day: number, night: number, name: string) => ({
  type: 'COMMODITY',
  direction: 'IMPORT',
  display_name: name,
  contract_start_date: '2026-01-01',
  contract_end_date: '2027-01-01',
  schedule: fixedSchedule([
    [
      'Weekdays',
      [
        ['00:00', '06:00', night],
        ['06:00', '22:00', day],
        ['22:00', '00:00', night],
      ],
    ],
    ['Weekend', [['00:00', '00:00', night]]],
  ]),
});

/** Time of day with two consumption tiers per band: `bound` kWh a month at the band's price, `step` more beyond. */
const tieredTariff = (day: number, night: number, bound: number, step: number, name: string) => {
  const rate = (p: number) => [{ fixed: p, to_kwh: bound }, { fixed: Math.round((p + step) * 1e4) / 1e4 }];
  return {
    type: 'COMMODITY',
    direction: 'IMPORT',
    display_name: name,
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-01-01',
    schedule: [
      {
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              { valid_from: '07:00:00', valid_to: '22:00:00', rate: rate(day) },
              { valid_from: '22:00:00', valid_to: '07:00:00', rate: rate(night) },
            ],
          },
        ],
      },
    ],
  };
};

/** A Berlin location with a time-of-day energy tariff and a flat grid fee. */
export async function todLocation(
  s: Session,
  commodity: object = todTariff(0.34, 0.24, 'Day and night'),
): Promise<string> {
  const loc = await s.json('POST', '/locations', { postal_address: berlinAddress });
  await s.json('POST', '/tariffs', { location_id: loc.id, ...commodity });
  await s.json('POST', '/tariffs', {
    location_id: loc.id,
    type: 'NON_COMMODITY',
    display_name: 'Grid fee',
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-01-01',
    schedule: fixedSchedule([['All', [['00:00', '00:00', 0.09]]]]),
  });
  return loc.id;
}

/**
 * The floor: reads the same body, parses it, checks each interval's times and sums its energy
 * into its local month, and answers twelve totals. What any costing over HTTP must at least do.
 */
async function floorServer(): Promise<{ url: string; close: () => void }> {
  const start = DateTime.fromISO('2026-01-01T00:00', { zone: ZONE });
  const bounds = Array.from({ length: 13 }, (_, k) => start.plus({ months: k }).toMillis());
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const kwh = new Array<number>(12).fill(0);
      let m = 0;
      for (const iv of body.usage.intervals) {
        const a = Date.parse(iv.start_time);
        if (!(Date.parse(iv.end_time) > a)) throw new Error('bad interval');
        while (m < 11 && a >= bounds[m + 1]!) m++;
        kwh[m]! += iv.kwh;
      }
      const text = JSON.stringify({ periods: kwh.map((k, i) => ({ start_time: bounds[i], kwh: k })) });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  // Idle sockets kept as long as the host keeps them: the agent must not reuse one the floor has closed.
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/costs`, close: () => server.close() };
}

export async function benchCosts(): Promise<void> {
  // The command line's part, the CSV file read into intervals: first, as it holds the event loop
  // for seconds, and a host on the same loop would close its idle keep-alive sockets meanwhile.
  const { csv, local, rows } = yearOfUsage();
  for (let i = 0; i < 3; i++) readUsageCsv(csv, { zone: ZONE });
  const parseMs = stats(await timeAsync(5, async () => readUsageCsv(csv, { zone: ZONE })));
  const parseLocalMs = stats(await timeAsync(5, async () => readUsageCsv(local, { zone: ZONE })));
  const parsed = readUsageCsv(csv, { zone: ZONE }).intervals;
  const intervals = usageBody(parsed);
  const { host } = await liveHost({ now: '2027-02-01T12:00:00Z', demo: false });
  const floor = await floorServer();
  try {
    const sess = await session(host.info);
    const { api, auth } = sess;

    const tod = await todLocation(sess);
    const tiered = await todLocation(sess, tieredTariff(0.34, 0.24, 150, 0.09, 'Tiered day and night'));
    const marketLoc = await benchLocation(sess);
    const market = marketLoc.id;
    const market_ = market;
    const base = { ...YEAR, tariff_direction: 'IMPORT', group_by: 'month', usage: { intervals } };
    const alternatives = [
      [todTariff(0.31, 0.26, 'Flatter')],
      [todTariff(0.38, 0.19, 'Steeper')],
      [todTariff(0.3, 0.3, 'Flat')],
    ];
    // The engine alone: the same usage and months, compiled tariffs and the series in memory.
    const from = Date.parse(YEAR.start_time);
    const to = Date.parse(YEAR.end_time);
    const usage = {
      starts: Float64Array.from(parsed, (i) => i.start),
      ends: Float64Array.from(parsed, (i) => i.end),
      microKwh: Float64Array.from(parsed, (i) => Math.round(i.kwh * 1e6)),
    };
    const months = Array.from({ length: 13 }, (_, k) =>
      DateTime.fromMillis(from, { zone: ZONE }).plus({ months: k }).toMillis(),
    );
    const scope = { accountId: host.info.account_id, liveMode: false };
    const stored = (loc: string) =>
      host.service.store.tariffs.all(scope, { location_id: loc }).map((t: StoredTariff) => compileComponent(t, ZONE));
    const series = host.service.market.series(marketLoc.market_region, from, to);
    const tieredAlternatives = [
      [tieredTariff(0.31, 0.26, 150, 0.09, 'Flatter, tiered')],
      [tieredTariff(0.38, 0.19, 200, 0.12, 'Steeper, tiered')],
      [tieredTariff(0.3, 0.3, 100, 0.05, 'Flat, tiered')],
    ];
    const engine = (loc: string, sets: object[][]) => {
      const base = stored(loc);
      const market = loc === market_ ? series : undefined;
      return () => {
        computeCost({ zone: ZONE, from, to, direction: 'IMPORT', components: base, market }, usage, months);
        for (const [k, set] of sets.entries()) {
          const alt = set.map((t) =>
            compileComponent({ ...t, id: `alt${k}`, market_rates: false } as PricingComponent, ZONE),
          );
          const components = [...base.filter((c) => c.source.type !== 'COMMODITY'), ...alt];
          computeCost({ zone: ZONE, from, to, direction: 'IMPORT', components, market }, usage, months);
        }
      };
    };
    const cases: { name: string; location: string; body: string; engine: () => void; target?: number }[] = [
      {
        name: 'time-of-day, per month',
        location: tod,
        body: JSON.stringify(base),
        engine: engine(tod, []),
        target: 50,
      },
      {
        name: 'time-of-day + 3 alternatives',
        location: tod,
        body: JSON.stringify({ ...base, alternatives }),
        engine: engine(tod, alternatives),
        target: 200,
      },
      {
        name: 'tiered time-of-day, per month',
        location: tiered,
        body: JSON.stringify(base),
        engine: engine(tiered, []),
        target: 50,
      },
      {
        name: 'tiered + 3 tiered alternatives',
        location: tiered,
        body: JSON.stringify({ ...base, alternatives: tieredAlternatives }),
        engine: engine(tiered, tieredAlternatives),
        target: 200,
      },
      {
        name: 'market-linked + surcharge, per month',
        location: market,
        body: JSON.stringify(base),
        engine: engine(market, []),
      },
    ];

    const table: string[][] = [];
    const result: Record<string, unknown> = { rows, body_mib: cases[0]!.body.length / 2 ** 20 };
    result.csv_parse_ms = { median: parseMs.p50, p95: parseMs.p95 };
    result.csv_local_parse_ms = { median: parseLocalMs.p50, p95: parseLocalMs.p95 };
    for (const c of cases) {
      const url = `${api}/costs/${c.location}`;
      const call = (u: string) => () =>
        request(u, 'POST', auth, c.body).then((r) => {
          if (r.status !== 200) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
        });
      // Warm: the first requests compile the tariffs and load the market series.
      await timeAsync(3, call(url));
      await timeAsync(3, call(floor.url));
      const ours: number[] = [];
      const flo: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        ours.push(...(await timeAsync(PER_ROUND, call(url))));
        flo.push(...(await timeAsync(PER_ROUND, call(floor.url))));
      }
      for (let i = 0; i < 3; i++) c.engine();
      const e = stats(await timeAsync(10, async () => c.engine()));
      const o = stats(ours);
      const f = stats(flo);
      table.push([
        c.name,
        `${fmt(o.min)} ms`,
        `${fmt(o.p50)} ms`,
        `${fmt(o.p95)} ms`,
        `${fmt(f.min)} ms`,
        `${fmt(f.p50)} ms`,
        fmt(o.p50 / f.p50),
        `${fmt(e.p50)} ms`,
        c.target ? `≤ ${c.target} ms` : 'report',
      ]);
      result[c.name] = {
        min_ms: o.min,
        median_ms: o.p50,
        p95_ms: o.p95,
        floor_min_ms: f.min,
        floor_median_ms: f.p50,
        engine_median_ms: e.p50,
        target_ms: c.target ?? null,
      };
    }
    console.log(
      `A year of 15-minute usage: ${rows} intervals, request body ${fmt(cases[0]!.body.length / 2 ** 20)} MiB; ` +
        `reading the CSV (tariff-desk costs --usage): median ${fmt(parseMs.p50)} ms (start,end,kwh with offsets), ` +
        `${fmt(parseLocalMs.p50)} ms (local timestamp;kWh)`,
    );
    printTable(
      ['POST /costs, warm', 'min', 'median', 'p95', 'floor min', 'floor median', 'ratio', 'engine alone', 'target'],
      table,
    );
    console.log(`written to ${writeResult('costs', result)}`);
  } finally {
    floor.close();
    await host.stop();
  }
}
