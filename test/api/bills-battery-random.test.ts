import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { harness, type Harness } from '../helpers.js';
import type { BatteryParams, DispatchProblem } from '../../core/engine/battery/index.js';
import { referenceCost } from '../engine/battery-reference.js';

// Random bills with a battery over a month's end and a clock change (Berlin, March and April 2026:
// 29 March has 23 hours), by the hour and by the quarter hour, against the state-of-charge search.

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const BERLIN = 'Europe/Berlin';
const H = 3_600_000;
const START = '2026-03-01T00:00:00+01:00';
const END = '2026-05-01T00:00:00+02:00';
/** March (743 hours, one lost to the clock change) and April (720). */
const WINDOW_HOURS = 743 + 720;
const post = (url: string, body: unknown) => h.call({ method: 'POST', url, headers: h.test, payload: body as object });
const iso = (ms: number) =>
  DateTime.fromMillis(ms, { zone: BERLIN }).toISO({ suppressMilliseconds: true, includeOffset: true })!;

/** The import price by the local hour: 0.10 at night (00–03), 0.40 at the evening peak (17–20), else 0.25. */
const priceAt = (hour: number) => (hour < 3 ? 0.1 : hour >= 17 && hour < 20 ? 0.4 : 0.25);
const EXPORT_PRICE = 0.05;
const band = (from: string, to: string, price: number) => ({
  valid_from: from,
  valid_to: to,
  rate: [{ fixed: price }],
});
const contract = { type: 'COMMODITY', contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' };
const tou = {
  ...contract,
  schedule: [
    {
      days_and_hours: [
        {
          days: ['All'],
          hours: [
            band('00:00:00', '03:00:00', priceAt(0)),
            band('03:00:00', '17:00:00', priceAt(3)),
            band('17:00:00', '20:00:00', priceAt(17)),
            band('20:00:00', '00:00:00', priceAt(20)),
          ],
        },
      ],
    },
  ],
};
const exportTariff = {
  ...contract,
  direction: 'EXPORT',
  schedule: [{ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', EXPORT_PRICE)] }] }],
};

/** A seeded generator (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Hour {
  start: number;
  usage: number;
  generation: number;
}

/** Whole kWh each hour (so every optimal state of charge is on a 0.5 kWh grid at efficiency 1). */
function hoursOf(rand: () => number): Hour[] {
  const out: Hour[] = [];
  for (let t = Date.parse(START); t < Date.parse(END); t += H) {
    const hour = DateTime.fromMillis(t, { zone: BERLIN }).hour;
    const sunny = hour >= 10 && hour < 15;
    out.push({ start: t, usage: Math.floor(rand() * 4), generation: sunny ? Math.floor(rand() * 5) : 0 });
  }
  return out;
}

/** The hours as intervals, or each split into four equal quarter hours. */
function intervals(hours: Hour[], key: 'usage' | 'generation', quarters: boolean) {
  return hours.flatMap((x) =>
    quarters
      ? [0, 1, 2, 3].map((q) => ({
          start_time: iso(x.start + (q * H) / 4),
          end_time: iso(x.start + ((q + 1) * H) / 4),
          kwh: x[key] / 4,
        }))
      : [{ start_time: iso(x.start), end_time: iso(x.start + H), kwh: x[key] }],
  );
}

interface Cell {
  start_time: string;
  end_time: string;
  charge_kwh: number;
  discharge_kwh: number;
  soc_kwh: number;
  import_kwh: number;
  export_kwh: number;
}

describe('a battery on random bills over a month’s end and a clock change', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: every cell feasible, by the hour and by the quarter hour the same saving, the search's optimum`, async () => {
      const rand = rng(seed);
      const hours = hoursOf(rand);
      const b = {
        capacity_kwh: 10,
        power_kw: 5,
        round_trip_efficiency: 1,
        reserve_percent: [0, 10][Math.floor(rand() * 2)]!,
        grid_charging: rand() < 0.7,
        export: rand() < 0.5,
      };
      const bill = async (quarters: boolean) => {
        const r = await post(`/bills/${loc}`, {
          start_time: START,
          end_time: END,
          usage: { intervals: intervals(hours, 'usage', quarters) },
          generation: { intervals: intervals(hours, 'generation', quarters) },
          candidates: [tou, exportTariff],
          battery: b,
          include_dispatch: true,
        });
        expect(r.status).toBe(200);
        return r.body;
      };
      const hourly = await bill(false);
      const cells: Cell[] = hourly.battery.dispatch;
      // Times are written in the end_time's offset: compared as instants.
      expect(Date.parse(cells[0]!.start_time)).toBe(Date.parse(START));
      expect(Date.parse(cells.at(-1)!.end_time)).toBe(Date.parse(END));
      let span = 0;
      let soc = b.reserve_percent / 10;
      const byStart = new Map(hours.map((x) => [x.start, x]));
      for (const [i, c] of cells.entries()) {
        if (i > 0) expect(Date.parse(c.start_time)).toBe(Date.parse(cells[i - 1]!.end_time));
        const len = (Date.parse(c.end_time) - Date.parse(c.start_time)) / H;
        span += len;
        expect(c.charge_kwh * c.discharge_kwh).toBe(0);
        expect(Math.max(c.charge_kwh, c.discharge_kwh)).toBeLessThanOrEqual(5 * len + 1e-9);
        soc += c.charge_kwh - c.discharge_kwh;
        expect(c.soc_kwh).toBeCloseTo(soc, 6);
        expect(c.soc_kwh).toBeGreaterThanOrEqual(b.reserve_percent / 10 - 1e-9);
        expect(c.soc_kwh).toBeLessThanOrEqual(10 + 1e-9);
        const x = byStart.get(Date.parse(c.start_time))!;
        expect(c.import_kwh - c.export_kwh).toBeCloseTo(x.usage - x.generation + c.charge_kwh - c.discharge_kwh, 6);
        const surplus = Math.max(x.generation - x.usage, 0);
        if (!b.grid_charging) expect(c.charge_kwh).toBeLessThanOrEqual(surplus + 1e-9);
        if (!b.export) expect(c.export_kwh).toBeLessThanOrEqual(surplus + 1e-9);
      }
      expect(span).toBe(WINDOW_HOURS);
      // Both months carry their share of what the battery moved.
      const charged = hourly.months.reduce(
        (a: number, m: { battery_charged_kwh: number }) => a + m.battery_charged_kwh,
        0,
      );
      expect(charged).toBeCloseTo(hourly.battery.charged_kwh, 4);

      // The search over the same hours, on prices read off the local hour.
      const local = (t: number) => DateTime.fromMillis(t, { zone: BERLIN }).hour;
      const p: DispatchProblem = {
        hours: Float64Array.from(hours, () => 1),
        usageKwh: Float64Array.from(hours, (x) => x.usage),
        generationKwh: Float64Array.from(hours, (x) => x.generation),
        importPrice: Float64Array.from(hours, (x) => priceAt(local(x.start))),
        exportPrice: Float64Array.from(hours, () => EXPORT_PRICE),
      };
      const reserve = b.reserve_percent / 10;
      const params: BatteryParams = {
        capacityKwh: 10,
        powerKw: 5,
        roundTripEfficiency: 1,
        reserveKwh: reserve,
        initialKwh: reserve,
        finalKwh: reserve,
        gridCharging: b.grid_charging,
        export: b.export,
        strategy: 'OPTIMAL',
      };
      const idle = hours.reduce(
        (a, x, t) =>
          a +
          Math.max(x.usage - x.generation, 0) * p.importPrice[t]! -
          Math.max(x.generation - x.usage, 0) * EXPORT_PRICE,
        0,
      );
      const best = idle - referenceCost(p, params, 0.5);
      const moved = hourly.battery.charged_kwh + hourly.battery.discharged_kwh;
      // The tie-break (the least energy moved) costs at most a millionth a kWh moved.
      expect(hourly.battery.saving).toBeLessThanOrEqual(best + 1e-6);
      expect(best - hourly.battery.saving).toBeLessThanOrEqual(1e-6 * moved + 1e-4);
      expect(hourly.battery.saving).toBeGreaterThan(0);

      // By the quarter hour: four times the cells, the same optimum.
      const quarter = await bill(true);
      expect(quarter.battery.dispatch.length).toBe(4 * cells.length);
      expect(quarter.battery.saving).toBeCloseTo(hourly.battery.saving, 3);
      expect(quarter.total).toBeCloseTo(hourly.total, 3);
    });
  }
});
