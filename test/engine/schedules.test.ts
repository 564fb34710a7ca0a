import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computePrices } from '../../core/engine/pricing/engine.js';
import { seriesFrom } from '../../core/engine/pricing/market.js';
import type { PriceInterval, PricingComponent } from '../../core/engine/pricing/types.js';
import type { Schedule } from '../../core/engine/schemas/schedule.js';
import { formatTimeOfDay } from '../../core/engine/schedule/names.js';
import { scheduleByDuration } from '../../core/engine/pricing/schedules/duration.js';
import { scheduleByLimit } from '../../core/engine/pricing/schedules/limit.js';
import { scheduleByAmount, type DeviceNeed } from '../../core/engine/pricing/schedules/amount.js';
import { allDayRate, component, daily, H, price, writeDigest } from './support.js';
import { bruteAmount, bruteDuration, bruteLimit, joined, slotsOf } from './schedule-reference.js';

const M = 60_000;
const T0 = Date.parse('2026-05-04T00:00:00Z');
/** Hourly intervals from T0 at the given prices (confidence 1 unless given). */
const hourly = (values: number[], conf: number[] = []): PriceInterval[] =>
  values.map((value, i) => ({ from: T0 + i * H, to: T0 + (i + 1) * H, value, confidence: conf[i] ?? 1 }));
const span = (p: { from: number; to: number }) => [(p.from - T0) / M, (p.to - T0) / M];

describe('schedule by duration', () => {
  it('takes the cheapest hours, equal prices earlier first, the last one in part from its start', () => {
    const ivs = hourly([0.3, 0.1, 0.2, 0.1, 0.2, 0.3]);
    const r = scheduleByDuration(ivs, 'LOW', 150 * M);
    if ('unreachable' in r) throw new Error('unreachable');
    // Both 0.1 hours whole, then the earlier 0.2 hour, its first half.
    expect(r.periods.map(span)).toEqual([
      [60, 150],
      [180, 240],
    ]);
    expect(r.periods[0]).toMatchObject({ average: 0.13333, confidence: 1 });
    expect(r.periods[1]).toMatchObject({ average: 0.1 });
  });

  it('HIGH takes the dearest; touching chosen intervals merge into one period', () => {
    const ivs = hourly([0.3, 0.4, 0.1, 0.4]);
    const r = scheduleByDuration(ivs, 'HIGH', 180 * M);
    if ('unreachable' in r) throw new Error('unreachable');
    expect(r.periods.map(span)).toEqual([
      [0, 120],
      [180, 240],
    ]);
    expect(r.periods[0]!.average).toBe(0.35);
  });

  it('never picks time of unknown price, and says how much is known when the duration does not fit', () => {
    const ivs = hourly([0, 0.2, 0.3], [0, 1, 0.5]);
    const r = scheduleByDuration(ivs, 'LOW', 90 * M);
    if ('unreachable' in r) throw new Error('unreachable');
    expect(r.periods.map(span)).toEqual([[60, 150]]);
    expect(r.periods[0]!.confidence).toBe(0.5);
    expect(scheduleByDuration(ivs, 'LOW', 121 * M)).toEqual({ unreachable: { availableMs: 120 * M } });
  });

  it('counts the local night of the autumn clock change by its real length (Berlin, 25 hours)', () => {
    // 0.10 from 00:00 to 04:00 local: on 25 October 2026 that is five real hours.
    const comps = [
      component(
        daily([
          ['00:00:00', '04:00:00', 0.1],
          ['04:00:00', '00:00:00', 0.3],
        ]),
      ),
    ];
    const ivs = price('Europe/Berlin', '2026-10-24T20:00:00Z', '2026-10-25T12:00:00Z', comps);
    const r = scheduleByDuration(ivs, 'LOW', 300 * M);
    if ('unreachable' in r) throw new Error('unreachable');
    expect(r.periods.map((p) => [new Date(p.from).toISOString(), new Date(p.to).toISOString()])).toEqual([
      ['2026-10-24T22:00:00.000Z', '2026-10-25T03:00:00.000Z'],
    ]);
    expect(r.periods[0]!.average).toBe(0.1);
  });
});

describe('schedule by limit', () => {
  const ivs = hourly([0.3, 0.1, 0.2, 0.1, 0.25, 0.4]);
  it('relative: min + r·(max − min) for LOW, max − r·(max − min) for HIGH', () => {
    const low = scheduleByLimit(ivs, 'LOW', { relative: 1 / 3 });
    expect(low.limit).toBeCloseTo(0.2, 12);
    expect(low.periods.map(span)).toEqual([[60, 240]]);
    expect(low.durationMs).toBe(180 * M);
    const high = scheduleByLimit(ivs, 'HIGH', { relative: 0.5 });
    expect(high.limit).toBeCloseTo(0.25, 12);
    expect(high.periods.map(span)).toEqual([
      [0, 60],
      [240, 360],
    ]);
  });
  it('absolute, and both (an interval must meet both); nothing met is an empty answer', () => {
    expect(scheduleByLimit(ivs, 'LOW', { absolute: 0.1 }).periods.map(span)).toEqual([
      [60, 120],
      [180, 240],
    ]);
    const both = scheduleByLimit(ivs, 'LOW', { absolute: 0.25, relative: 1 / 3 });
    expect(both.periods.map(span)).toEqual([[60, 240]]);
    const none = scheduleByLimit(ivs, 'LOW', { absolute: 0.05 });
    expect(none).toMatchObject({ periods: [], durationMs: 0, limit: 0.05 });
  });
  it('the range of a relative limit is that of the known prices only', () => {
    const r = scheduleByLimit(hourly([0, 0.2, 0.4], [0, 1, 1]), 'LOW', { relative: 0 });
    expect(r.limit).toBe(0.2);
    expect(r.periods.map(span)).toEqual([[60, 120]]);
  });
});

describe('schedule by amount', () => {
  const ivs = hourly([0.3, 0.1, 0.2, 0.1, 0.2, 0.3, 0.4, 0.4]);
  const need = (energyWh: number, powerW: number, from = 0, to = 8): DeviceNeed => ({
    from: T0 + from * H,
    to: T0 + to * H,
    powerW,
    energyWh,
  });

  it('fills the cheapest hours at full power; the last part from its start, to the whole second', () => {
    const r = scheduleByAmount({ intervals: ivs, direction: 'IMPORT', devices: [need(10_000, 7000)] });
    if ('unreachable' in r) throw new Error('unreachable');
    const plan = r.plans[0]!;
    // 7 kWh in each 0.1 hour: 14 kWh > 10, so 1 h at 01:00 and 3/7 h (25 min 42.857 s → 43 s) at 03:00.
    expect(plan.runs.map((x) => [...span(x), x.powerW])).toEqual([
      [60, 120, 7000],
      [180, 180 + 25 + 43 / 60, 7000],
    ]);
    expect(plan.money).toBeCloseTo(1.0, 12);
    // At once from 00:00: 7 kWh at 0.3, 3 kWh at 0.1.
    expect(plan.baseline).toBeCloseTo(2.4, 12);
  });

  it('keeps the devices under the location limit at every instant, served in order', () => {
    const r = scheduleByAmount({
      intervals: ivs,
      direction: 'IMPORT',
      maxPowerW: 10_000,
      devices: [need(14_000, 7000), need(9_000, 7000)],
    });
    if ('unreachable' in r) throw new Error('unreachable');
    const [a, b] = r.plans as [(typeof r.plans)[0], (typeof r.plans)[0]];
    expect(a.runs.map((x) => [...span(x), x.powerW])).toEqual([
      [60, 120, 7000],
      [180, 240, 7000],
    ]);
    // The second gets 3 kW in both cheap hours (6 kWh), then the earlier 0.2 hour at 7 kW for the rest.
    expect(b.runs.map((x) => [...span(x), x.powerW])).toEqual([
      [60, 120, 3000],
      [120, 120 + 25 + 43 / 60, 7000],
      [180, 240, 3000],
    ]);
  });

  it('leaves out prices beyond the shaving threshold, and names the device that cannot get its energy', () => {
    const r = scheduleByAmount({
      intervals: ivs,
      direction: 'IMPORT',
      shaving: { absolute: 0.15 },
      devices: [need(14_000, 7000), need(1, 7000, 6, 8)],
    });
    expect(r).toEqual({ unreachable: { index: 1, maxWh: 0 } });
    const r2 = scheduleByAmount({
      intervals: ivs,
      direction: 'IMPORT',
      shaving: { relative: 0 },
      devices: [need(15_000, 7000)],
    });
    expect(r2).toEqual({ unreachable: { index: 0, maxWh: 14_000 } });
  });

  it('selling fills the dearest time first; savings are against selling at once', () => {
    const r = scheduleByAmount({ intervals: ivs, direction: 'EXPORT', devices: [need(7000, 7000)] });
    if ('unreachable' in r) throw new Error('unreachable');
    expect(r.plans[0]!.runs.map(span)).toEqual([[360, 420]]);
    expect(r.plans[0]!.money).toBeCloseTo(2.8, 12);
    expect(r.plans[0]!.baseline).toBeCloseTo(2.1, 12);
  });
});

// ---------------------------------------------------------------------------------------------
// Against the brute force, on small random tariffs (market ones among them) across clock changes.

const ZONES = ['Europe/Berlin', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'UTC'];
/** Instants near the 2026 clock changes of those zones. */
const ANCHORS = [
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
  '2026-04-04T15:00:00Z',
  '2026-10-03T15:30:00Z',
].map(Date.parse);
/** Few distinct prices, so ties are common. */
const PRICES = [0.1, 0.2, 0.2, 0.25, 0.3];

const bands = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 47 }), { minLength: 2, maxLength: 5 }),
    fc.array(fc.constantFrom(...PRICES), { minLength: 5, maxLength: 5 }),
  )
  .map(([cuts, rates]): Schedule => {
    const q = [...cuts].sort((a, b) => a - b);
    const at = (k: number) => formatTimeOfDay(q[k % q.length]! * 1800);
    return daily(q.map((_, k) => [at(k), at(k + 1), rates[k]!] as [string, string, number]));
  });

const caseArb = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    anchor: fc.constantFrom(...ANCHORS),
    shift: fc.integer({ min: -24, max: 24 }).map((q) => q * 15 * M),
    odd: fc.constantFrom(0, 0, 17_000),
    hours: fc.integer({ min: 2, max: 8 }),
    market: fc.boolean(),
    resolution: fc.constantFrom(30, 60),
    marketValues: fc.array(fc.constantFrom(0.05, 0.1, 0.1, 0.15), { minLength: 24, maxLength: 24 }),
    schedule: bands,
    contractFrom: fc.integer({ min: -8, max: 1 }).map((q) => q * 30 * M),
    contractTo: fc.integer({ min: -2, max: 8 }).map((q) => q * 30 * M),
  })
  .map((c) => {
    const from = c.anchor + c.shift + c.odd;
    const windowTo = from + c.hours * H;
    const comps: PricingComponent[] = [
      component(c.schedule, {
        contract_start_date: new Date(from + c.contractFrom).toISOString(),
        contract_end_date: new Date(windowTo + c.contractTo).toISOString(),
      }),
    ];
    if (c.market)
      comps.push(
        component(allDayRate([{ surcharge_fixed: 0.05 }]), {
          id: 'trf_m',
          type: 'NON_COMMODITY',
          market_rates: true,
          contract_start_date: '2026-01-01T00:00:00Z',
          contract_end_date: '2027-01-01T00:00:00Z',
        }),
      );
    // Published from a week before the window into it (the rest is estimated, at a lower confidence).
    const step = c.resolution * M;
    const mStart = Math.floor(from / step) * step - 7 * 24 * H;
    const count = Math.floor((from - mStart) / step) + c.hours * 2;
    const market = seriesFrom(
      Array.from({ length: count }, (_, i) => ({
        start: mStart + i * step,
        end: mStart + (i + 1) * step,
        value: c.marketValues[i % 24]!,
      })),
    );
    const all = computePrices({
      zone: c.zone,
      from,
      to: windowTo,
      direction: 'IMPORT',
      components: comps.map((x) => compileComponent(x, c.zone)),
      market,
    });
    // At most a dozen intervals, so every subset can be tried: the window ends after the twelfth.
    const intervals = all.slice(0, 12);
    return { zone: c.zone, from, to: intervals[intervals.length - 1]!.to, intervals };
  });

const RUNS = Number(process.env.SCHEDULE_PROPERTY_RUNS ?? 150);
const SEED = Number(process.env.SCHEDULE_PROPERTY_SEED ?? 20260428);

const limitsArb = fc.record(
  {
    absolute: fc.constantFrom(0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.27),
    relative: fc.constantFrom(0, 0.25, 0.5, 1, 0.37),
  },
  { requiredKeys: [] },
);

const devicesArb = fc.array(
  fc.record({
    start: fc.double({ min: 0, max: 0.6, noNaN: true }),
    length: fc.double({ min: 0.2, max: 1, noNaN: true }),
    powerW: fc.constantFrom(1000, 3000, 7000, 7400.5),
    fill: fc.double({ min: 0.05, max: 1.1, noNaN: true }),
  }),
  { minLength: 1, maxLength: 3 },
);

/** The devices of a case, each inside the window on whole seconds. */
function devicesOf(
  c: { from: number; to: number },
  ds: { start: number; length: number; powerW: number; fill: number }[],
) {
  const len = c.to - c.from;
  return ds.map((d) => {
    const from = c.from + Math.floor((d.start * len) / 1000) * 1000;
    const to = Math.min(c.to, from + Math.max(60_000, Math.floor((d.length * len) / 1000) * 1000));
    // Energy as a share of what the window holds at full power: beyond 1, some cannot fit.
    const energyWh = Math.max(1, Math.round(((d.powerW * (to - from)) / 3.6e6) * d.fill * 0.6));
    return { from, to, powerW: d.powerW, energyWh };
  });
}

describe('the schedules against the brute force', () => {
  it('by duration: the best price sum, ties earlier first, across clock changes and market tariffs', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        caseArb,
        fc.constantFrom('LOW', 'HIGH'),
        fc.double({ min: 0.01, max: 1.1, noNaN: true }),
        (c, segment, share) => {
          const minutes = Math.max(1, Math.round((share * (c.to - c.from)) / M));
          const r = scheduleByDuration(c.intervals, segment as 'LOW' | 'HIGH', minutes * M);
          const ref = bruteDuration(c.intervals, segment as 'LOW' | 'HIGH', minutes * M);
          if (ref === null) return 'unreachable' in r;
          if ('unreachable' in r) return false;
          checked++;
          expect(r.periods.map((p) => ({ from: p.from, to: p.to }))).toEqual(joined(ref));
          // Each period's average and confidence, from the intervals it covers.
          for (const p of r.periods) {
            let money = 0;
            let conf = 1;
            for (const iv of c.intervals) {
              const ms = Math.min(iv.to, p.to) - Math.max(iv.from, p.from);
              if (ms <= 0) continue;
              money += iv.value * ms;
              conf = Math.min(conf, iv.confidence);
            }
            expect(p.average).toBeCloseTo(money / (p.to - p.from), 5);
            expect(p.confidence).toBe(conf);
          }
          return true;
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(checked).toBeGreaterThan(RUNS / 2);
  });

  it('by limit: every known interval that meets the thresholds, and no other', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom('LOW', 'HIGH'), limitsArb, (c, segment, t) => {
        fc.pre(t.absolute !== undefined || t.relative !== undefined);
        const r = scheduleByLimit(c.intervals, segment as 'LOW' | 'HIGH', t);
        const ref = bruteLimit(c.intervals, segment as 'LOW' | 'HIGH', t);
        expect(r.periods.map((p) => ({ from: p.from, to: p.to }))).toEqual(ref);
        expect(r.durationMs).toBe(ref.reduce((n, p) => n + p.to - p.from, 0));
        return true;
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('by amount: each device optimal given the ones before it, within its power and the location limit', () => {
    let devicesChecked = 0;
    let unreachable = 0;
    fc.assert(
      fc.property(
        caseArb,
        devicesArb,
        fc.constantFrom(undefined, 5000, 8000, 10_000),
        fc.option(limitsArb, { nil: undefined }),
        fc.constantFrom('IMPORT', 'EXPORT'),
        (c, ds, maxPowerW, shaving, direction) => {
          const devices = devicesOf(c, ds);
          const sell = direction === 'EXPORT';
          const r = scheduleByAmount({
            intervals: c.intervals,
            direction: direction as 'IMPORT' | 'EXPORT',
            maxPowerW,
            shaving,
            devices,
          });
          // Devices are served in order: those before an unreachable one are planned as if it were absent.
          const earlier =
            'plans' in r
              ? r
              : scheduleByAmount({
                  intervals: c.intervals,
                  direction: direction as 'IMPORT' | 'EXPORT',
                  maxPowerW,
                  shaving,
                  devices: devices.slice(0, r.unreachable.index),
                });
          if (!('plans' in earlier)) throw new Error('the devices before an unreachable one fit');
          const plans = earlier.plans;
          const upTo = 'plans' in r ? devices.length : r.unreachable.index + 1;
          const before: { from: number; to: number; powerW: number }[] = [];
          for (let i = 0; i < upTo; i++) {
            const d = devices[i]!;
            const slots = slotsOf(c.intervals, d, before, { maxPowerW, shaving, sell });
            const ref = bruteAmount(slots, d.energyWh, sell);
            if ('unreachable' in r && i === r.unreachable.index) {
              expect('maxWh' in ref).toBe(true);
              if ('maxWh' in ref) expect(r.unreachable.maxWh).toBeCloseTo(ref.maxWh, 6);
              unreachable++;
              break;
            }
            if (!('money' in ref)) throw new Error(`device ${i}: the brute force finds it cannot fit`);
            const plan = plans[i];
            expect(plan).toBeDefined();
            devicesChecked++;
            // As good as the best choice there is.
            expect(plan!.money).toBeCloseTo(ref.money, 9);
            checkFeasible(plan!.pieces, d, before, slots, maxPowerW);
            checkEarlierFirst(plan!.pieces, slots);
            before.push(...plan!.pieces.map((p) => ({ from: p.from, to: p.to, powerW: p.powerW })));
          }
          return true;
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(devicesChecked).toBeGreaterThan(RUNS);
    expect(unreachable).toBeGreaterThan(0);
  });

  it('writes a digest of its answers so runs under different process time zones can be compared', () => {
    const cases = fc.sample(fc.tuple(caseArb, devicesArb), { numRuns: 60, seed: 11 });
    const digest = createHash('sha256');
    for (const [c, ds] of cases)
      for (const segment of ['LOW', 'HIGH'] as const) {
        digest.update(JSON.stringify(scheduleByDuration(c.intervals, segment, 90 * M)));
        digest.update(JSON.stringify(scheduleByLimit(c.intervals, segment, { relative: 0.3 })));
        digest.update(
          JSON.stringify(
            scheduleByAmount({
              intervals: c.intervals,
              direction: segment === 'LOW' ? 'IMPORT' : 'EXPORT',
              maxPowerW: 8000,
              devices: devicesOf(c, ds),
            }),
          ),
        );
      }
    writeDigest('schedule-digest', cases.length, digest.digest('hex'));
  });
});

/** A plan's pieces inside the window, at most the device's power, the location limit kept, the energy moved. */
function checkFeasible(
  pieces: { from: number; to: number; powerW: number }[],
  d: { from: number; to: number; powerW: number; energyWh: number },
  before: { from: number; to: number; powerW: number }[],
  slots: { from: number; to: number; power: number }[],
  maxPowerW: number | undefined,
) {
  let wms = 0;
  for (const p of pieces) {
    expect(p.from).toBeGreaterThanOrEqual(d.from);
    expect(p.to).toBeLessThanOrEqual(d.to);
    expect(p.powerW).toBeLessThanOrEqual(d.powerW);
    wms += p.powerW * (p.to - p.from);
    // Only where the device may draw, and no more than the slot allows.
    for (const s of slots) {
      if (Math.min(s.to, p.to) <= Math.max(s.from, p.from)) continue;
      expect(p.powerW).toBeLessThanOrEqual(s.power + 1e-3);
    }
    if (maxPowerW !== undefined) {
      const used = before.filter((b) => b.from < p.to && b.to > p.from);
      for (const b of used) expect(b.powerW + p.powerW).toBeLessThanOrEqual(maxPowerW + 1e-3);
    }
  }
  const need = d.energyWh * 3.6e6;
  expect(wms).toBeGreaterThanOrEqual(need * (1 - 1e-9));
  // The last part is rounded up to the whole second, no more.
  expect(wms - need).toBeLessThan(d.powerW * 1000 + 1e-3);
}

/** Equal prices go earlier first: no slot with room to spare lies before a used slot of the same price. */
function checkEarlierFirst(
  pieces: { from: number; to: number; powerW: number }[],
  slots: { from: number; to: number; p: number; power: number }[],
) {
  const usedIn = (s: { from: number; to: number }) =>
    pieces.reduce((t, p) => t + p.powerW * Math.max(0, Math.min(s.to, p.to) - Math.max(s.from, p.from)), 0);
  const room = slots.map((s) => ({ s, spare: s.power * (s.to - s.from) - usedIn(s), used: usedIn(s) }));
  for (const a of room)
    for (const b of room)
      if (a.s.p === b.s.p && a.spare > 1e-3 * (a.s.to - a.s.from) && b.used > 1e-6 && a.s.from < b.s.from)
        throw new Error(
          `spare time at ${new Date(a.s.from).toISOString()} before used time at ${new Date(b.s.from).toISOString()} of the same price`,
        );
}
