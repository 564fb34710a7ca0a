import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { computeBill, type BillResult } from '../../core/engine/billing/bill.js';
import { blockCharge } from '../../core/engine/billing/demand.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import type { UsageSeries } from '../../core/engine/pricing/cost.js';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import type { Charges } from '../../core/engine/schemas/charges.js';
import type { Metering } from '../../core/engine/schemas/bill.js';
import type { Rate, Schedule } from '../../core/engine/schemas/schedule.js';
import { referenceBill, type Mutation, type RefMonth, type Row } from './bill-reference.js';

const MIN = 60_000;
const H = 60 * MIN;

function series(rows: Row[]): UsageSeries {
  return {
    starts: Float64Array.from(rows, (r) => r.start),
    ends: Float64Array.from(rows, (r) => r.end),
    microKwh: Float64Array.from(rows, (r) => Math.round(r.kwh * 1e6)),
  };
}

interface Case {
  zone: string;
  from: number;
  to: number;
  usage: Row[];
  generation: Row[];
  metering: Metering;
  imports: PricingComponent[];
  exports: PricingComponent[];
  label: string;
}

function engineBill(c: Case): BillResult {
  return computeBill({
    zone: c.zone,
    from: c.from,
    to: c.to,
    usage: series(c.usage),
    generation: c.generation.length ? series(c.generation) : undefined,
    metering: c.metering,
    imports: c.imports.map((t) => compileComponent(t, c.zone)),
    exports: c.exports.map((t) => compileComponent(t, c.zone)),
  });
}

/** Where the engine's bill and the reference's differ beyond rounding, as readable lines. */
function differences(c: Case, mutation?: Mutation): string[] {
  const e = engineBill(c);
  const r = referenceBill(c.zone, c.from, c.to, c.usage, c.generation, c.metering, c.imports, c.exports, {
    mutation,
  });
  const out: string[] = [];
  const money: [keyof RefMonth, keyof BillResult['months'][number]][] = [
    ['energy', 'energy'],
    ['fixed', 'fixed'],
    ['demand', 'demandCharge'],
    ['minimum', 'minimum'],
    ['credit', 'credit'],
    ['applied', 'applied'],
    ['carried', 'carried'],
    ['trueUp', 'trueUp'],
    ['total', 'total'],
  ];
  const energy: [keyof RefMonth, keyof BillResult['months'][number]][] = [
    ['importKwh', 'importMicroKwh'],
    ['exportKwh', 'exportMicroKwh'],
    ['unpricedKwh', 'unpricedMicroKwh'],
  ];
  r.months.forEach((rm, i) => {
    const em = e.months[i]!;
    for (const [a, b] of money)
      if (Math.abs((em[b] as number) / 1e6 - rm[a]) > 5e-3)
        out.push(`${c.label} month ${i} ${a}: engine ${(em[b] as number) / 1e6} reference ${rm[a]}`);
    for (const [a, b] of energy)
      if (Math.abs((em[b] as number) / 1e6 - rm[a]) > 1e-3)
        out.push(`${c.label} month ${i} ${a}: engine ${(em[b] as number) / 1e6} reference ${rm[a]}`);
    if (Math.abs(em.peakKw - rm.peakKw) > 1e-3)
      out.push(`${c.label} month ${i} peakKw: engine ${em.peakKw} reference ${rm.peakKw}`);
  });
  if (Math.abs(e.total / 1e6 - r.total) > 2e-2)
    out.push(`${c.label} total: engine ${e.total / 1e6} reference ${r.total}`);
  return out;
}

/** A seeded PRNG (mulberry32): the cases are the same on every run. */
function prng(seed: number) {
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

const ZONES = ['Europe/Berlin', 'America/Los_Angeles', 'Australia/Sydney', 'UTC'];

function randomCase(seed: number): Case {
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

const CASES = Array.from({ length: 30 }, (_, i) => i + 1);

describe('the bill engine against the slow reference', () => {
  it.each(CASES)('random case %i matches the minute-by-minute reference', (seed) => {
    const c = randomCase(seed);
    expect(differences(c)).toEqual([]);
  });

  it('the cases span every arrangement, zone, kind of charge and an unpriced export', () => {
    const cases = CASES.map(randomCase);
    const seen = new Set<string>();
    for (const c of cases) {
      seen.add(c.zone);
      seen.add(`${c.metering.mode}/${c.metering.credits}/${c.metering.credits_from}`);
      const ch = c.imports[0]!.charges!;
      if (ch.demand?.flat) seen.add('flat demand');
      if (ch.demand?.periods) seen.add('tou demand');
      if (ch.minimum) seen.add(`minimum ${ch.minimum.per}`);
      if (ch.fixed?.some((f) => f.per === 'DAY')) seen.add('daily fixed');
      if (ch.fixed?.some((f) => f.per === 'MONTH')) seen.add('monthly fixed');
      const bill = engineBill(c);
      if (bill.months.some((m) => m.unpricedMicroKwh > 0)) seen.add('unpriced');
      if (bill.months.some((m) => m.trueUp > 0)) seen.add('true-up');
    }
    for (const want of [
      ...ZONES,
      'NET_BILLING/CARRIED/SAME_MONTH',
      'NET_BILLING/CARRIED/NEXT_MONTH',
      'NET_BILLING/PAID_MONTHLY/SAME_MONTH',
      'flat demand',
      'tou demand',
      'minimum MONTH',
      'minimum YEAR',
      'daily fixed',
      'monthly fixed',
      'unpriced',
      'true-up',
    ])
      expect(seen, want).toContain(want);
    expect([...seen].some((s) => s.startsWith('BUY_ALL_SELL_ALL'))).toBe(true);
  });

  it('a wrong bill is caught: netting per month instead of per interval', () => {
    const caught = CASES.map(randomCase)
      .filter((c) => c.metering.mode === 'NET_BILLING' && c.generation.length > 0)
      .some((c) => differences(c, { netPerMonth: true }).length > 0);
    expect(caught).toBe(true);
  });

  it('a wrong bill is caught: carried credit paying the monthly minimum', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'CARRIED', credits_from: 'SAME_MONTH', true_up_month: 12 },
      charges: { minimum: { amount: 30, per: 'MONTH' } },
      importPrice: 0.1,
      exportPrice: 0.5,
    });
    // June: charges 60 paid by its own credit of 120; the minimum of 30 is charged, 60 carried.
    expect(money(engineBill(c).months[0]!.minimum)).toBeCloseTo(30, 6);
    expect(differences(c)).toEqual([]);
    expect(differences(c, { creditPaysMinimum: true }).length).toBeGreaterThan(0);
  });
});

/** Two UTC months (June and July 2026), a flat import price, 1 kWh every hour, and solar 3 kWh/h 10:00–14:00. */
function worked(opts: {
  metering: Metering;
  charges?: Charges;
  importPrice?: number;
  exportPrice?: number;
  solar?: boolean;
}): Case {
  const zone = 'UTC';
  const from = Date.UTC(2026, 5, 1);
  const to = Date.UTC(2026, 7, 1);
  const usage: Row[] = [];
  const generation: Row[] = [];
  for (let t = from; t < to; t += H) {
    usage.push({ start: t, end: t + H, kwh: 1 });
    const h = new Date(t).getUTCHours();
    // June has solar, July none: credit earned in June is carried into July.
    if ((opts.solar ?? true) && t < Date.UTC(2026, 6, 1) && h >= 10 && h < 14)
      generation.push({ start: t, end: t + H, kwh: 3 });
  }
  const contract = { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' };
  const flat = (p: number) => [
    {
      days_and_hours: [
        { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: p }] }] },
      ],
    },
  ];
  return {
    zone,
    from,
    to,
    usage,
    generation,
    metering: opts.metering,
    imports: [
      {
        id: 'trf_i',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        ...contract,
        schedule: flat(opts.importPrice ?? 0.3),
        charges: opts.charges,
      },
    ],
    exports:
      opts.exportPrice === undefined
        ? []
        : [
            {
              id: 'trf_e',
              type: 'COMMODITY',
              direction: 'EXPORT',
              market_rates: false,
              ...contract,
              schedule: flat(opts.exportPrice),
            },
          ],
    label: 'worked',
  };
}

const money = (micro: number) => Math.round(micro) / 1e6;

describe('worked bills', () => {
  it('the UK pair over 2,700 kWh in a 365-day year: B is cheaper by £5.50 once standing charges count', () => {
    const zone = 'Europe/London';
    const from = DateTime.fromObject({ year: 2026 }, { zone }).toMillis();
    const to = DateTime.fromObject({ year: 2027 }, { zone }).toMillis();
    const usage: Row[] = [];
    for (let d = DateTime.fromMillis(from, { zone }); d.toMillis() < to; d = d.plus({ days: 1 }))
      usage.push({ start: d.toMillis(), end: d.plus({ days: 1 }).toMillis(), kwh: 2700 / 365 });
    const tariff = (p: number, day: number): PricingComponent => ({
      id: 'trf_uk',
      type: 'COMMODITY',
      direction: 'IMPORT',
      market_rates: false,
      contract_start_date: '2026-01-01',
      contract_end_date: '2027-01-01',
      schedule: [
        {
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: p }] }] },
          ],
        },
      ],
      charges: { fixed: [{ amount: day, per: 'DAY', name: 'Standing charge' }] },
    });
    const metering: Metering = {
      mode: 'NET_BILLING',
      credits: 'PAID_MONTHLY',
      credits_from: 'SAME_MONTH',
      true_up_month: 12,
    };
    const bill = (t: PricingComponent) =>
      computeBill({
        zone,
        from,
        to,
        usage: series(usage),
        metering,
        imports: [compileComponent(t, zone)],
        exports: [],
      });
    const a = bill(tariff(0.245, 0.6));
    const b = bill(tariff(0.27, 0.4));
    expect(money(a.total)).toBeCloseTo(0.245 * 2700 + 0.6 * 365, 3);
    expect(money(b.total)).toBeCloseTo(0.27 * 2700 + 0.4 * 365, 3);
    expect(money(a.total - b.total)).toBeCloseTo(5.5, 3);
    expect(a.months).toHaveLength(12);
    expect(money(a.months[1]!.fixed)).toBeCloseTo(0.6 * 28, 6);
  });

  it('NET_BILLING paid monthly: net import priced, net export credited, a monthly charge once', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      charges: { fixed: [{ amount: 10, per: 'MONTH' }] },
      exportPrice: 0.08,
    });
    const june = engineBill(c).months[0]!;
    // 20 hours a day of 1 kWh drawn; 4 hours a day of 2 kWh sent; 30 days.
    expect(june.importMicroKwh / 1e6).toBe(600);
    expect(june.exportMicroKwh / 1e6).toBe(240);
    expect(money(june.energy)).toBeCloseTo(180, 6);
    expect(money(june.credit)).toBeCloseTo(19.2, 6);
    expect(money(june.total)).toBeCloseTo(180 + 10 - 19.2, 6);
  });

  it('CARRIED with a true-up: June’s surplus credit pays July, the rest is paid out at July’s end', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'CARRIED', credits_from: 'SAME_MONTH', true_up_month: 7 },
      importPrice: 0.1,
      exportPrice: 0.5,
    });
    const [june, july] = engineBill(c).months as [BillResult['months'][0], BillResult['months'][0]];
    // June: charges 600 × 0.10 = 60, credit 240 × 0.50 = 120: 60 applied, 60 carried, total 0.
    expect(money(june.applied)).toBeCloseTo(60, 6);
    expect(money(june.carried)).toBeCloseTo(60, 6);
    expect(money(june.total)).toBe(0);
    // July: charges 744 × 0.10 = 74.40; 60 of carried credit pays them; nothing left to true up.
    expect(money(july.applied)).toBeCloseTo(60, 6);
    expect(money(july.total)).toBeCloseTo(14.4, 6);
    expect(money(july.trueUp)).toBe(0);
    // With the true-up in June, its 60 left over is paid out then and July starts afresh.
    const early = engineBill({ ...c, metering: { ...c.metering, true_up_month: 6 } }).months;
    expect(money(early[0]!.trueUp)).toBeCloseTo(60, 6);
    expect(money(early[0]!.total)).toBeCloseTo(-60, 6);
    expect(money(early[1]!.total)).toBeCloseTo(74.4, 6);
  });

  it('CARRIED from the next month: a month’s own credit pays nothing of its own charges', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'CARRIED', credits_from: 'NEXT_MONTH', true_up_month: 12 },
      importPrice: 0.1,
      exportPrice: 0.5,
    });
    const [june, july] = engineBill(c).months;
    expect(money(june!.total)).toBeCloseTo(60, 6);
    expect(money(june!.carried)).toBeCloseTo(120, 6);
    expect(money(july!.applied)).toBeCloseTo(74.4, 6);
    expect(money(july!.carried)).toBeCloseTo(45.6, 6);
    expect(money(july!.total)).toBe(0);
  });

  it('BUY_ALL_SELL_ALL: all usage priced and all generation credited, nothing nets', () => {
    const c = worked({
      metering: { mode: 'BUY_ALL_SELL_ALL', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      exportPrice: 0.08,
    });
    const june = engineBill(c).months[0]!;
    expect(june.importMicroKwh / 1e6).toBe(720);
    expect(june.exportMicroKwh / 1e6).toBe(360);
    expect(money(june.total)).toBeCloseTo(720 * 0.3 - 360 * 0.08, 6);
  });

  it('demand blocks: the first bound’s kW at the first price, the kW above it at the next', () => {
    expect(blockCharge(12, [{ fixed: 10, to_kw: 5 }, { fixed: 15 }])).toBe(5 * 10 + 7 * 15);
    expect(blockCharge(3, [{ fixed: 10, to_kw: 5 }, { fixed: 15 }])).toBe(30);
    // In NET_BILLING the peak is after netting: solar hours draw nothing, every other hour 1 kW.
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      charges: { demand: { flat: [{ rate: [{ fixed: 10, to_kw: 0.5 }, { fixed: 20 }] }] } },
    });
    const june = engineBill(c).months[0]!;
    expect(june.peakKw).toBeCloseTo(1, 9);
    expect(money(june.demandCharge)).toBeCloseTo(0.5 * 10 + 0.5 * 20, 6);
    expect(june.peakTime).toBe(Date.UTC(2026, 5, 1));
  });

  it('export at a time with no export price is credited 0 and reported', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
    });
    const june = engineBill(c).months[0]!;
    expect(june.credit).toBe(0);
    expect(june.unpricedMicroKwh / 1e6).toBe(240);
  });

  it('a year’s minimum is charged in the true-up month when the year’s totals fall short', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      charges: { minimum: { amount: 500, per: 'YEAR' } },
      solar: false,
    });
    // The window ends in July: no billing year ends in it, so no annual minimum is charged.
    expect(engineBill(c).months.map((m) => m.minimum)).toEqual([0, 0]);
    const carried = { ...c, metering: { ...c.metering, credits: 'CARRIED' as const, true_up_month: 7 } };
    const july = engineBill(carried).months[1]!;
    // June 720 × 0.30 = 216, July 744 × 0.30 = 223.20: 439.20, short of 500 by 60.80.
    expect(money(july.minimum)).toBeCloseTo(60.8, 6);
    expect(money(july.total)).toBeCloseTo(223.2 + 60.8, 6);
  });
});
