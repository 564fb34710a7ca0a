import type { Schedule, Rate } from '../../../core/engine/schemas/schedule';
import { Schedule as ScheduleSchema } from '../../../core/engine/schemas/schedule';
import { bandSpan, formatTimeOfDay, parseTimeOfDay, DAY_SECONDS } from '../../../core/engine/schedule/names';
import { describeIssues, type ScheduleProblem } from '../../../core/engine/schedule/issues';
import { boundProblems, tierPrice } from './schedule/tiers';

/** Quarter hours: the editor's grid. */
export const Q = 900;
export const QUARTERS = DAY_SECONDS / Q;

export type Sel = { entry: number; item: number; band: number };

export const toQ = (t: string) => Math.round((parseTimeOfDay(t) ?? 0) / Q);
export const fromQ = (q: number) => formatTimeOfDay((((q % QUARTERS) + QUARTERS) % QUARTERS) * Q);

/** The quarters a band covers on its own day line, wrapping past midnight (0..96, to may exceed 96). */
export function bandQuarters(b: { valid_from: string; valid_to: string }): [number, number] {
  const s = bandSpan(b.valid_from, b.valid_to);
  return s ? [s.from / Q, s.to / Q] : [0, 0];
}

/** Which quarters of an item's day line a band covers (wrapped parts fold onto the start of the day). */
export function occupied(hours: { valid_from: string; valid_to: string }[], skip = -1): boolean[] {
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

/** What a new band gets: a plain default, said out loud by the editor, never a copy of another band. */
export function defaultRate(market: boolean): Rate[] {
  return market ? [{ surcharge_fixed: 0 }] : [{ fixed: 0.3 }];
}

/** "07:00–09:00" with the end of day as 24:00. */
export function spanText(b: { valid_from: string; valid_to: string }): string {
  return `${b.valid_from.slice(0, 5)}–${b.valid_to === '00:00:00' ? '24:00' : b.valid_to.slice(0, 5)}`;
}

/** A band as the editor names it in messages: "‘0.30’ 17:00–20:00". */
export function bandText(b: Band, market: boolean): string {
  return `‘${rateLabel(b.rate, market)}’ ${spanText(b)}`;
}

export type Placement = { hours: Band[]; pushed: string[] } | { refused: string };

/**
 * Puts band `i` (or a new band when `i` is -1, with `rate`) on quarters `[a, b)` of its day line
 * (`b` may pass 96 to wrap). A neighbour it runs into is pushed back to make room; when that would
 * cover the neighbour entirely or split it, the move is refused with a sentence saying why.
 */
export function placeBand(hours: Band[], i: number, a: number, b: number, market: boolean, rate?: Rate[]): Placement {
  if (b - a < 1) return { refused: 'A band lasts at least 15 min.' };
  if (b - a > QUARTERS) return { refused: 'A band lasts at most 24 h.' };
  const next = hours.map((h) => ({ ...h }));
  const pushed: string[] = [];
  for (let j = 0; j < next.length; j++) {
    if (j === i) continue;
    let [ja, jb] = bandQuarters(next[j]!);
    const before = bandText(next[j]!, market);
    // Compare on a three-day line so parts past midnight meet the other band wherever they fall.
    for (const shift of [-QUARTERS, 0, QUARTERS]) {
      const sa = ja + shift,
        sb = jb + shift;
      if (Math.min(b, sb) <= Math.max(a, sa)) continue;
      if (a <= sa && sb <= b) return { refused: `Would cover ${before} entirely; delete that band first.` };
      if (sa < a && b < sb) return { refused: `Would split ${before} in two; a band cannot be split by drawing.` };
      if (sa < a) jb = a - shift;
      else ja = b - shift;
    }
    if (jb - ja < 1) return { refused: `Would leave ${before} shorter than 15 min.` };
    const moved = { ...next[j]!, valid_from: fromQ(ja), valid_to: jb - ja === QUARTERS ? fromQ(ja) : fromQ(jb) };
    if (moved.valid_from !== next[j]!.valid_from || moved.valid_to !== next[j]!.valid_to) {
      pushed.push(`Pushed ${before} to ${spanText(moved)}.`);
      next[j] = moved;
    }
  }
  const span = { valid_from: fromQ(a), valid_to: b - a === QUARTERS ? fromQ(a) : fromQ(b) };
  if (i < 0) next.push({ ...span, rate: rate ?? defaultRate(market) });
  else next[i] = { ...next[i]!, ...span };
  return { hours: next, pushed };
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
