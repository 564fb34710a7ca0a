import type { Schedule } from '../schemas/schedule.js';
import { parseDay, parseMonth, MONTH_NAMES, DAY_NAMES } from './names.js';

/**
 * Which calendar days a day row applies to, and how specific it is (pricing rule 3). The price
 * engine ranks bands with these functions and the schedule editor explains precedence with them,
 * so what the editor says is what the engine does.
 */
export interface DaySelector {
  /** Month numbers 1–12; null for every month. */
  months: Set<number> | null;
  /** Day-of-month numbers; null for every date. */
  dates: Set<number> | null;
  /** ISO weekdays (1 = Monday); null for every weekday. */
  days: Set<number> | null;
}

export interface DayKey {
  month: number;
  day: number;
  weekday: number;
}

function nameSet(names: string[] | undefined, parse: (s: string) => number[] | 'all' | undefined): Set<number> | null {
  if (!names || names.length === 0) return null;
  const out = new Set<number>();
  for (const n of names) {
    const v = parse(n);
    if (v === 'all') return null;
    if (v) v.forEach((x) => out.add(x));
  }
  return out;
}

/** The selector of one `days_and_hours` item of a schedule entry. */
export function selectorOf(entry: { months?: string[] | undefined; dates?: number[] | undefined }, days: string[]) {
  return {
    // An empty month list (a draft group whose months are not picked yet; the schema refuses it)
    // applies on no day, so the editor's notes never treat it as all year.
    months: entry.months?.length === 0 ? new Set<number>() : nameSet(entry.months, parseMonth),
    dates: entry.dates && entry.dates.length ? new Set(entry.dates) : null,
    days: nameSet(days, parseDay),
  } satisfies DaySelector;
}

/** 0–5, higher wins: named dates over named days over All, then named months over All. Ties go to array order. */
export function specificity(s: DaySelector): number {
  const level = s.dates ? 2 : s.days ? 1 : 0;
  return level * 2 + (s.months ? 1 : 0);
}

/** Whether a selector applies on a calendar day. */
export function selects(s: DaySelector, d: DayKey): boolean {
  return (!s.months || s.months.has(d.month)) && (!s.dates || s.dates.has(d.day)) && (!s.days || s.days.has(d.weekday));
}

/** Why one row outranks another, in the order rule 3 decides it. */
export type PrecedenceReason = 'dates' | 'days' | 'months' | 'order';

/** One row outranking another on the days both apply to. */
export interface Override {
  winner: RowRef;
  loser: RowRef;
  /** Where both rows apply: weekdays, months and dates (null = no restriction). */
  weekdays: number[] | null;
  months: number[] | null;
  dates: number[] | null;
  reason: PrecedenceReason;
}

export interface RowRef {
  entry: number;
  item: number;
}

const meet = (a: Set<number> | null, b: Set<number> | null): number[] | null | 'none' => {
  // An empty set (a month group with no months yet) meets nothing, not everything.
  if (!a) return b ? (b.size ? [...b].sort((x, y) => x - y) : 'none') : null;
  if (!b) return a.size ? [...a].sort((x, y) => x - y) : 'none';
  const both = [...a].filter((x) => b.has(x)).sort((x, y) => x - y);
  return both.length ? both : 'none';
};

/**
 * Every pair of rows that apply on a common day, and which one wins there: the engine's ranking
 * (specificity, then array order) applied to rows. Rows without bands take part in nothing.
 */
export function overrides(schedule: Schedule): Override[] {
  const rows: (RowRef & { sel: DaySelector; spec: number })[] = [];
  schedule.forEach((entry, e) =>
    entry.days_and_hours.forEach((item, i) => {
      if (!item.hours.length) return;
      const sel = selectorOf(entry, item.days);
      rows.push({ entry: e, item: i, sel, spec: specificity(sel) });
    }),
  );
  const out: Override[] = [];
  for (let x = 0; x < rows.length; x++)
    for (let y = x + 1; y < rows.length; y++) {
      const a = rows[x]!,
        b = rows[y]!;
      const weekdays = meet(a.sel.days, b.sel.days);
      const months = meet(a.sel.months, b.sel.months);
      const dates = meet(a.sel.dates, b.sel.dates);
      if (weekdays === 'none' || months === 'none' || dates === 'none') continue;
      // Rows come in array order, so `a` wins a tie.
      const [w, l] = b.spec > a.spec ? [b, a] : [a, b];
      const reason: PrecedenceReason =
        w.spec === l.spec
          ? 'order'
          : !!w.sel.dates !== !!l.sel.dates
            ? 'dates'
            : !!w.sel.days !== !!l.sel.days
              ? 'days'
              : 'months';
      out.push({
        winner: { entry: w.entry, item: w.item },
        loser: { entry: l.entry, item: l.item },
        weekdays,
        months,
        dates,
        reason,
      });
    }
  return out;
}

const REASON: Record<PrecedenceReason, string> = {
  dates: 'named dates come before days',
  days: 'named days come before All',
  months: 'named months come before All months',
  order: 'equally specific, so the earlier row wins',
};

const DAY_SHORT = DAY_NAMES.map((d) => d.slice(0, 3));
const MONTH_SHORT = MONTH_NAMES.map((m) => m.slice(0, 3));

/** `[1,2,3,4,5]` → "Mon–Fri", `[6]` → "Sat", `[1,3]` → "Mon, Wed". */
function runs(values: number[], names: string[]): string {
  const parts: string[] = [];
  for (let k = 0; k < values.length;) {
    let j = k;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j++;
    const a = names[values[k]! - 1]!,
      b = names[values[j]! - 1]!;
    parts.push(j === k ? a : j === k + 1 ? `${a}, ${b}` : `${a}–${b}`);
    k = j + 1;
  }
  return parts.join(', ');
}

/** "on Sat", "on Mon–Fri in Dec", "on every day on dates 25, 26". */
export function whenText(o: Pick<Override, 'weekdays' | 'months' | 'dates'>): string {
  let s = o.weekdays ? `on ${runs(o.weekdays, DAY_SHORT)}` : 'on every day';
  if (o.months) s += ` in ${runs(o.months, MONTH_SHORT)}`;
  if (o.dates) s += ` on date${o.dates.length > 1 ? 's' : ''} ${o.dates.join(', ')}`;
  return s;
}

/** A row's name as the editor shows it: its days, and its month group when that differs. */
export function rowName(schedule: Schedule, r: RowRef, from?: number): string {
  const entry = schedule[r.entry]!;
  const days = `‘${entry.days_and_hours[r.item]!.days.join('/')}’`;
  return from === undefined || from === r.entry ? days : `${days} of ${groupName(schedule, r.entry)}`;
}

/**
 * A month group's months in a few words, in calendar order with runs joined: "Jun–Oct",
 * "Jan–May, Nov–Dec", "Mar"; "All" for every month, "no months yet" for none. Names the schedule
 * does not know are kept as written, so a typo stays visible.
 */
export function monthsText(months: string[] | undefined): string {
  if (!months) return 'All';
  if (!months.length) return 'no months yet';
  const known = new Set<number>();
  const unknown: string[] = [];
  for (const m of months) {
    const v = parseMonth(m);
    if (v === 'all') return 'All';
    if (v) v.forEach((x) => known.add(x));
    else unknown.push(m);
  }
  if (known.size === 12 && !unknown.length) return 'All';
  const sorted = [...known].sort((x, y) => x - y);
  const parts: string[] = [];
  for (let k = 0; k < sorted.length;) {
    let j = k;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const a = MONTH_SHORT[sorted[k]! - 1]!,
      b = MONTH_SHORT[sorted[j]! - 1]!;
    parts.push(j === k ? a : `${a}–${b}`);
    k = j + 1;
  }
  return [...parts, ...unknown].join(', ');
}

/** "month group 2 (Jun–Oct)", "month group 3 (Dec, dates 25, 26)". */
export function groupName(schedule: Schedule, e: number): string {
  const entry = schedule[e]!;
  const dates = entry.dates?.length ? `, dates ${entry.dates.join(', ')}` : '';
  return `month group ${e + 1} (${monthsText(entry.months)}${dates})`;
}

/**
 * For each row, in words: where it overrides other rows and where others override it. Keyed by
 * `entry:item`. Precedence is per instant, so a losing row still applies where the winner has no band.
 */
export function precedenceText(schedule: Schedule): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (r: RowRef, line: string) => {
    const k = `${r.entry}:${r.item}`;
    out.set(k, [...(out.get(k) ?? []), line]);
  };
  for (const o of overrides(schedule)) {
    const when = whenText(o);
    add(o.winner, `Overrides ${rowName(schedule, o.loser, o.winner.entry)} ${when} (${REASON[o.reason]}).`);
    add(
      o.loser,
      `${rowName(schedule, o.winner, o.loser.entry)} overrides this row ${when} (${REASON[o.reason]}); this row applies there only where that one has no band.`,
    );
  }
  return out;
}
