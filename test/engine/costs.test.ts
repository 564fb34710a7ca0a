import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime, FixedOffsetZone } from 'luxon';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computeCost, type UsageSeries } from '../../core/engine/pricing/cost.js';
import { computePrices } from '../../core/engine/pricing/engine.js';
import { localDays } from '../../core/engine/pricing/local-days.js';
import { seriesFrom } from '../../core/engine/pricing/market.js';
import type { MarketSeries, PricingComponent } from '../../core/engine/pricing/types.js';
import { instantOf, realDateTime, rfc3339Shape } from '../../core/engine/usage/instant.js';
import { layProfile } from '../../core/engine/usage/layout.js';
import { usageShape, usageShapes, dayTypeOf } from '../../core/engine/usage/profiles.js';
import { profileForCountry } from '../../core/engine/usage/choose.js';
import { allDayRate, component, daily, H } from './support.js';

const BERLIN = 'Europe/Berlin';
const local = (iso: string, zone = BERLIN) => DateTime.fromISO(iso, { zone }).toMillis();

/** Usage from `[start, end, kWh]` rows (instants in ms). */
function usage(rows: [number, number, number][]): UsageSeries {
  return {
    starts: Float64Array.from(rows.map((r) => r[0])),
    ends: Float64Array.from(rows.map((r) => r[1])),
    microKwh: Float64Array.from(rows.map((r) => Math.round(r[2] * 1e6))),
  };
}

/** Hourly intervals of `kwh` each from `from` to `to`. */
function hourly(from: number, to: number, kwh = 1): UsageSeries {
  const rows: [number, number, number][] = [];
  for (let t = from; t < to; t += H) rows.push([t, t + H, kwh]);
  return usage(rows);
}

function cost(
  zone: string,
  from: number,
  to: number,
  comps: PricingComponent[],
  u: UsageSeries,
  bounds: number[] = [from, to],
  market?: MarketSeries,
) {
  const components = comps.map((c) => compileComponent(c, zone));
  return computeCost({ zone, from, to, direction: 'IMPORT', components, market }, u, bounds);
}

/** Micro-units of an amount written in major units (test data have at most 6 decimals). */
const micro = (x: number) => Math.round(x * 1e6);

const DAY_NIGHT = () => [
  component(
    daily([
      ['07:00:00', '22:00:00', 0.32],
      ['22:00:00', '07:00:00', 0.21],
    ]),
  ),
];

describe('computeCost: usage costed at the prices of the sweep', () => {
  it('across the spring change: 23 local hours, 8 at night and 15 by day', () => {
    const from = local('2026-03-29T00:00');
    const to = local('2026-03-30T00:00');
    expect(to - from).toBe(23 * H);
    const r = cost(BERLIN, from, to, DAY_NIGHT(), hourly(from, to, 1));
    expect(r.microKwh).toBe(23e6);
    // Night: 00, 01, 03, 04, 05, 06, 22, 23 (02:00 does not exist); day: 07–21.
    expect(r.micro).toBe(micro(8 * 0.21 + 15 * 0.32));
  });

  it('across the autumn change: 25 local hours, the repeated 02:00 at the night rate', () => {
    const from = local('2026-10-25T00:00');
    const to = local('2026-10-26T00:00');
    expect(to - from).toBe(25 * H);
    const r = cost(BERLIN, from, to, DAY_NIGHT(), hourly(from, to, 2), [from, to]);
    expect(r.microKwh).toBe(50e6);
    expect(r.micro).toBe(micro(2 * (10 * 0.21 + 15 * 0.32)));
    expect(r.periods).toEqual([{ microKwh: 50e6, micro: r.micro, unpricedMicroKwh: 0, aboveFirstTierMicroKwh: 0 }]);
  });

  it('splits an interval spanning a price change pro rata by time', () => {
    // 06:30–07:30 with 2 kWh: one at 0.21, one at 0.32. 06:50–07:20 with 0.9 kWh: a third at night, two thirds by day.
    const a = cost(
      BERLIN,
      local('2026-06-01T00:00'),
      local('2026-06-02T00:00'),
      DAY_NIGHT(),
      usage([[local('2026-06-01T06:30'), local('2026-06-01T07:30'), 2]]),
    );
    expect(a.micro).toBe(micro(0.21 + 0.32));
    const b = cost(
      BERLIN,
      local('2026-06-01T00:00'),
      local('2026-06-02T00:00'),
      DAY_NIGHT(),
      usage([[local('2026-06-01T06:50'), local('2026-06-01T07:20'), 0.9]]),
    );
    expect(b.micro).toBe(micro(0.3 * 0.21 + 0.6 * 0.32));
    // A third of a kWh-cent: the exact sum is kept and rounded once, half away from zero.
    const c = cost(
      BERLIN,
      local('2026-06-01T00:00'),
      local('2026-06-02T00:00'),
      DAY_NIGHT(),
      usage([[local('2026-06-01T06:59'), local('2026-06-01T07:02'), 0.000001]]),
    );
    // (1·21000·1 + 1·32000·2) / 3 = 28 333.3… units of 1e-11 → 0 micro-units.
    expect(c.micro).toBe(0);
  });

  it('a tiered rate costs each tier at its price: the hour across the bound is split at the bound', () => {
    const tiered = component(allDayRate([{ fixed: 0.3, to_kwh: 100 }, { fixed: 0.4 }]));
    const from = local('2026-06-01T00:00');
    // Ten hours of 15 kWh: 150 kWh; the seventh hour reaches the 100 kWh bound 10 kWh in.
    const r = cost(BERLIN, from, from + 10 * H, [tiered], hourly(from, from + 10 * H, 15));
    expect(r.microKwh).toBe(150e6);
    expect(r.micro).toBe(micro(100 * 0.3 + 50 * 0.4));
    expect(r.aboveFirstTierMicroKwh).toBe(50e6);
  });

  it('a market tariff: (market + surcharge) × (1 + percentage), each price rounded to 5 decimals', () => {
    const from = Date.parse('2026-06-01T00:00:00Z');
    const values = [0.1013, 0.0877, 0.1234, 0.2001];
    const series = seriesFrom(values.map((v, i) => ({ start: from + i * H, end: from + (i + 1) * H, value: v })));
    const market = component(allDayRate([{ surcharge_fixed: 0.02, surcharge_percentage: 0.05 }]), {
      market_rates: true,
    });
    // Quarter hours of 0.25 kWh, and one half hour straddling the second and third hour.
    const rows: [number, number, number][] = [];
    for (let t = from; t < from + H + 30 * 60_000; t += 15 * 60_000) rows.push([t, t + 15 * 60_000, 0.25]);
    rows.push([from + 90 * 60_000, from + 150 * 60_000, 0.5]);
    const r = cost('UTC', from, from + 4 * H, [market], usage(rows), [from, from + 4 * H], series);
    const p = values.map((v) => Math.round((v + 0.02) * 1.05 * 1e5) / 1e5);
    // Hour 0: four quarters; hour 1: two quarters then half of the straddling interval; hour 2: its other half.
    const expected = 4 * 0.25 * p[0]! + 2 * 0.25 * p[1]! + 0.25 * p[1]! + 0.25 * p[2]!;
    expect(r.micro).toBe(micro(expected));
  });

  it('groups by the local days of the zone, in Berlin and in Sydney', () => {
    const flat = [component(daily([['00:00:00', '00:00:00', 0.25]]))];
    const from = Date.parse('2026-06-01T00:00:00Z');
    const to = from + 3 * 24 * H;
    for (const [zone, firstDayHours] of [
      // Berlin is UTC+2 in June: the first local day of the window has 22 hours in it.
      [BERLIN, 22],
      // Sydney is UTC+10: its first local day has 14.
      ['Australia/Sydney', 14],
    ] as const) {
      const bounds = [
        from,
        ...localDays(zone, from, to)
          .map((d) => d.start)
          .filter((t) => t > from),
        to,
      ];
      const r = cost(zone, from, to, flat, hourly(from, to, 1), bounds);
      expect(r.periods.map((p) => p.microKwh / 1e6)).toEqual([firstDayHours, 24, 24, 24 - firstDayHours]);
      expect(r.periods.map((p) => p.micro)).toEqual(r.periods.map((p) => micro((p.microKwh / 1e6) * 0.25)));
      expect(r.micro).toBe(micro(72 * 0.25));
    }
  });

  it('usage outside every contract is unpriced_kwh: in kwh, costed 0, per period and pro rata', () => {
    // Two contracts with a hole between them: 2 June 06:00–12:00 and from 2 June 18:00 on.
    const morning = component(daily([['00:00:00', '00:00:00', 0.3]]), {
      contract_start_date: '2026-06-02T06:00:00+02:00',
      contract_end_date: '2026-06-02T12:00:00+02:00',
    });
    const later = component(daily([['00:00:00', '00:00:00', 0.2]]), {
      id: 'trf_y',
      contract_start_date: '2026-06-02T18:00:00+02:00',
      contract_end_date: '2100-01-01T00:00:00Z',
    });
    const from = local('2026-06-01T00:00');
    const mid = local('2026-06-02T00:00');
    const to = local('2026-06-03T00:00');
    // Two-hour readings of 2 kWh from 01:00 (odd hours): each contract edge falls inside a reading.
    const rows: [number, number, number][] = [];
    for (let t = local('2026-06-01T01:00'); t < to; t += 2 * H) rows.push([t, Math.min(t + 2 * H, to), 2]);
    // A tariff of the other direction over the whole window prices none of it.
    const exporting = component(daily([['00:00:00', '00:00:00', 0.1]]), { id: 'trf_z', direction: 'EXPORT' });
    const r = cost(BERLIN, from, to, [morning, exporting, later], usage(rows), [from, mid, to]);
    // The expectation by brute force: each reading cut into minutes, each minute priced or not.
    const M = 60_000;
    const covered = (t: number) =>
      (t >= local('2026-06-02T06:00') && t < local('2026-06-02T12:00')) || t >= local('2026-06-02T18:00');
    const byPeriod = [0, 0];
    let value = 0;
    for (const [a, b, k] of rows)
      for (let t = a; t < b; t += M) {
        const part = (k * M) / (b - a);
        if (!covered(t)) byPeriod[t < mid ? 0 : 1]! += part;
        else value += part * (t < local('2026-06-02T12:00') ? 0.3 : 0.2);
      }
    const total = rows.reduce((s, [, , k]) => s + k, 0);
    expect(r.microKwh).toBe(micro(total));
    expect(r.unpricedMicroKwh).toBe(micro(byPeriod[0]! + byPeriod[1]!));
    expect(r.periods.map((p) => p.unpricedMicroKwh)).toEqual(byPeriod.map(micro));
    // The whole first day is outside every contract; part of the second too.
    expect(r.periods[0]!.unpricedMicroKwh).toBe(r.periods[0]!.microKwh);
    expect(r.periods[1]!.unpricedMicroKwh).toBeGreaterThan(0);
    expect(r.periods[1]!.unpricedMicroKwh).toBeLessThan(r.periods[1]!.microKwh);
    expect(r.micro).toBe(micro(value));
  });

  it('a band priced 0 inside a contract is priced, not unpriced', () => {
    const free = [component(daily([['00:00:00', '00:00:00', 0]]))];
    const from = local('2026-06-01T00:00');
    const to = local('2026-06-02T00:00');
    const r = cost(BERLIN, from, to, free, hourly(from, to, 1));
    expect(r).toMatchObject({ microKwh: 24e6, micro: 0, unpricedMicroKwh: 0 });
  });

  it('an interval across a period boundary is split between the periods pro rata', () => {
    const flat = [component(daily([['00:00:00', '00:00:00', 0.3]]))];
    const from = local('2026-06-01T00:00');
    const mid = local('2026-06-02T00:00');
    const to = local('2026-06-03T00:00');
    const r = cost(BERLIN, from, to, flat, usage([[local('2026-06-01T23:30'), local('2026-06-02T00:30'), 1]]), [
      from,
      mid,
      to,
    ]);
    expect(r.periods).toEqual([
      { microKwh: 500_000, micro: micro(0.15), unpricedMicroKwh: 0, aboveFirstTierMicroKwh: 0 },
      { microKwh: 500_000, micro: micro(0.15), unpricedMicroKwh: 0, aboveFirstTierMicroKwh: 0 },
    ]);
  });

  it('components: each tariff costed at its share of the price', () => {
    const commodity = component(daily([['00:00:00', '00:00:00', 0.3]]), { id: 'trf_a' });
    const fee = component(
      daily([
        ['08:00:00', '20:00:00', 0.08],
        ['20:00:00', '08:00:00', 0.02],
      ]),
      { id: 'trf_b', type: 'NON_COMMODITY' },
    );
    const from = local('2026-06-01T00:00');
    const r = cost(BERLIN, from, from + 24 * H, [commodity, fee], hourly(from, from + 24 * H, 0.5));
    expect(r.components.map((c) => [c.component.id, c.micro])).toEqual([
      ['trf_a', micro(12 * 0.3)],
      ['trf_b', micro(6 * 0.08 + 6 * 0.02)],
    ]);
    expect(r.micro).toBe(micro(12 * 0.3 + 6 * 0.08 + 6 * 0.02));
  });
});

/** Exact Σ price × kWh × overlap / duration, as a BigInt fraction, rounded half away from zero to micro-units. */
function referenceMicro(
  prices: { from: number; to: number; value: number }[],
  u: { start: number; end: number; microKwh: number }[],
): number {
  let num = 0n;
  let den = 1n;
  for (const iv of u) {
    for (const p of prices) {
      const ov = Math.min(iv.end, p.to) - Math.max(iv.start, p.from);
      if (ov <= 0) continue;
      const n = BigInt(Math.round(p.value * 1e5)) * BigInt(iv.microKwh) * BigInt(ov);
      const d = BigInt(iv.end - iv.start);
      num = num * d + n * den;
      den = den * d;
    }
  }
  const unit = den * 100_000n;
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const m = (2n * abs + unit) / (2n * unit);
  return Number(neg ? -m : m);
}

describe('property: costing usage equals Σ over the price intervals × kWh', () => {
  const band = fc
    .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 96 }), fc.integer({ min: -10, max: 60 }))
    .map(([a, len, c]) => {
      const q = (n: number) =>
        `${String(Math.floor((n % 96) / 4)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}:00`;
      return { from: q(a), to: q(a + Math.min(len, 95)), fixed: c / 100 };
    });
  it('holds for random day schedules, zones and usage (seeded)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(BERLIN, 'America/New_York', 'Australia/Lord_Howe', 'UTC'),
        band,
        fc.integer({ min: 0, max: 1000 }).map((x) => x / 1000 + 0.001),
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 240 }),
            fc.integer({ min: 0, max: 30 }),
            fc.integer({ min: 0, max: 5000 }),
          ),
          { minLength: 1, maxLength: 60 },
        ),
        fc.integer({ min: 0, max: 400 }),
        (zone, b, levy, rows, startHour) => {
          const comps = [
            component(daily([[b.from, b.to, b.fixed]]), { id: 'trf_a' }),
            component(daily([['00:00:00', '00:00:00', levy]]), { id: 'trf_b', type: 'NON_COMMODITY' }),
          ];
          // Usage: intervals of 1–240 minutes with gaps of 0–30, starting near a DST change.
          const from = Date.parse('2026-03-27T00:00:00Z') + startHour * H;
          const u: { start: number; end: number; microKwh: number }[] = [];
          let t = from;
          for (const [len, gap, wh] of rows) {
            t += gap * 60_000;
            u.push({ start: t, end: t + len * 60_000, microKwh: wh * 1000 + 7 });
            t += len * 60_000;
          }
          const to = t + H;
          const compiled = comps.map((c) => compileComponent(c, zone));
          // Time in a gap between trf_a's bands has no known price: it is left out of the money.
          const prices = computePrices({ zone, from, to, direction: 'IMPORT', components: compiled, breakdown: true });
          const priced = prices.filter((p) => !p.components?.some((c) => c.rate === null));
          const series: UsageSeries = {
            starts: Float64Array.from(u.map((x) => x.start)),
            ends: Float64Array.from(u.map((x) => x.end)),
            microKwh: Float64Array.from(u.map((x) => x.microKwh)),
          };
          const r = computeCost({ zone, from, to, direction: 'IMPORT', components: compiled }, series, [from, to]);
          expect(r.micro).toBe(referenceMicro(priced, u));
          expect(r.periods[0]!.micro).toBe(r.micro);
          const gapMicroKwh = u.reduce(
            (n, x) =>
              n +
              prices
                .filter((p) => !priced.includes(p))
                .reduce(
                  (m, p) =>
                    m +
                    (x.microKwh * Math.max(0, Math.min(x.end, p.to) - Math.max(x.start, p.from))) / (x.end - x.start),
                  0,
                ),
            0,
          );
          expect(Math.abs(r.unpricedMicroKwh - gapMicroKwh)).toBeLessThanOrEqual(1);
          // The gap holder costs what it costs alone; the parts add up to the whole within their roundings.
          r.components.slice(0, 1).forEach((c, k) => {
            const alone = computeCost({ zone, from, to, direction: 'IMPORT', components: [compiled[k]!] }, series, [
              from,
              to,
            ]);
            expect(c.micro).toBe(alone.micro);
          });
          expect(Math.abs(r.components.reduce((x, c) => x + c.micro, 0) - r.micro)).toBeLessThanOrEqual(1);
        },
      ),
      { seed: 20261125, numRuns: 120 },
    );
  });
});

describe('many distinct interval lengths', () => {
  it('past 256 distinct durations meeting price changes, the total still equals the exact sum', () => {
    // Quarter-hourly prices that change every 15 minutes; 300 intervals of 300 different lengths.
    const from = Date.parse('2026-06-01T00:00:00Z');
    const values = Array.from({ length: 2000 }, (_, i) => 0.1 + ((i * 37) % 100) / 1000);
    const series = seriesFrom(
      values.map((v, i) => ({ start: from + i * 900_000, end: from + (i + 1) * 900_000, value: v })),
    );
    const market = component(
      daily([['00:00:00', '00:00:00', 0]]).map((e) => ({
        ...e,
        days_and_hours: e.days_and_hours.map((d) => ({ ...d, hours: d.hours.map((x) => ({ ...x, rate: [{}] })) })),
      })),
      { market_rates: true },
    );
    const u: { start: number; end: number; microKwh: number }[] = [];
    let t = from + 7_000;
    for (let i = 0; i < 300; i++) {
      const len = 900_000 + i * 1_001;
      u.push({ start: t, end: t + len, microKwh: 123_457 + i * 7_919 });
      t += len;
    }
    const to = from + 2000 * 900_000;
    const compiled = [compileComponent(market, 'UTC')];
    const prices = computePrices({ zone: 'UTC', from, to, direction: 'IMPORT', components: compiled, market: series });
    const series2: UsageSeries = {
      starts: Float64Array.from(u.map((x) => x.start)),
      ends: Float64Array.from(u.map((x) => x.end)),
      microKwh: Float64Array.from(u.map((x) => x.microKwh)),
    };
    const r = computeCost(
      { zone: 'UTC', from, to, direction: 'IMPORT', components: compiled, market: series },
      series2,
      [from, to],
    );
    expect(r.micro).toBe(referenceMicro(prices, u));
  });
});

describe('usage profiles laid on local time', () => {
  it('lists the country households, EV overnight and heat pump, each summing to 1 over the reference year', () => {
    expect(usageShapes().map((s) => [s.name, s.slots])).toEqual([
      ['bdew_h0', 96],
      ['elexon_pc1', 48],
      ['aemo_nslp', 48],
      ['ercot_residential', 96],
      ['no_household', 96],
      ['ev_overnight', 96],
      ['heat_pump', 96],
    ]);
    for (const s of usageShapes()) {
      let sum = 0;
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 24 * H) {
        const d = new Date(t);
        const w =
          s.weights[s.seasonOf(d.getUTCMonth() + 1, d.getUTCDate())]![dayTypeOf(((d.getUTCDay() + 6) % 7) + 1)]!;
        expect(w.length).toBe(s.slots);
        sum += w.reduce((a, b) => a + b, 0);
      }
      expect(sum).toBeCloseTo(1, 12);
    }
  });

  it('a local calendar year holds kwh_per_year: 92 quarter hours on the spring day, 100 on the autumn day', () => {
    const shape = usageShape('bdew_h0')!;
    const from = local('2026-01-01T00:00');
    const to = local('2027-01-01T00:00');
    const u = layProfile(shape, BERLIN, from, to, 3500);
    expect(u.starts.length).toBe(365 * 96);
    const total = u.microKwh.reduce((a, b) => a + b, 0);
    // Each interval is rounded to the micro-kWh: at most half a micro-kWh each away from exact.
    expect(Math.abs(total - 3500e6)).toBeLessThanOrEqual(u.starts.length / 2);
    const count = (a: string, b: string) => {
      const lo = local(a);
      const hi = local(b);
      return u.starts.filter((t) => t >= lo && t < hi).length;
    };
    expect(count('2026-03-29T00:00', '2026-03-30T00:00')).toBe(92);
    expect(count('2026-10-25T00:00', '2026-10-26T00:00')).toBe(100);
    // Contiguous and in order.
    for (let i = 1; i < u.starts.length; i++) expect(u.starts[i]).toBe(u.ends[i - 1]);
  });

  it('half hours for Elexon PC1 in London; a window cut mid-interval keeps its part', () => {
    const shape = usageShape('elexon_pc1')!;
    const zone = 'Europe/London';
    const from = local('2026-07-01T00:10', zone);
    const to = local('2026-07-02T00:00', zone);
    const u = layProfile(shape, zone, from, to, 3100);
    expect(u.starts.length).toBe(48);
    expect(u.ends[0]! - u.starts[0]!).toBe(20 * 60_000);
    const full = layProfile(shape, zone, local('2026-07-01T00:00', zone), to, 3100);
    expect(u.microKwh[0]).toBe(Math.round((full.microKwh[0]! * 2) / 3));
  });

  it.each([
    ['aemo_nslp', 'AU', 'Australia/Sydney', '2026-10-04', '2026-04-05'],
    ['ercot_residential', 'US', 'America/Chicago', '2026-03-08', '2026-11-01'],
    ['no_household', 'NO', 'Europe/Oslo', '2026-03-29', '2026-10-25'],
  ])(
    '%s (%s) in %s: a local year holds kwh_per_year; short and long days drop and repeat an hour',
    (name, country, zone, short, long) => {
      const shape = usageShape(name)!;
      expect(shape.country).toBe(country);
      expect(shape.source.length).toBeGreaterThan(40);
      const u = layProfile(shape, zone, local('2026-01-01T00:00', zone), local('2027-01-01T00:00', zone), 5000);
      const perHour = 60 / shape.interval_minutes;
      expect(u.starts.length).toBe(365 * 24 * perHour);
      const total = u.microKwh.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - 5000e6)).toBeLessThanOrEqual(u.starts.length / 2);
      const count = (day: string) => {
        const lo = local(`${day}T00:00`, zone);
        const hi = DateTime.fromISO(day, { zone }).plus({ days: 1 }).toMillis();
        return u.starts.filter((t) => t >= lo && t < hi).length;
      };
      expect(count(short)).toBe(23 * perHour);
      expect(count(long)).toBe(25 * perHour);
      for (let i = 1; i < u.starts.length; i++) expect(u.starts[i]).toBe(u.ends[i - 1]);
    },
  );

  /** kWh of a profile at `zone` over local `[from, to)` on `day`, on `kwh` a year. */
  const energy = (name: string, zone: string, day: string, from = '00:00', to = '24:00', kwh = 4000) => {
    const start = DateTime.fromISO(`${day}T00:00`, { zone });
    const at = (hm: string) => start.plus({ hours: Number(hm.slice(0, 2)), minutes: Number(hm.slice(3)) }).toMillis();
    const u = layProfile(usageShape(name)!, zone, at(from), at(to), kwh);
    return u.microKwh.reduce((a, b) => a + b, 0) / 1e6;
  };

  it('Australia’s seasons are the southern hemisphere’s: January is summer, with cooling afternoons; July’s evenings peak', () => {
    const shape = usageShape('aemo_nslp')!;
    expect(shape.seasons[shape.seasonOf(1, 15)]!.name).toBe('summer');
    expect(shape.seasons[shape.seasonOf(2, 29)]!.name).toBe('summer');
    expect(shape.seasons[shape.seasonOf(7, 15)]!.name).toBe('winter');
    const zone = 'Australia/Sydney';
    // Wednesdays: the same day type.
    expect(energy('aemo_nslp', zone, '2026-01-14', '13:00', '17:00')).toBeGreaterThan(
      1.1 * energy('aemo_nslp', zone, '2026-07-15', '13:00', '17:00'),
    );
    expect(energy('aemo_nslp', zone, '2026-07-15', '17:00', '20:00')).toBeGreaterThan(
      energy('aemo_nslp', zone, '2026-01-14', '17:00', '20:00'),
    );
    // Autumn and spring sit below both summer and winter.
    const october = energy('aemo_nslp', zone, '2026-10-14');
    expect(energy('aemo_nslp', zone, '2026-01-14')).toBeGreaterThan(october);
    expect(energy('aemo_nslp', zone, '2026-07-15')).toBeGreaterThan(october);
  });

  it('Texas households peak in summer: a July evening uses far more than an April one, a July day more than a January day', () => {
    const zone = 'America/Chicago';
    expect(energy('ercot_residential', zone, '2026-07-15', '16:00', '20:00')).toBeGreaterThan(
      1.4 * energy('ercot_residential', zone, '2026-04-15', '16:00', '20:00'),
    );
    expect(energy('ercot_residential', zone, '2026-07-15')).toBeGreaterThan(
      1.3 * energy('ercot_residential', zone, '2026-01-14'),
    );
    // Weekends are their own day type: a Saturday morning rises later than a Wednesday's.
    expect(energy('ercot_residential', zone, '2026-07-18', '10:00', '13:00')).toBeGreaterThan(
      energy('ercot_residential', zone, '2026-07-15', '10:00', '13:00'),
    );
  });

  it('a Norwegian household heats with electricity: a January day uses far more than a July day', () => {
    const zone = 'Europe/Oslo';
    expect(energy('no_household', zone, '2026-01-14')).toBeGreaterThan(
      2.5 * energy('no_household', zone, '2026-07-15'),
    );
    // The winter night stays high (heating), far above the summer night.
    expect(energy('no_household', zone, '2026-01-14', '01:00', '05:00')).toBeGreaterThan(
      2.5 * energy('no_household', zone, '2026-07-15', '01:00', '05:00'),
    );
  });

  it('a location’s country picks its household profile; other countries get bdew_h0, never a generic shape', () => {
    const list = usageShapes();
    const pick = (c: string | null | undefined) => profileForCountry(list, c)?.name;
    expect(pick('DE')).toBe('bdew_h0');
    expect(pick('GB')).toBe('elexon_pc1');
    expect(pick('AU')).toBe('aemo_nslp');
    expect(pick('US')).toBe('ercot_residential');
    expect(pick('NO')).toBe('no_household');
    // Country codes are accepted in either case by the location schema.
    expect(pick('us')).toBe('ercot_residential');
    // Luxembourg shares the German market region but has no profile of its own.
    expect(pick('LU')).toBe('bdew_h0');
    expect(pick(null)).toBe('bdew_h0');
    expect(pick(undefined)).toBe('bdew_h0');
    // Every country with a profile gets one made for it.
    for (const s of list) if (s.country) expect(pick(s.country)).toBe(s.name);
    // Without bdew_h0 in the list: the first listed.
    expect(profileForCountry(list.slice(1), 'FR')?.name).toBe('elexon_pc1');
  });

  it('the seasons carry the heat pump’s year: a winter day uses more than a summer day', () => {
    const shape = usageShape('heat_pump')!;
    const day = (iso: string) =>
      layProfile(shape, BERLIN, local(`${iso}T00:00`), local(`${iso}T00:00`) + 24 * H, 4000).microKwh.reduce(
        (a, b) => a + b,
        0,
      );
    expect(day('2026-01-14')).toBeGreaterThan(3 * day('2026-07-15'));
  });
});

describe('usage timestamps read by hand agree with luxon', () => {
  it('on random RFC 3339 strings, offsets and fractions included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }),
        fc.integer({ min: -14 * 4, max: 14 * 4 }).map((q) => q * 15),
        fc.constantFrom('', '.5', '.123', '.123456789'),
        fc.boolean(),
        (ms, offset, frac, zulu) => {
          const dt = DateTime.fromMillis(Math.floor(ms / 1000) * 1000, {
            zone: zulu ? 'UTC' : FixedOffsetZone.instance(offset),
          });
          const base = dt.toFormat("yyyy-MM-dd'T'HH:mm:ss");
          const s = base + frac + (zulu ? 'Z' : dt.toFormat('ZZ'));
          expect(rfc3339Shape(s)).toBe(true);
          expect(realDateTime(s)).toBe(true);
          expect(instantOf(s)).toBe(DateTime.fromISO(s, { setZone: true }).toMillis());
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('refuses impossible dates and malformed shapes', () => {
    for (const s of ['2026-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T00:60:00Z']) {
      expect(rfc3339Shape(s)).toBe(true);
      expect(realDateTime(s)).toBe(false);
    }
    expect(realDateTime('2028-02-29T00:00:00+01:00')).toBe(true);
    for (const s of [
      '2026-01-01 00:00:00Z',
      '2026-01-01T00:00:00',
      '2026-01-01T00:00:00.Z',
      '2026-01-01T00:00:00+0100',
    ])
      expect(rfc3339Shape(s)).toBe(false);
  });
});
