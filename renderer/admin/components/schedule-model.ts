import type { Schedule, Rate } from '../../../core/engine/schemas/schedule';
import { Schedule as ScheduleSchema } from '../../../core/engine/schemas/schedule';
import { bandQuarters, placeSpan, QUARTERS, spanText, type Placed, type Span } from './schedule/place';
import { describeIssues, type ScheduleProblem } from '../../../core/engine/schedule/issues';
import { boundProblems, tierPrice } from './schedule/tiers';

export { Q, QUARTERS, toQ, fromQ, bandQuarters, spanText } from './schedule/place';

export type Sel = { entry: number; item: number; band: number };

/** Which quarters of an item's day line a band covers (wrapped parts fold onto the start of the day). */
export function occupied(hours: Span[], skip = -1): boolean[] {
  const used = new Array<boolean>(QUARTERS).fill(false);
  hours.forEach((h, i) => {
    if (i === skip) return;
    const [a, b] = bandQuarters(h);
    for (let q = a; q < b; q++) used[q % QUARTERS] = true;
  });
  return used;
}

export function clone(s: Schedule): Schedule {
  return JSON.parse(JSON.stringify(s)) as Schedule;
}

export function defaultSchedule(): Schedule {
  return [
    {
      months: ['All'],
      days_and_hours: [
        { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
      ],
    },
  ];
}

/** A band's first tier, the price signal: "0.30", "mkt +0.1"; "—" for an empty price. */
export function rateLabel(rate: Rate[], market: boolean): string {
  return tierPrice(rate[0], market);
}

/** What the editor says of a tier whose price field is empty. */
const NO_PRICE = 'the price is empty; type one (a fixed-rate tariff prices every tier)';

const tiersOf = (schedule: Schedule) =>
  schedule.flatMap((e, i) =>
    e.days_and_hours.flatMap((dh, j) =>
      dh.hours.map((h, k) => ({ rate: h.rate, at: [i, 'days_and_hours', j, 'hours', k, 'rate'] as const })),
    ),
  );

/**
 * Every problem of a draft in words: the schedule's own rules; tier bounds said on the tier whose
 * bound is wrong (the schema names the tier below it); and, on a fixed-rate tariff, a tier
 * without a price (the API refuses it as `fixed_missing` when the tariff is saved or priced).
 */
export function scheduleProblems(schedule: Schedule, market: boolean): ScheduleProblem[] {
  const check = ScheduleSchema.safeParse(schedule);
  const issues = check.success
    ? []
    : check.error.issues.filter((i) => (i as { params?: { code?: string } }).params?.code !== 'to_kwh_invalid');
  const problems = describeIssues(schedule, issues);
  const tiers = tiersOf(schedule);
  // describeIssues names the place; what is wrong is said here.
  const own = (path: readonly (string | number)[], field: string, sentence: string) =>
    describeIssues(schedule, [{ path: [...path, field], code: 'custom', message: '' }]).map((p) => ({
      ...p,
      text: p.text.replace(/: the [a-z ]+: $/, `: ${sentence}`),
    }));
  const bounds = tiers.flatMap(({ rate, at }) =>
    boundProblems(rate).flatMap((b) => own([...at, b.tier], 'to_kwh', b.sentence)),
  );
  const missing = market
    ? []
    : tiers.flatMap(({ rate, at }) =>
        rate.flatMap((r, l) => (r.fixed === undefined ? own([...at, l], 'fixed', NO_PRICE) : [])),
      );
  const all = [...problems, ...bounds, ...missing];
  return all.filter((p, k) => all.findIndex((q) => q.text === p.text) === k);
}

/**
 * A colour from a rate value: cheap is green, dear is red. Dark enough at every hue for the
 * band's white label to keep a 4.5:1 contrast.
 */
export function rateColour(v: number): string {
  const x = Math.max(0, Math.min(1, v / 0.6));
  return `hsl(${Math.round(140 - 140 * x)} 55% 28%)`;
}

type Band = Schedule[number]['days_and_hours'][number]['hours'][number];

/** What a new band on an empty row gets: a plain default, said out loud by the editor. */
export function defaultRate(market: boolean): Rate[] {
  return market ? [{ surcharge_fixed: 0 }] : [{ fixed: 0.3 }];
}

/** A band as the editor names it in messages: "‘0.30’ 17:00–20:00". */
export function bandText(b: Band, market: boolean): string {
  return `‘${rateLabel(b.rate, market)}’ ${spanText(b)}`;
}

export type Placement = Placed<Band>;

/**
 * Puts band `i` (or a new band when `i` is -1, with `rate`, else the default) on quarters `[a, b)`
 * of its day line: `placeSpan` with the energy band's name and rate.
 */
export function placeBand(hours: Band[], i: number, a: number, b: number, market: boolean, rate?: Rate[]): Placement {
  return placeSpan(
    hours,
    i,
    a,
    b,
    (h) => bandText(h, market),
    (span) => ({ ...span, rate: rate ?? defaultRate(market) }),
  );
}

/** A typed time "7:15", "07:15" or "24:00" as quarters, or a sentence saying what is wrong. */
export function parseQuarter(text: string, end: boolean): number | string {
  const m = /^\s*(\d{1,2})(?::?(\d{2}))?\s*$/.exec(text);
  if (!m) return 'Type a time as HH:MM.';
  const h = Number(m[1]),
    min = Number(m[2] ?? 0);
  if (h > 24 || min > 59 || (h === 24 && (min > 0 || !end))) return 'Type a time between 00:00 and 24:00.';
  if (min % 15) return 'Times are on the quarter hour (:00, :15, :30, :45).';
  return h * 4 + min / 15;
}

/** "25, 26" or "25 26" → [25, 26]; a sentence when a part is not a day of the month. */
export function parseDates(text: string): number[] | string {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const bad = parts.find((p) => !/^\d{1,2}$/.test(p) || Number(p) < 1 || Number(p) > 31);
  if (bad !== undefined) return `‘${bad}’ is not a day of the month (1–31).`;
  return [...new Set(parts.map(Number))].sort((x, y) => x - y);
}

/** "1 band", "3 bands". */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
