// The seeded random bill cases the engine is compared with the slow reference on, shared by the
// files that run them (split so that the slowest comparisons run side by side).
import type { Charges } from '../../core/engine/schemas/charges.js';
import type { Metering } from '../../core/engine/schemas/bill.js';
import type { Rate, Schedule } from '../../core/engine/schemas/schedule.js';
import type { Row } from './bill-reference.js';
import { afterAll, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import { differences, engineBill, H, MIN, type Case } from './bill-cases.js';
import { answerDigest, SECOND_ZONE } from './support.js';
/** A seeded PRNG (mulberry32): the cases are the same on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const hh = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
const price = (rng: Rng, lo: number, hi: number) => Math.round((lo + rng.next() * (hi - lo)) * 1e4) / 1e4;

/** Tiers of one band: 1–3, bounds per local month in kWh. */
function tiers(rng: Rng, lo: number, hi: number): Rate[] {
  const n = rng.int(1, 3);
  let bound = 0;
  return Array.from({ length: n }, (_, i) => {
    bound += rng.int(40, 300);
    const t: Rate = { fixed: price(rng, lo, hi) };
    return i < n - 1 ? { ...t, to_kwh: bound } : t;
  });
}

/** Day bands cut at 1–3 hours; with `gap`, one band left out (time no band covers). */
function bands(rng: Rng, lo: number, hi: number, gap: boolean) {
  const cuts = [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.int(0, 23)))].sort((a, b) => a - b);
  const out = cuts.map((h, i) => ({
    valid_from: hh(h),
    valid_to: hh(cuts[(i + 1) % cuts.length]!),
    rate: tiers(rng, lo, hi),
  }));
  return gap && out.length > 1 ? out.slice(0, -1) : out;
}

function schedule(rng: Rng, lo: number, hi: number, gap = false): Schedule {
  const year = (months: string[] | undefined) => ({
    ...(months ? { months } : {}),
    days_and_hours: [
      { days: ['Weekdays'], hours: bands(rng, lo, hi, gap) },
      { days: ['Weekend'], hours: bands(rng, lo, hi, gap) },
    ],
  });
  return rng.chance(0.5) ? [year(['All']), year(['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep'])] : [year(undefined)];
}

function demandBlocks(rng: Rng) {
  const n = rng.int(1, 3);
  let bound = 0;
  return Array.from({ length: n }, (_, i) => {
    bound += rng.int(1, 4);
    const t = { fixed: price(rng, 2, 20) };
    return i < n - 1 ? { ...t, to_kw: bound } : t;
  });
}

function charges(rng: Rng): Charges {
  const c: Charges = {};
  const fixed = [];
  if (rng.chance(0.6)) fixed.push({ amount: price(rng, 0.1, 0.9), per: 'DAY' as const });
  if (rng.chance(0.5)) fixed.push({ amount: price(rng, 3, 20), per: 'MONTH' as const });
  if (fixed.length) c.fixed = fixed;
  const m = rng.int(0, 2);
  if (m === 1) c.minimum = { amount: price(rng, 20, 250), per: 'MONTH' };
  if (m === 2) c.minimum = { amount: price(rng, 300, 3000), per: 'YEAR' };
  if (rng.chance(0.7)) {
    const d: NonNullable<Charges['demand']> = {};
    if (rng.chance(0.6))
      d.flat = rng.chance(0.5)
        ? [{ months: ['Jun', 'Jul', 'Aug'], rate: demandBlocks(rng) }, { rate: demandBlocks(rng) }]
        : [{ rate: demandBlocks(rng) }];
    if (rng.chance(0.7)) {
      d.periods = [
        { name: 'On-peak', rate: demandBlocks(rng) },
        { name: 'Mid', rate: demandBlocks(rng) },
      ];
      const on = rng.int(12, 17);
      d.schedule = [
        {
          days_and_hours: [
            {
              days: ['Weekdays'],
              hours: [
                { valid_from: hh(on), valid_to: hh(on + 4), period: 'On-peak' },
                { valid_from: hh(7), valid_to: hh(on), period: 'Mid' },
              ],
            },
          ],
        },
      ];
      if (rng.chance(0.5))
        d.schedule.unshift({
          months: ['Dec', 'Jan', 'Feb'],
          days_and_hours: [{ days: ['All'], hours: [{ valid_from: hh(17), valid_to: hh(20), period: 'On-peak' }] }],
        });
    }
    c.demand = d;
  }
  return c;
}

/** Rows from `from` to `to`: hourly, quarter-hourly or of irregular whole-minute lengths, some gaps. */
function rows(rng: Rng, from: number, to: number, kind: string, kwhPerHour: (t: number) => number): Row[] {
  const out: Row[] = [];
  let t = from;
  while (t < to) {
    const len = kind === 'hourly' ? H : kind === 'quarter' ? 15 * MIN : rng.int(1, 36) * 5 * MIN;
    const end = Math.min(to, t + len);
    if (!rng.chance(0.03)) {
      const kwh = Math.round(kwhPerHour(t) * ((end - t) / H) * 1000) / 1000;
      if (kwh > 0) out.push({ start: t, end, kwh });
    }
    t = end;
  }
  return out;
}

export const ZONES = ['Europe/Berlin', 'America/Los_Angeles', 'Australia/Sydney', 'UTC'];

export function randomCase(seed: number): Case {
  const rng = prng(seed);
  const zone = ZONES[seed % ZONES.length]!;
  // Months around the clock changes of each zone, and month ends.
  const startMonth = rng.pick([2, 3, 3, 4, 9, 10, 10, 11, rng.int(1, 11)]);
  const n = 2;
  const start = DateTime.fromObject({ year: 2026, month: startMonth }, { zone });
  const from = start.toMillis();
  const to = start.plus({ months: n }).toMillis();
  const localHour = (t: number) => DateTime.fromMillis(t, { zone }).hour;
  const base = 0.3 + rng.next() * 1.5;
  const usage = rows(rng, from, to, rng.pick(['hourly', 'quarter', 'irregular']), (t) => {
    const h = localHour(t);
    return base * (0.4 + rng.next() * 1.6) * (h >= 17 && h < 21 ? 2 : 1);
  });
  const pv = 1 + rng.next() * 4;
  const generation = rng.chance(0.8)
    ? rows(rng, from, to, rng.pick(['hourly', 'quarter', 'quarter', 'irregular']), (t) => {
        const h = localHour(t);
        return h >= 8 && h < 17 ? pv * Math.sin(((h - 7) / 10) * Math.PI) * (0.5 + rng.next() * 0.5) : 0;
      })
    : [];
  const months = Array.from({ length: n }, (_, i) => start.plus({ months: i }).month);
  const metering: Metering = {
    mode: rng.chance(0.65) ? 'NET_BILLING' : 'BUY_ALL_SELL_ALL',
    credits: rng.chance(0.5) ? 'CARRIED' : 'PAID_MONTHLY',
    credits_from: rng.chance(0.5) ? 'SAME_MONTH' : 'NEXT_MONTH',
    true_up_month: rng.chance(0.7) ? rng.pick(months) : rng.int(1, 12),
  };
  const contract = { contract_start_date: '2025-06-01', contract_end_date: '2028-01-01' };
  const imports: PricingComponent[] = [
    {
      id: 'trf_energy',
      type: 'COMMODITY',
      direction: 'IMPORT',
      market_rates: false,
      ...contract,
      schedule: schedule(rng, 0.08, 0.45),
      charges: charges(rng),
    },
  ];
  if (rng.chance(0.4))
    imports.push({
      id: 'trf_network',
      type: 'NON_COMMODITY',
      direction: 'IMPORT',
      market_rates: false,
      ...contract,
      schedule: [
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [{ valid_from: hh(0), valid_to: hh(0), rate: [{ fixed: price(rng, 0.02, 0.1) }] }],
            },
          ],
        },
      ],
      charges: rng.chance(0.5) ? { fixed: [{ amount: price(rng, 0.1, 0.4), per: 'DAY' }] } : undefined,
    });
  const exports: PricingComponent[] = rng.chance(0.75)
    ? [
        {
          id: 'trf_export',
          type: 'COMMODITY',
          direction: 'EXPORT',
          market_rates: false,
          ...contract,
          // Sometimes a band is missing: export then is credited 0 and reported.
          schedule: schedule(rng, 0.02, 0.12, rng.chance(0.3)),
        },
      ]
    : [];
  return {
    zone,
    from,
    to,
    usage,
    generation,
    metering,
    imports,
    exports,
    label: `case ${seed} (${zone}, ${metering.mode}, ${metering.credits})`,
  };
}

export const CASES = Array.from({ length: 30 }, (_, i) => i + 1);
/** Each file compares a share of the cases, so that they run side by side. */
export const CASES_FIRST = CASES.slice(0, 15);
export const CASES_SECOND = CASES.slice(15);

/**
 * Net energy metering on the random cases: the same tariffs and flows, the true-up in one of
 * the window's months or elsewhere, and SAM-like generation (a small draw at night, below 0).
 */
export function nemCase(seed: number): Case {
  const c = randomCase(seed);
  const rng = prng(seed * 7919);
  const months = [
    DateTime.fromMillis(c.from, { zone: c.zone }).month,
    DateTime.fromMillis(c.to, { zone: c.zone }).minus({ months: 1 }).month,
  ];
  const busy = new Set(c.generation.map((r) => r.start));
  const night: Row[] = [];
  for (let t = c.from; t < c.to; t += H)
    if (!busy.has(t) && rng.chance(0.5) && !c.generation.some((r) => r.start < t + H && r.end > t))
      night.push({ start: t, end: t + H, kwh: -0.001 });
  return {
    ...c,
    generation: [...c.generation, ...night].sort((a, b) => a.start - b.start),
    metering: {
      mode: 'NET_METERING',
      credits: 'PAID_MONTHLY',
      credits_from: 'SAME_MONTH',
      true_up_month: rng.chance(0.6) ? rng.pick(months) : rng.int(1, 12),
      true_up_rate: price(rng, 0.01, 0.08),
    },
    label: `net metering case ${seed} (${c.zone})`,
  };
}
export const NEM_CASES = Array.from({ length: 12 }, (_, i) => i + 31);
/** The reference walks every minute: a case takes seconds, more on a busy machine. */
export const SLOW = 300_000;

/**
 * A file's comparison of cases with the reference: each bill is noted for the zones' digest named
 * `digest` and (but under the second zone) its differences from the reference must be none.
 */
export function againstReferenceIn(digest: string): (c: Case) => void {
  const bills = answerDigest(digest);
  afterAll(() => bills.write());
  return (c) => {
    bills.note(engineBill(c));
    if (!SECOND_ZONE) expect(differences(c)).toEqual([]);
  };
}

/**
 * One test per seed, each case's bill against the reference (see `againstReferenceIn`): what the
 * three files of random cases each declare, on their own share of the seeds and digest.
 */
export function referenceCases(digest: string, title: string, seeds: number[], make: (seed: number) => Case): void {
  const against = againstReferenceIn(digest);
  it.each(seeds)(title, (seed) => against(make(seed)), SLOW);
}
