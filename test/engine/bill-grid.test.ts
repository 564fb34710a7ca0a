import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { toGrid } from '../../core/engine/billing/grid.js';
import { layPv } from '../../core/engine/usage/pv.js';

const H = 3_600_000;
const series = (rows: [number, number, number][]) => ({
  starts: Float64Array.from(rows, (r) => r[0]),
  ends: Float64Array.from(rows, (r) => r[1]),
  microKwh: Float64Array.from(rows, (r) => r[2]),
});
const sum = (a: Float64Array) => a.reduce((s, v) => s + v, 0);

describe('the common grid', () => {
  it('an hour of usage meets four quarter hours of solar evenly, and each series keeps its energy', () => {
    const use = series([[0, H, 1_000_001]]);
    const gen = series([0, 1, 2, 3].map((q) => [(q * H) / 4, ((q + 1) * H) / 4, 100_000] as [number, number, number]));
    const g = toGrid([use, gen], 0, H, [0, H]);
    expect([...g.starts]).toEqual([0, H / 4, H / 2, (3 * H) / 4]);
    // Whole micro-kWh, each within one of a quarter, summing exactly to the hour's.
    for (const v of g.values[0]!) expect(Math.abs(v - 250_000.25)).toBeLessThan(1);
    expect(sum(g.values[0]!)).toBe(1_000_001);
    expect([...g.values[1]!]).toEqual([100_000, 100_000, 100_000, 100_000]);
  });

  it('overlapping intervals of one series add (several meters), and the window clips pro rata', () => {
    const meters = series([
      [-H, H, 2_000_000],
      [0, 2 * H, 4_000_000],
      [H / 2, H, 500_000],
    ]);
    const g = toGrid([meters], 0, 2 * H, [0, 2 * H]);
    expect([...g.starts]).toEqual([0, H / 2, H]);
    expect([...g.values[0]!]).toEqual([500_000 + 1_000_000, 500_000 + 1_000_000 + 500_000, 2_000_000]);
  });
});

describe('the PV profile', () => {
  it('sums to the year’s energy over a local calendar year, is 0 at night, and is stronger in June than December', () => {
    const zone = 'Europe/Berlin';
    const from = DateTime.fromObject({ year: 2026 }, { zone }).toMillis();
    const to = DateTime.fromObject({ year: 2027 }, { zone }).toMillis();
    const pv = layPv(zone, 52.52, 13.4, from, to, 4000);
    expect(sum(pv.microKwh) / 1e6).toBeCloseTo(4000, 2);
    const at = (iso: string) => {
      const t = DateTime.fromISO(iso, { zone }).toMillis();
      const i = pv.starts.findIndex((s) => s === t);
      return i < 0 ? 0 : pv.microKwh[i]!;
    };
    expect(at('2026-06-21T01:00')).toBe(0);
    expect(at('2026-06-21T13:00')).toBeGreaterThan(3 * at('2026-12-21T12:00'));
    const month = (m: number) => {
      const a = DateTime.fromObject({ year: 2026, month: m }, { zone }).toMillis();
      const b = DateTime.fromObject({ year: 2026, month: m + 1 }, { zone }).toMillis();
      let s = 0;
      for (let i = 0; i < pv.starts.length; i++) if (pv.starts[i]! >= a && pv.starts[i]! < b) s += pv.microKwh[i]!;
      return s / 1e6;
    };
    expect(month(6)).toBeGreaterThan(4 * month(12));
    // Sydney's summer is December.
    const syd = 'Australia/Sydney';
    const sFrom = DateTime.fromObject({ year: 2026 }, { zone: syd }).toMillis();
    const sTo = DateTime.fromObject({ year: 2027 }, { zone: syd }).toMillis();
    const south = layPv(syd, -33.87, 151.21, sFrom, sTo, 4000);
    expect(sum(south.microKwh) / 1e6).toBeCloseTo(4000, 2);
  });
});
