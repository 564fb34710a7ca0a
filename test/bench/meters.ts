// `npm run bench meters`: meter records and their cost reports over HTTP, each figure beside its
// floor: a minimal node:http server in the same process that reads the same request and does
// the least any answer needs (a submission's body parsed, each record's times checked and its
// energy summed; a report's captured answer written out). Printed, and written as JSON
// (.tmp/bench/meters-*.json).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { liveHost } from '../e2e/host.js';
import { request, stats, fmt, timeAsync } from './lib.js';
import { printTable, session, writeResult } from './common.js';
import { todLocation } from './costs.js';

const ZONE = 'Europe/Berlin';
const ROUNDS = 6;
const PER_ROUND = 5;
/** Submissions measured: each a new stretch of 10,000 quarter hours, so every record is stored anew. */
const SUBMISSIONS = 12;

/** `n` quarter-hour records of a location from `t0` (epoch ms), a household's curve with noise, in kWh. */
function quarterHours(location: string, t0: number, n: number) {
  let seed = 11;
  return Array.from({ length: n }, (_, i) => {
    const a = t0 + i * 900_000;
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const h = DateTime.fromMillis(a, { zone: ZONE }).hour;
    const kwh = 0.05 + 0.08 * Math.exp(-((h - 8) ** 2) / 4) + 0.15 * Math.exp(-((h - 19) ** 2) / 6);
    return {
      location_id: location,
      record_reference_id: `q${a}`,
      units: 'KWH',
      value: Number((kwh + (seed / 2147483648) * 0.05).toFixed(4)),
      start_time: new Date(a).toISOString(),
      end_time: new Date(a + 900_000).toISOString(),
    };
  });
}

/** The floor: answers a captured report as JSON, or reads a submission and checks and sums its records. */
async function floorServer(answers: Record<string, unknown>): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let out: unknown = answers[req.url ?? ''];
      if (req.url === '/submit') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          start_time: string;
          end_time: string;
          value: number;
        }[];
        let kwh = 0;
        for (const r of body) {
          if (!(Date.parse(r.end_time) > Date.parse(r.start_time))) throw new Error('bad record');
          kwh += r.value;
        }
        out = { records: body.length, kwh };
      }
      const text = JSON.stringify(out ?? {});
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

export async function benchMeters(): Promise<void> {
  const { host } = await liveHost({ now: '2027-02-01T12:00:00Z', demo: false });
  let floor: Awaited<ReturnType<typeof floorServer>> | undefined;
  try {
    const sess = await session(host.info);
    const { api, auth } = sess;
    const loc = await todLocation(sess);
    const year = Date.parse('2026-01-01T00:00:00+01:00');
    const records = quarterHours(loc, year, 35_040);
    // A device's charging session: 16 quarter hours on one evening.
    const device = (await sess.json('POST', '/devices', { reference_id: 'EV' })).id as string;
    const evening = Date.parse('2026-06-10T18:00:00+02:00');
    const charge = quarterHours(loc, evening, 16).map((r, i) => ({
      ...r,
      device_id: device,
      session_reference_id: 'EV-1',
      record_reference_id: `ev${i}`,
    }));
    // The year, 10,000 records to a submission; the device's records are another meter's, beside them.
    for (let i = 0; i < records.length; i += 10_000)
      await sess.json('PUT', '/meters/interval', records.slice(i, i + 10_000));
    await sess.json('PUT', '/meters/interval', charge);

    const monthBody = JSON.stringify({
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
    });
    const monthUrl = `${api}/costs/interval/${loc}?aggregation=MONTH`;
    const sessionUrl = `${api}/costs/session/EV-1`;
    const month = await request(monthUrl, 'POST', auth, monthBody);
    const ev = await request(sessionUrl, 'POST', auth, '{}');
    if (month.status !== 200 || ev.status !== 200)
      throw new Error(`${month.text.slice(0, 300)} ${ev.text.slice(0, 300)}`);
    floor = await floorServer({ '/month': JSON.parse(month.text), '/session': JSON.parse(ev.text) });

    // Submissions: each a new stretch (2027 onwards, another location), so every record is inserted.
    const loc2 = await todLocation(sess);
    const start2 = Date.parse('2027-01-01T00:00:00+01:00');
    const batches = Array.from({ length: SUBMISSIONS + 2 }, (_, k) =>
      JSON.stringify(quarterHours(loc2, start2 + k * 10_000 * 900_000, 10_000)),
    );
    const put = (k: number) => () =>
      request(`${api}/meters/interval`, 'PUT', auth, batches[k]).then((r) => {
        if (r.status !== 200) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
        const b = JSON.parse(r.text);
        if (b.records_processed !== 10_000) throw new Error(`stored ${b.records_processed}`);
      });
    const putFloor = (k: number) => () => request(`${floor!.url}/submit`, 'PUT', {}, batches[k]);
    // Warm: two submissions of their own.
    await put(0)();
    await put(1)();
    await putFloor(0)();
    const ours: number[] = [];
    const flo: number[] = [];
    for (let k = 2; k < batches.length; k++) {
      ours.push(...(await timeAsync(1, put(k))));
      flo.push(...(await timeAsync(1, putFloor(k))));
    }

    const cases: { name: string; ours: number[]; floor: number[]; target: number }[] = [
      {
        name: `PUT /meters/interval, 10,000 new records (${fmt(batches[2]!.length / 2 ** 20)} MiB)`,
        ours,
        floor: flo,
        target: 200,
      },
    ];
    for (const [name, url, body, path, target] of [
      ['interval report by month, a year of quarter hours (35,040)', monthUrl, monthBody, '/month', 50],
      ['session report (16 records)', sessionUrl, '{}', '/session', 5],
    ] as const) {
      const call = (u: string) => () =>
        request(u, 'POST', auth, body).then((r) => {
          if (r.status !== 200) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
        });
      await timeAsync(3, call(url));
      await timeAsync(3, call(floor.url + path));
      const o: number[] = [];
      const f: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        o.push(...(await timeAsync(PER_ROUND, call(url))));
        f.push(...(await timeAsync(PER_ROUND, call(floor.url + path))));
      }
      cases.push({ name, ours: o, floor: f, target });
    }

    const table: string[][] = [];
    const result: Record<string, unknown> = { year_records: records.length };
    for (const c of cases) {
      const o = stats(c.ours);
      const f = stats(c.floor);
      table.push([
        c.name,
        `${fmt(o.min)} ms`,
        `${fmt(o.p50)} ms`,
        `${fmt(o.p95)} ms`,
        `${fmt(f.p50)} ms`,
        fmt(o.p50 / f.p50),
        `≤ ${c.target} ms`,
      ]);
      result[c.name] = {
        min_ms: o.min,
        median_ms: o.p50,
        p95_ms: o.p95,
        floor_median_ms: f.p50,
        target_ms: c.target,
        n: o.n,
      };
    }
    printTable(['meters, warm', 'min', 'median', 'p95', 'floor median', 'ratio', 'target'], table);
    console.log(`written to ${writeResult('meters', result)}`);
  } finally {
    floor?.close();
    await host.stop();
  }
}
