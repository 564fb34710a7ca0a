import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computePrices } from '../../core/engine/pricing/engine.js';
import { seriesFrom } from '../../core/engine/pricing/market.js';
import type { MarketSeries, PricingComponent } from '../../core/engine/pricing/types.js';
import type { Schedule } from '../../core/engine/schemas/schedule.js';
import { Schedule as ScheduleSchema } from '../../core/engine/schemas/schedule.js';
import { formatTimeOfDay } from '../../core/engine/schedule/names.js';
import { referencePrice } from './reference.js';
import { answerDigest, checkInvariants, H, SECOND_ZONE, writeDigest } from './support.js';

const ZONES = [
  'Europe/Berlin',
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/St_Johns',
  'UTC',
];
/** Days near the DST changes of those zones, so random windows meet them often. */
const ANCHORS = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-04',
  '2026-04-05',
  '2026-09-06',
  '2026-09-27',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2026-06-15',
  '2026-12-31',
  '2026-02-28',
].map((d) => Date.parse(d + 'T00:00:00Z'));
const MONTHS = ['January', 'feb', 'MAR', 'April', 'may', 'Jun', 'July', 'aug', 'Sept', 'October', 'nov', 'December'];
const DAYS = ['Monday', 'tue', 'WED', 'Thursday', 'fri', 'Saturday', 'sun', 'Weekday', 'Weekend', 'weekdays'];

const rate = fc.oneof(
  fc.record({ fixed: fc.integer({ min: -5, max: 60 }).map((x) => x / 100) }).map((r) => [r]),
  fc
    .tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }))
    .map(([a, b]) => [{ fixed: a / 100, to_kwh: 100, surcharge_fixed: 0.01 }, { fixed: b / 100 }]),
  fc
    .record({
      fixed: fc.integer({ min: 1, max: 60 }).map((x) => x / 100),
      surcharge_fixed: fc.integer({ min: 0, max: 5 }).map((x) => x / 100),
      surcharge_percentage: fc.integer({ min: 0, max: 20 }).map((x) => x / 100),
    })
    .map((r) => [r]),
);

/** Non-overlapping bands of one day on a 15-minute grid; the last may wrap past midnight; some cut out as gaps. */
const hours = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 95 }), { minLength: 1, maxLength: 5 }),
    fc.boolean(),
    fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    fc.array(rate, { minLength: 6, maxLength: 6 }),
  )
  .map(([cuts, wrap, keep, rates]) => {
    const q = [...cuts].sort((a, b) => a - b);
    const bands: { valid_from: string; valid_to: string; rate: object[] }[] = [];
    if (q.length === 1)
      return [{ valid_from: formatTimeOfDay(q[0]! * 900), valid_to: formatTimeOfDay(q[0]! * 900), rate: rates[0]! }]
        .filter((b) => b.valid_from === '00:00:00' || true)
        .map((b) =>
          b.valid_from === b.valid_to && b.valid_from !== '00:00:00'
            ? { ...b, valid_to: formatTimeOfDay(((q[0]! + 4) % 96) * 900) }
            : b,
        );
    for (let i = 0; i < q.length - 1; i++)
      if (keep[i])
        bands.push({
          valid_from: formatTimeOfDay(q[i]! * 900),
          valid_to: formatTimeOfDay(q[i + 1]! * 900),
          rate: rates[i]!,
        });
    if (wrap || bands.length === 0)
      bands.push({
        valid_from: formatTimeOfDay(q[q.length - 1]! * 900),
        valid_to: formatTimeOfDay(q[0]! * 900),
        rate: rates[5]!,
      });
    return bands;
  });

const schedule: fc.Arbitrary<Schedule> = fc.array(
  fc
    .record({
      months: fc.oneof(fc.constant(['All']), fc.subarray(MONTHS, { minLength: 1, maxLength: 6 })),
      // Dates near the anchors, so named dates meet the windows (and compete with named days) often.
      dates: fc.option(
        fc.subarray([1, 4, 5, 6, 7, 8, 9, 15, 16, 25, 26, 27, 28, 29, 30, 31], { minLength: 1, maxLength: 8 }),
        { nil: undefined },
      ),
      days_and_hours: fc.array(
        fc.record({ days: fc.oneof(fc.constant(['All']), fc.subarray(DAYS, { minLength: 1, maxLength: 3 })), hours }),
        { minLength: 1, maxLength: 2 },
      ),
    })
    .map((e) => (e.dates ? e : { months: e.months, days_and_hours: e.days_and_hours })),
  { minLength: 1, maxLength: 3 },
) as fc.Arbitrary<Schedule>;

const caseArb = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    anchor: fc.constantFrom(...ANCHORS),
    startShift: fc.integer({ min: -36 * 4, max: 36 * 4 }).map((q) => q * 900_000 + 0),
    oddStart: fc.integer({ min: 0, max: 59 }).map((s) => s * 1000),
    hoursLong: fc.integer({ min: 1, max: 72 }),
    comps: fc.array(
      fc.record({
        schedule,
        type: fc.constantFrom('COMMODITY', 'NON_COMMODITY'),
        direction: fc.constantFrom('IMPORT', 'IMPORT', 'EXPORT', undefined),
        market_rates: fc.boolean(),
        startDays: fc.integer({ min: -3, max: 2 }),
        lenDays: fc.integer({ min: 1, max: 8 }),
        bareDates: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    marketHours: fc.integer({ min: 0, max: 48 }),
  })
  .map((c) => {
    const from = c.anchor + c.startShift + c.oddStart;
    const to = from + c.hoursLong * H;
    const iso = (t: number, bare: boolean) =>
      bare ? new Date(t).toISOString().slice(0, 10) : new Date(t).toISOString();
    const comps: PricingComponent[] = c.comps.map((x, i) => ({
      id: `trf_${i}`,
      type: x.type as PricingComponent['type'],
      direction: x.direction as PricingComponent['direction'],
      market_rates: x.market_rates,
      contract_start_date: iso(c.anchor + x.startDays * 24 * H + i * 5 * 900_000, x.bareDates),
      contract_end_date: iso(c.anchor + (x.startDays + x.lenDays) * 24 * H, x.bareDates),
      schedule: x.schedule,
    }));
    // A 15-minute series from eight days before the window to `marketHours` into it.
    const mStart = Math.floor(from / 900_000) * 900_000 - 8 * 24 * H;
    const n = (8 * 24 + c.marketHours) * 4;
    const market: MarketSeries = seriesFrom(
      Array.from({ length: n }, (_, i) => ({
        start: mStart + i * 900_000,
        end: mStart + (i + 1) * 900_000,
        value: Math.round((0.08 + 0.05 * Math.sin(i / 9) + 0.01 * (i % 7)) * 1e5) / 1e5,
      })),
    );
    return { zone: c.zone, from, to, comps, market };
  });

function run(
  c: { zone: string; from: number; to: number; comps: PricingComponent[]; market: MarketSeries },
  direction: 'IMPORT' | 'EXPORT',
) {
  return computePrices({
    zone: c.zone,
    from: c.from,
    to: c.to,
    direction,
    components: c.comps.map((x) => compileComponent(x, c.zone)),
    market: c.market,
  });
}

describe('the engine against the slow reference', () => {
  it('generated schedules are valid tariff schedules', () => {
    fc.assert(
      fc.property(schedule, (s) => ScheduleSchema.safeParse(s).success),
      { numRuns: 300 },
    );
  });

  const answers = answerDigest('property-digest');
  afterAll(() => answers.write());
  it('agrees at every 5-minute instant and at every interval edge, on random zones, schedules and windows', () => {
    let samples = 0;
    fc.assert(
      fc.property(caseArb, fc.constantFrom('IMPORT', 'EXPORT') as fc.Arbitrary<'IMPORT' | 'EXPORT'>, (c, direction) => {
        const out = run(c, direction);
        checkInvariants(out, c.from, c.to);
        answers.note(out);
        if (SECOND_ZONE) return true;
        let k = 0;
        const checkAt = (t: number) => {
          while (out[k]!.to <= t) k++;
          const ref = referencePrice(t, c.zone, direction, c.comps, c.market);
          samples++;
          if (out[k]!.value !== ref.value || out[k]!.confidence !== ref.confidence) {
            throw new Error(
              `at ${new Date(t).toISOString()} (${c.zone}) engine ${JSON.stringify(out[k])} reference ${JSON.stringify(ref)}`,
            );
          }
        };
        const first = Math.ceil(c.from / 300_000) * 300_000;
        for (let t = first; t < c.to; t += 300_000) checkAt(t);
        k = 0;
        for (const iv of out) {
          checkAt(iv.from);
          checkAt(iv.to - 1);
        }
        return true;
      }),
      {
        numRuns: Number(process.env.ENGINE_PROPERTY_RUNS ?? 250),
        seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 20261122),
      },
    );
    if (!SECOND_ZONE) expect(samples).toBeGreaterThan(1000);
    // Luxon at every sampled instant: tens of seconds on a busy machine.
  }, 240_000);

  it('writes a digest of its answers so runs under different process time zones can be compared', () => {
    const cases = fc.sample(caseArb, { numRuns: 60, seed: 7 });
    const digest = createHash('sha256');
    for (const c of cases) for (const d of ['IMPORT', 'EXPORT'] as const) digest.update(JSON.stringify(run(c, d)));
    writeDigest('engine-digest', cases.length, digest.digest('hex'));
  });
});
