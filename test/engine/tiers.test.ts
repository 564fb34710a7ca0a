import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computeCost, type UsageSeries } from '../../core/engine/pricing/cost.js';
import { periodBounds } from '../../core/engine/pricing/local-days.js';
import { seriesFrom } from '../../core/engine/pricing/market.js';
import type { MarketSeries, PricingComponent } from '../../core/engine/pricing/types.js';
import type { Rate, Schedule } from '../../core/engine/schemas/schedule.js';
import { answerDigest, component, H, SECOND_ZONE } from './support.js';
import { referenceTieredCost } from './tier-reference.js';

const MIN = 60_000;

type Row = { start: number; end: number; kwh: number };

function series(rows: Row[]): UsageSeries {
  return {
    starts: Float64Array.from(rows.map((r) => r.start)),
    ends: Float64Array.from(rows.map((r) => r.end)),
    microKwh: Float64Array.from(rows.map((r) => Math.round(r.kwh * 1e6))),
  };
}

function engine(zone: string, comps: PricingComponent[], rows: Row[], from: number, to: number, market?: MarketSeries) {
  const components = comps.map((c) => compileComponent(c, zone));
  const bounds = periodBounds('month', zone, from, to);
  return {
    bounds,
    r: computeCost({ zone, from, to, direction: 'IMPORT', components, market }, series(rows), bounds),
  };
}

const hhmm = (h: number) => `${String(h).padStart(2, '0')}:00:00`;

/** Tiers of one band: 1–3, bounds rising, the last open. */
const tiersArb = (isMarket: boolean) =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 3 }),
      fc.array(fc.integer({ min: 2, max: 60 }), { minLength: 2, maxLength: 2 }),
      fc.array(fc.integer({ min: -500, max: 6000 }), { minLength: 3, maxLength: 3 }),
      fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 3, maxLength: 3 }),
    )
    .map(([n, steps, prices, pcts]): Rate[] => {
      let bound = 0;
      return Array.from({ length: n }, (_, i) => {
        bound += steps[i] ?? 0;
        const price = prices[i]! / 10_000;
        const tier: Rate = isMarket
          ? { surcharge_fixed: price, surcharge_percentage: pcts[i]! / 100 }
          : { fixed: price };
        return i < n - 1 ? { ...tier, to_kwh: bound } : tier;
      });
    });

/** One day's bands from 1–3 cut hours; with `gap`, the last band is left out (time no band covers). */
const bandsArb = (isMarket: boolean) =>
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 3 }),
      fc.array(tiersArb(isMarket), { minLength: 3, maxLength: 3 }),
      fc.boolean(),
    )
    .map(([cuts, rates, gap]) => {
      const hours = [...cuts].sort((a, b) => a - b);
      const bands = hours.map((h, i) => ({
        valid_from: hhmm(h),
        valid_to: hhmm(hours[(i + 1) % hours.length]!),
        rate: rates[i]!,
      }));
      return gap && bands.length > 1 ? bands.slice(0, -1) : bands;
    });

/** A tariff: weekday and weekend bands, in one season or two (summer months named). */
const tariffArb = (id: string, type: 'COMMODITY' | 'NON_COMMODITY', isMarket: boolean) =>
  fc
    .tuple(bandsArb(isMarket), bandsArb(isMarket), fc.boolean(), bandsArb(isMarket))
    .map(([weekday, weekend, seasons, summer]): PricingComponent => {
      const schedule: Schedule = [
        {
          months: ['All'],
          days_and_hours: [
            { days: ['Weekdays'], hours: weekday },
            { days: ['Weekend'], hours: weekend },
          ],
        },
      ];
      if (seasons)
        schedule.push({
          months: ['March', 'April', 'October', 'November'],
          days_and_hours: [{ days: ['All'], hours: summer }],
        });
      return component(schedule, { id, type, market_rates: isMarket });
    });

const ZONES = ['Europe/Berlin', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
/** Window starts a few days before a month's end around clock changes in both hemispheres. */
const STARTS = ['2026-03-27T00:00:00Z', '2026-04-02T07:00:00Z', '2026-10-29T13:00:00Z', '2026-11-28T00:00:00Z'];

/** Usage of one shape from `from`: hourly, quarter-hourly, or irregular lengths with holes. */
function usageOf(shape: number, from: number, n: number, kwh: number[]): Row[] {
  const rows: Row[] = [];
  let t = from;
  for (let i = 0; i < n; i++) {
    const k = kwh[i % kwh.length]!;
    if (shape === 0) rows.push({ start: t, end: (t += H), kwh: k });
    else if (shape === 1) rows.push({ start: t, end: (t += 15 * MIN), kwh: k / 4 });
    else {
      const len = 1 + ((i * 7919) % 180);
      t += ((i * 31) % 4) * 15 * MIN;
      rows.push({ start: t, end: (t += len * MIN), kwh: Math.round((k * len * 1e6) / 60) / 1e6 });
    }
  }
  return rows;
}

function expectClose(engineMicro: number, reference: number, what: string) {
  expect(Math.abs(engineMicro / 1e6 - reference), what).toBeLessThanOrEqual(2e-6 + Math.abs(reference) * 1e-12);
}

describe('tiers in the cost walk, against a minute-by-minute reference', () => {
  const answers = answerDigest('tier-digest');
  afterAll(() => answers.write());
  it('random tiered tariffs, gaps, two tariffs and market surcharges, usage across month ends and clock changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...STARTS),
        tariffArb('trf_a', 'COMMODITY', false),
        fc.option(tariffArb('trf_b', 'NON_COMMODITY', false), { nil: undefined }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        fc.array(
          fc.integer({ min: 0, max: 4000 }).map((w) => w / 1000),
          { minLength: 1, maxLength: 24 },
        ),
        fc.array(fc.integer({ min: -200, max: 3000 }), { minLength: 96, maxLength: 96 }),
        (zone, start, a, b, useMarket, shape, kwh, marketValues) => {
          const from = Date.parse(start);
          const n = shape === 1 ? 24 * 4 * 6 : shape === 0 ? 24 * 6 : 60;
          const rows = usageOf(shape, from, n, kwh);
          const to = rows[rows.length - 1]!.end + H;
          let market: MarketSeries | undefined;
          const comps = [a, ...(b ? [b] : [])];
          if (useMarket) {
            // A market tariff in place of the second: quarter-hour steps, one day repeated.
            const points = [];
            for (let t = from, i = 0; t < to; t += 15 * MIN, i++)
              points.push({ start: t, end: t + 15 * MIN, value: marketValues[i % 96]! / 10_000 });
            market = seriesFrom(points);
            const m = fc.sample(tariffArb('trf_m', 'NON_COMMODITY', true), { seed: kwh.length, numRuns: 1 })[0]!;
            comps.splice(1, 1, m);
          }
          const { r } = engine(zone, comps, rows, from, to, market);
          answers.note(r);
          // Periods (local months) add up to the whole.
          expect(Math.abs(r.periods.reduce((s, p) => s + p.micro, 0) - r.micro)).toBeLessThanOrEqual(r.periods.length);
          if (SECOND_ZONE) return;
          const ref = referenceTieredCost(zone, comps, rows, market);
          expectClose(r.micro, ref.value, 'money');
          expectClose(r.microKwh, ref.kwh, 'energy');
          expectClose(r.unpricedMicroKwh, ref.unpricedKwh, 'unpriced energy');
          expectClose(r.aboveFirstTierMicroKwh, ref.aboveFirstTierKwh, 'energy above the first tier');
        },
      ),
      { seed: 20261128, numRuns: 30 },
    );
  });

  it('a quarter of hourly usage: each month counts from zero, each month as the reference bills it', () => {
    const zone = 'America/Los_Angeles';
    const tiered = component([
      {
        months: ['All'],
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              { valid_from: '16:00:00', valid_to: '21:00:00', rate: [{ fixed: 0.52, to_kwh: 120 }, { fixed: 0.61 }] },
              { valid_from: '21:00:00', valid_to: '16:00:00', rate: [{ fixed: 0.38, to_kwh: 250 }, { fixed: 0.47 }] },
            ],
          },
        ],
      },
    ]);
    const from = DateTime.fromISO('2026-01-01T00:00', { zone }).toMillis();
    const to = DateTime.fromISO('2026-04-01T00:00', { zone }).toMillis();
    const rows: Row[] = [];
    for (let t = from, i = 0; t < to; t += H, i++) rows.push({ start: t, end: t + H, kwh: ((i * 37) % 23) / 10 });
    const { r, bounds } = engine(zone, [tiered], rows, from, to);
    expect(r.periods).toHaveLength(3);
    r.periods.forEach((p, k) => {
      const month = rows.filter((x) => x.start >= bounds[k]! && x.end <= bounds[k + 1]!);
      const ref = referenceTieredCost(zone, [tiered], month);
      expectClose(p.micro, ref.value, `month ${k + 1}`);
      expectClose(p.aboveFirstTierMicroKwh, ref.aboveFirstTierKwh, `month ${k + 1} above the first tier`);
      // Every month goes past both bounds: 330 kWh and more a month.
      expect(p.aboveFirstTierMicroKwh).toBeGreaterThan(0);
    });
    const whole = referenceTieredCost(zone, [tiered], rows);
    expectClose(r.micro, whole.value, 'quarter');
  });

  it('the counter is per tariff and per month, and starts from a given position', () => {
    const zone = 'Europe/Rome';
    const a = component(
      [
        {
          months: ['All'],
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                { valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.2, to_kwh: 10 }, { fixed: 0.3 }] },
              ],
            },
          ],
        },
      ],
      { id: 'trf_a' },
    );
    const fee = component(
      [
        {
          months: ['All'],
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                { valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.05, to_kwh: 4 }, { fixed: 0.01 }] },
              ],
            },
          ],
        },
      ],
      { id: 'trf_b', type: 'NON_COMMODITY' },
    );
    // Five hours of 3 kWh on the last evening of January and five on the first of February.
    const jan = DateTime.fromISO('2026-01-31T19:00', { zone }).toMillis();
    const feb = DateTime.fromISO('2026-02-01T00:00', { zone }).toMillis();
    const rows: Row[] = [];
    for (let i = 0; i < 10; i++) rows.push({ start: jan + i * H, end: jan + (i + 1) * H, kwh: 3 });
    const { r } = engine(zone, [a, fee], rows, jan, jan + 10 * H);
    // January: 15 kWh: a 10 at 0.2 and 5 at 0.3; the fee 4 at 0.05 and 11 at 0.01. February the same.
    const month = 10 * 0.2 + 5 * 0.3 + 4 * 0.05 + 11 * 0.01;
    expect(r.periods.map((p) => p.micro)).toEqual([Math.round(month * 1e6), Math.round(month * 1e6)]);
    expect(r.components.map((c) => c.micro)).toEqual([
      Math.round(2 * (10 * 0.2 + 5 * 0.3) * 1e6),
      Math.round(2 * (4 * 0.05 + 11 * 0.01) * 1e6),
    ]);
    // Above the first tier of at least one: from the fee's 4th kWh each month, 11 kWh.
    expect(r.aboveFirstTierMicroKwh).toBe(22e6);
    // A counter given for January: 8 kWh already counted by the tariff, 3 by the fee.
    const components = [a, fee].map((c) => compileComponent(c, zone));
    const seeded = computeCost(
      { zone, from: jan, to: feb, direction: 'IMPORT', components },
      series(rows.slice(0, 5)),
      [jan, feb],
      new Map([
        [a, 8e6],
        [fee, 3e6],
      ]),
    );
    expect(seeded.micro).toBe(Math.round((2 * 0.2 + 13 * 0.3 + 1 * 0.05 + 14 * 0.01) * 1e6));
  });

  it('time between bands is unpriced: not costed, and not counted by the tariff that has no band then', () => {
    const zone = 'Europe/Berlin';
    const day = component(
      [
        {
          months: ['All'],
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                { valid_from: '08:00:00', valid_to: '20:00:00', rate: [{ fixed: 0.3, to_kwh: 5 }, { fixed: 0.5 }] },
              ],
            },
          ],
        },
      ],
      { id: 'trf_a' },
    );
    const from = DateTime.fromISO('2026-06-10T00:00', { zone }).toMillis();
    const rows: Row[] = [];
    for (let i = 0; i < 24; i++) rows.push({ start: from + i * H, end: from + (i + 1) * H, kwh: 1 });
    const { r } = engine(zone, [day], rows, from, from + 24 * H);
    expect(r.unpricedMicroKwh).toBe(12e6);
    expect(r.micro).toBe(Math.round((5 * 0.3 + 7 * 0.5) * 1e6));
    const ref = referenceTieredCost(zone, [day], rows);
    expectClose(r.micro, ref.value, 'money');
  });
});
