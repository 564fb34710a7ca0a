import { expect } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { computePrices } from '../../core/engine/pricing/engine.js';
import type { MarketSeries, PriceInterval, PricingComponent } from '../../core/engine/pricing/types.js';
import type { TariffDirection } from '../../core/engine/schemas/common.js';
import type { Schedule } from '../../core/engine/schemas/schedule.js';

export const H = 3_600_000;

export function component(schedule: Schedule | undefined, extra: Partial<PricingComponent> = {}): PricingComponent {
  return {
    id: 'trf_x',
    type: 'COMMODITY',
    direction: 'IMPORT',
    market_rates: false,
    contract_start_date: '2000-01-01T00:00:00Z',
    contract_end_date: '2100-01-01T00:00:00Z',
    schedule,
    ...extra,
  };
}

/** A whole-day schedule of one item: bands `[from, to, fixed]`. */
/** One component, every day: `inside` from `from` to `to` (wall clock), `outside` for the rest. */
export function twoRates(from: string, to: string, inside: number, outside: number): PricingComponent[] {
  return [
    component(
      daily([
        [from, to, inside],
        [to, from, outside],
      ]),
    ),
  ];
}

/** One band over the whole of every day, with its rate as given (tiers, surcharges, market). */
export const allDayRate = (rate: Schedule[number]['days_and_hours'][number]['hours'][number]['rate']): Schedule => [
  {
    months: ['All'],
    days_and_hours: [{ days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate }] }],
  },
];

export function daily(bands: [string, string, number][], days = ['All'], months = ['All']): Schedule {
  return [
    {
      months,
      days_and_hours: [
        { days, hours: bands.map(([valid_from, valid_to, fixed]) => ({ valid_from, valid_to, rate: [{ fixed }] })) },
      ],
    },
  ];
}

export function price(
  zone: string,
  from: string | number,
  to: string | number,
  comps: PricingComponent[],
  direction: TariffDirection = 'IMPORT',
  market?: MarketSeries,
): PriceInterval[] {
  const f = typeof from === 'number' ? from : Date.parse(from);
  const t = typeof to === 'number' ? to : Date.parse(to);
  const out = computePrices({
    zone,
    from: f,
    to: t,
    direction,
    components: comps.map((c) => compileComponent(c, zone)),
    market,
  });
  checkInvariants(out, f, t);
  return out;
}

/** Properties every answer has: sorted, contiguous, exactly the window, no empty or non-finite entries. */
export function checkInvariants(out: PriceInterval[], from: number, to: number) {
  expect(out.length).toBeGreaterThan(0);
  expect(out[0]!.from).toBe(from);
  expect(out[out.length - 1]!.to).toBe(to);
  for (let i = 0; i < out.length; i++) {
    const iv = out[i]!;
    expect(iv.to).toBeGreaterThan(iv.from);
    if (i > 0) expect(iv.from).toBe(out[i - 1]!.to);
    expect(Number.isFinite(iv.value)).toBe(true);
    expect(iv.confidence).toBeGreaterThanOrEqual(0);
    expect(iv.confidence).toBeLessThanOrEqual(1);
    if (i > 0) expect(iv.value !== out[i - 1]!.value || iv.confidence !== out[i - 1]!.confidence).toBe(true);
  }
}

/** Total milliseconds of the answer at each value. */
export function durations(out: PriceInterval[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const iv of out) m.set(iv.value, (m.get(iv.value) ?? 0) + iv.to - iv.from);
  return m;
}

export const at = (out: PriceInterval[], iso: string) => {
  const t = Date.parse(iso);
  const iv = out.find((i) => i.from <= t && t < i.to);
  if (!iv) throw new Error(`no interval at ${iso}`);
  return iv;
};

/**
 * Writes a digest of an engine suite's answers, under the process time zone's name, so the test
 * command can compare runs under TZ=UTC and TZ=Pacific/Kiritimati (test/run.mjs).
 */
export function writeDigest(name: string, cases: number, sha256: string): void {
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  const tz = process.env.TARIFF_DESK_TEST_TZ;
  if (!tz) return;
  mkdirSync('.tmp/test-results', { recursive: true });
  writeFileSync(`.tmp/test-results/${name}-${tz.replace('/', '_')}.json`, JSON.stringify({ cases, sha256 }));
}

/**
 * `npm test` runs the engine suites under a second process time zone (test/run.mjs) to catch the
 * process zone leaking into an answer. The slow references work in the location's zone, so
 * comparing the engine with them again there checks nothing the first zone did not: under the
 * second zone a comparison instead notes the engine's answers in a digest, which the test command
 * compares byte for byte with the first zone's. Equal digests and a first zone that matched the
 * reference mean the second zone matched it too. Outside `npm test` (test:quick) both happen.
 */
export const SECOND_ZONE = process.env.TARIFF_DESK_ZONE_RUN === 'second';

/** The engine's answers of one suite, in the order noted, as a digest `writeDigest` keeps. */
export function answerDigest(name: string) {
  const hash = createHash('sha256');
  let cases = 0;
  return {
    note(answer: unknown): void {
      hash.update(JSON.stringify(answer));
      cases++;
    },
    write(): void {
      expect(cases).toBeGreaterThan(0);
      writeDigest(name, cases, hash.digest('hex'));
    },
  };
}
