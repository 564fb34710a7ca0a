import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { TariffCandidate } from '../../../../core/engine/schemas/cost';
import type { Bill } from '../../../../core/engine/schemas/bill';
import type { Tariff } from '../../../../core/engine/schemas/tariff';
import { slotWords } from '../../../../core/engine/labels';

/** At most this many candidates beside the stored tariffs: the API prices three alternatives at most. */
export const MAX_CANDIDATES = 3;

/** Where a candidate came from, as the picker names it: `new` is made from scratch here. */
export type CandidateSource = 'library' | 'copy' | 'edited' | 'new';

/** One tariff to compare with the stored ones. */
export interface CompareOption {
  key: string;
  /** What the page calls it, unique among the columns (names.ts). */
  name: string;
  /** A name given by hand: no edit changes it. */
  own?: string | undefined;
  /** The name of the offer or saved tariff it came from; none for one made from scratch. */
  origin?: string;
  source: CandidateSource;
  candidate: TariffCandidate;
  /** A library offer of other countries than the location's: their codes ("DE"), as its rates are read in the location's currency. */
  foreign?: string;
}

/** How a span of months is said: "per year" for twelve, else "over 3 months". */
export const spanWords = (months: number) =>
  months === 12 ? 'per year' : `over ${months} month${months === 1 ? '' : 's'}`;

/**
 * A meter file's own span [from, to) (epoch ms) in days and its first and last local dates:
 * "over 35 days, 15 Sep – 19 Oct" (a file ending at midnight of the 20th ends on the 19th).
 */
export function fileSpan(from: number, to: number, zone: string) {
  const a = DateTime.fromMillis(from, { zone });
  const b = DateTime.fromMillis(to, { zone });
  const days = Math.round(b.diff(a, 'days').days);
  const last = b.minus({ milliseconds: 1 });
  const fmt = a.year === last.year ? 'd LLL' : 'd LLL yyyy';
  const dates = a.hasSame(last, 'day') ? a.toFormat(fmt) : `${a.toFormat(fmt)} – ${last.toFormat(fmt)}`;
  return { days, words: `over ${days} day${days === 1 ? '' : 's'}, ${dates}` };
}

/**
 * The compared months: from the start of the month of `first` (a local date), twelve local
 * months, or fewer when `until` (epoch ms, a usage file's end) comes first.
 */
export function yearFrom(first: string, zone: string, until?: number) {
  const start = DateTime.fromISO(first, { zone }).startOf('month');
  let end = start.plus({ months: 12 });
  if (until !== undefined) {
    const last = DateTime.fromMillis(until, { zone });
    // The month the data end in, whole (an end at midnight of the 1st closes the month before).
    const through = last.equals(last.startOf('month')) ? last : last.startOf('month').plus({ months: 1 });
    if (through < end) end = through;
  }
  return {
    start_time: start.toISO({ suppressMilliseconds: true })!,
    end_time: end.toISO({ suppressMilliseconds: true })!,
    fromMs: start.toMillis(),
    toMs: end.toMillis(),
    /** Contract dates that cover the months, for a candidate that has none of its own. */
    from: start.toISODate()!,
    to: end.toISODate()!,
    months: Math.round(end.diff(start, 'months').months),
    label:
      end.diff(start, 'months').months <= 1
        ? start.toFormat('LLL yyyy')
        : `${start.toFormat('LLL yyyy')} – ${end.minus({ months: 1 }).toFormat('LLL yyyy')}`,
  };
}
export type CompareYear = ReturnType<typeof yearFrom>;

type Answer = z.output<typeof Bill>;
type AnswerMonth = Answer['months'][number];

/**
 * A bill's parts over a span, as a utility's bill lists them. `credit` is the export credit that
 * came off these bills: all of it when paid monthly; with credits carried, what paid charges plus
 * what a true-up paid out (what is still carried is `carried` on the column). So
 * energy + fixed + demand + minimum − credit is the total.
 */
export interface BillParts {
  energy: number;
  fixed: number;
  demand: number;
  minimum: number;
  credit: number;
}

export const PARTS: (keyof BillParts)[] = ['energy', 'fixed', 'demand', 'minimum', 'credit'];

/** The parts of a bill, as a utility's bill lists them; the export credit comes off. */
export const PART_WORDS: Record<keyof BillParts, string> = {
  energy: 'Energy',
  fixed: 'Standing and fixed charges',
  demand: 'Demand charges',
  minimum: 'Minimum charge top-up',
  credit: 'Export credit',
};

/** One month of a column, as the API answered it. */
export interface ColumnPeriod {
  start_time: string;
  end_time: string;
  /** Energy drawn from the grid. */
  kwh: number;
  /** Energy sent to the grid. */
  export_kwh: number;
  /** Energy drawn at times no tariff of the column prices (costed 0). */
  unpriced_kwh: number;
  /** Energy sent at times no export tariff credits (credited 0). */
  unpriced_export_kwh: number;
  /** Energy drawn priced above the first tier of a tiered tariff (tiers count per local month). */
  above_first_tier_kwh: number;
  /** The month's bill. */
  value: number;
  parts: BillParts;
  /** Export credit carried on at the month's end (credits carried). */
  carried: number;
  /** Net metering: kWh banked at the month's end, and the surplus kWh its true-up paid. */
  banked_kwh: number;
  surplus_paid_kwh: number;
}

/** One column of the comparison: the stored tariffs, then each candidate, with the API's figures. */
export interface Column {
  key: string;
  name: string;
  kwh: number;
  export_kwh: number;
  unpriced_kwh: number;
  unpriced_export_kwh: number;
  above_first_tier_kwh: number;
  value: number;
  parts: BillParts;
  /** Export credit still carried at the end of the span, not yet paid out. */
  carried: number;
  /** Net metering: kWh banked at the end of the span, and the surplus kWh paid at true-ups. */
  banked_kwh: number;
  surplus_paid_kwh: number;
  /** Whether the bill is net metered: its credit is the surplus paid at the true-up. */
  net_metering: boolean;
  periods: ColumnPeriod[];
  /** With a battery: what it did and saved on this column's own tariffs, over the whole window. */
  battery?: ColumnBattery | undefined;
  /** With a car: its charging over the whole window, kWh. */
  car_kwh?: number | undefined;
}

/** A column's battery as the API answered it (`battery` of the bill or of its alternative). */
export type ColumnBattery = NonNullable<Answer['battery']>;

const micro = (v: number) => Math.round(v * 1e6) / 1e6;

/** A column's figures summed over its months (those `keep` keeps). */
function summed(periods: ColumnPeriod[], keep: (i: number) => boolean = () => true) {
  const parts: BillParts = { energy: 0, fixed: 0, demand: 0, minimum: 0, credit: 0 };
  let kwh = 0,
    export_kwh = 0,
    unpriced_kwh = 0,
    unpriced_export_kwh = 0,
    above_first_tier_kwh = 0,
    value = 0,
    carried = 0,
    banked_kwh = 0,
    surplus_paid_kwh = 0;
  periods.forEach((p, i) => {
    if (!keep(i)) return;
    banked_kwh = p.banked_kwh;
    surplus_paid_kwh += p.surplus_paid_kwh;
    kwh += p.kwh;
    export_kwh += p.export_kwh;
    unpriced_kwh += p.unpriced_kwh;
    unpriced_export_kwh += p.unpriced_export_kwh;
    above_first_tier_kwh += p.above_first_tier_kwh;
    value += p.value;
    carried = p.carried;
    for (const k of PARTS) parts[k] += p.parts[k];
  });
  for (const k of PARTS) parts[k] = micro(parts[k]);
  return {
    kwh: micro(kwh),
    export_kwh: micro(export_kwh),
    unpriced_kwh: micro(unpriced_kwh),
    unpriced_export_kwh: micro(unpriced_export_kwh),
    above_first_tier_kwh: micro(above_first_tier_kwh),
    value: micro(value),
    carried,
    banked_kwh: micro(banked_kwh),
    surplus_paid_kwh: micro(surplus_paid_kwh),
    parts,
  };
}

const periodOf = (m: AnswerMonth, carriedCredits: boolean, netMetering = false): ColumnPeriod => ({
  start_time: m.start_time,
  end_time: m.end_time,
  kwh: m.import_kwh,
  export_kwh: m.export_kwh,
  unpriced_kwh: micro(m.unpriced_kwh - m.unpriced_export_kwh),
  unpriced_export_kwh: m.unpriced_export_kwh,
  above_first_tier_kwh: m.above_first_tier_kwh,
  value: m.total,
  parts: {
    energy: m.energy_charge,
    fixed: m.fixed_charge,
    demand: m.demand_charge,
    minimum: m.minimum_charge,
    // Net metering pays no money credit: the surplus kWh are paid at the true-up.
    credit: netMetering ? m.true_up : carriedCredits ? micro(m.credit_applied + m.true_up) : m.export_credit,
  },
  carried: m.credit_carried,
  banked_kwh: m.banked_kwh ?? 0,
  surplus_paid_kwh: m.true_up > 0 ? (m.surplus_kwh ?? 0) : 0,
});

/** The answer's main bill and its alternatives as columns, in the order asked; the totals are the API's own. */
export function columnsOf(answer: Answer, storedName: string, options: CompareOption[]): Column[] {
  const col = (
    key: string,
    name: string,
    b: { total: number; months: AnswerMonth[]; battery?: ColumnBattery },
  ): Column => {
    const nem = answer.metering.mode === 'NET_METERING';
    const periods = b.months.map((m) => periodOf(m, !nem && answer.metering.credits === 'CARRIED', nem));
    const car = b.months.some((m) => m.car_kwh !== undefined)
      ? micro(b.months.reduce((t, m) => t + (m.car_kwh ?? 0), 0))
      : undefined;
    return {
      key,
      name,
      ...summed(periods),
      value: b.total,
      net_metering: nem,
      periods,
      battery: b.battery,
      car_kwh: car,
    };
  };
  return [
    col('stored', storedName, answer),
    ...options.map((o, i) => col(o.key, o.name, answer.alternatives?.[i] ?? { total: 0, months: [] })),
  ];
}

/** A month of the year in the location's zone, as a chart and a file label it: "2026-03". */
export const monthOf = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('yyyy-MM');

/**
 * Where the stored tariffs of one kind that a candidate replaces are in force, `[from, to)` epoch
 * ms per tariff (an open-ended contract runs on): a month they cover only in part would weigh a
 * whole month of the candidate against part of one.
 */
export interface ReplacedKind {
  /** "the stored tariff for supply (import)", as the coverage note says it. */
  words: string;
  spans: [number, number][];
}

type Stored = Pick<Tariff, 'type' | 'direction' | 'contract_start_date' | 'contract_end_date'>;

/** The stored tariffs of each kind (type and direction) a candidate replaces, where the location has any. */
export function replacedKinds(stored: Stored[], candidates: Pick<TariffCandidate, 'type' | 'direction'>[]) {
  const kinds = new Map<string, ReplacedKind>();
  for (const c of candidates) {
    const direction = c.direction ?? 'IMPORT';
    const key = `${c.type}|${direction}`;
    if (kinds.has(key)) continue;
    const own = stored.filter((t) => t.type === c.type && (t.direction ?? 'IMPORT') === direction);
    // No stored tariff of the kind at all: every month weighs the candidate against none alike.
    if (!own.length) continue;
    kinds.set(key, {
      words: `the stored tariff for ${slotWords(c.type, direction).label.toLowerCase()}`,
      spans: own.map((t) => [
        Date.parse(t.contract_start_date),
        t.contract_end_date ? Date.parse(t.contract_end_date) : Infinity,
      ]),
    });
  }
  return [...kinds.values()];
}

/** Whether the spans together cover [from, to) without a gap. */
function covers(spans: [number, number][], from: number, to: number): boolean {
  let reached = from;
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    if (a > reached) break;
    reached = Math.max(reached, b);
    if (reached >= to) return true;
  }
  return reached >= to;
}

/** A month left out of every total, and why. */
export interface LeftOut {
  start_time: string;
  why: string[];
}

/** The comparison over the months every column prices in full (docs/costs.md, Compare view). */
export interface Fair {
  /** Each column's kWh and cost over the compared months only. */
  columns: Column[];
  /** Per month of the answer: whether it counts. */
  compared: boolean[];
  months: number;
  all: boolean;
  leftOut: LeftOut[];
  /** The compared months' span, epoch ms, when they follow each other without a gap. */
  run: { from: number; to: number } | null;
}

/**
 * Like with like: a month in which any column leaves usage unpriced (the API's `unpriced_kwh`:
 * no contract of the column covers it) or in which a stored tariff that a candidate replaces is
 * in force for only part of the month is left out of every column's total, so no column looks
 * cheaper for pricing less of the usage. With every month in, the totals are the API's own.
 */
export function fairOf(columns: Column[], replaced: ReplacedKind[] = []): Fair {
  const months = columns[0]?.periods ?? [];
  const leftOut: LeftOut[] = [];
  const compared = months.map((m, i) => {
    const why: string[] = [];
    for (const c of columns) {
      const u = c.periods[i]?.unpriced_kwh ?? 0;
      if (u > 0) why.push(`${c.name} leaves ${kwhWords(u)} unpriced`);
    }
    const from = Date.parse(m.start_time);
    const to = Date.parse(m.end_time);
    for (const k of replaced)
      if (!covers(k.spans, from, to))
        why.push(`${k.words} covers ${k.spans.some(([a, b]) => a < to && b > from) ? 'only part' : 'none'} of it`);
    if (why.length) leftOut.push({ start_time: m.start_time, why });
    return why.length === 0;
  });
  const all = leftOut.length === 0;
  const fair = all ? columns : columns.map((c) => ({ ...c, ...summed(c.periods, (i) => !!compared[i]) }));
  const first = compared.indexOf(true);
  const last = compared.lastIndexOf(true);
  const gapless = first >= 0 && compared.slice(first, last + 1).every(Boolean);
  return {
    columns: fair,
    compared,
    months: compared.filter(Boolean).length,
    all,
    leftOut,
    run: gapless ? { from: Date.parse(months[first]!.start_time), to: Date.parse(months[last]!.end_time) } : null,
  };
}

/** "12.5 kWh" as the page says energy in words. */
export const kwhWords = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kWh`;

/**
 * How the verdict and the cost column name the compared span: "per year", "over 11 months", or
 * a meter file's days ("over 35 days, 15 Sep – 19 Oct"), narrowed to the compared months when
 * some are left out.
 */
export function comparedSpan(
  fair: Fair | null,
  months: number,
  file: { from: number; to: number } | null,
  zone: string,
): { span: string; head: string } {
  const some = fair && !fair.all ? fair : null;
  const n = some ? some.months : months;
  const inMonths = { span: spanWords(n), head: n === 12 ? 'Cost per year' : `Cost, ${n} month${n === 1 ? '' : 's'}` };
  if (!file || (some && !some.run)) return inMonths;
  const from = some?.run ? Math.max(file.from, some.run.from) : file.from;
  const to = some?.run ? Math.min(file.to, some.run.to) : file.to;
  if (!(to > from)) return inMonths;
  const days = fileSpan(from, to, zone);
  return { span: days.words, head: `Cost, ${days.days} day${days.days === 1 ? '' : 's'}` };
}
