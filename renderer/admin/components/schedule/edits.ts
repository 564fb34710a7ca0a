import type { Rate, Schedule, ScheduleEntry } from '../../../../core/engine/schemas/schedule';
import { DAY_NAMES, MONTH_NAMES, parseDay, parseMonth } from '../../../../core/engine/schedule/names';
import { monthsText } from '../../../../core/engine/schedule/precedence';
import { clone } from '../schedule-model';

/**
 * The editor's bulk edits, each a pure function from a draft to the next: copying a month group
 * or a day row, and giving every band of a group the tiers of one band. They are what makes the
 * second season of a tariff a copy and a few prices rather than a redraw.
 */

/** A month group's name on its tab: "Jun–Oct", "All months", "No months yet", with its dates. */
export function groupLabel(entry: Pick<ScheduleEntry, 'months' | 'dates'>): string {
  const m = monthsText(entry.months);
  const name = m === 'All' ? 'All months' : m === 'no months yet' ? 'No months yet' : m;
  return `${name}${entry.dates?.length ? ` · dates ${entry.dates.join(', ')}` : ''}`;
}

const monthSet = (months: string[] | undefined): Set<number> | 'all' => {
  if (!months) return 'all';
  const out = new Set<number>();
  for (const m of months) {
    const v = parseMonth(m);
    if (v === 'all') return 'all';
    v?.forEach((x) => out.add(x));
  }
  return out;
};
const sameDates = (a: number[] | undefined, b: number[] | undefined) => (a ?? []).join(',') === (b ?? []).join(',');

/**
 * The months a copy of group `e` starts with: those no group with the same dates names yet (a
 * summer group's copy is the rest of the year). A copy of an all-year group, or of a group when
 * every month is taken, starts with none, and its tab says so.
 */
export function freeMonths(schedule: Schedule, e: number): string[] {
  const own = monthSet(schedule[e]!.months);
  if (own === 'all') return [];
  const taken = new Set<number>();
  for (const g of schedule) {
    if (!sameDates(g.dates, schedule[e]!.dates)) continue;
    const s = monthSet(g.months);
    // An all-year group is the fallback for the other months, not a claim on them.
    if (s !== 'all') s.forEach((m) => taken.add(m));
  }
  return MONTH_NAMES.filter((_, k) => !taken.has(k + 1));
}

/** Group `e` copied right after itself with `freeMonths`; its rows, bands and tiers as they are. */
export function duplicateGroup(schedule: Schedule, e: number): { next: Schedule; months: string[] } {
  const next = clone(schedule);
  const months = freeMonths(schedule, e);
  next.splice(e + 1, 0, { ...clone(schedule)[e]!, months });
  return { next, months };
}

const weekdays = (days: string[]): Set<number> => {
  const out = new Set<number>();
  for (const d of days) {
    const v = parseDay(d);
    if (v === 'all') return new Set([1, 2, 3, 4, 5, 6, 7]);
    v?.forEach((x) => out.add(x));
  }
  return out;
};

/** ISO weekdays as the row's days select names them: All, Weekdays, Weekend, or the day names. */
export function dayNames(set: Set<number>): string[] {
  const has = (xs: number[]) => set.size === xs.length && xs.every((x) => set.has(x));
  if (set.size === 7) return ['All'];
  if (has([1, 2, 3, 4, 5])) return ['Weekdays'];
  if (has([6, 7])) return ['Weekend'];
  return [...set].sort((a, b) => a - b).map((d) => DAY_NAMES[d - 1]!);
}

/**
 * The days a copy of row `i` starts with: the weekdays no row of its group covers yet; else the
 * days this row does not cover (a Weekdays row's copy is the Weekend); a copy of an All row is
 * the Weekend, as a new row is.
 */
export function copyDays(entry: ScheduleEntry, i: number): string[] {
  const covered = new Set<number>();
  entry.days_and_hours.forEach((r) => weekdays(r.days).forEach((d) => covered.add(d)));
  const free = [1, 2, 3, 4, 5, 6, 7].filter((d) => !covered.has(d));
  if (free.length) return dayNames(new Set(free));
  const own = weekdays(entry.days_and_hours[i]!.days);
  const rest = [1, 2, 3, 4, 5, 6, 7].filter((d) => !own.has(d));
  return rest.length ? dayNames(new Set(rest)) : ['Weekend'];
}

/** Row `i` of group `e` copied right after itself with `copyDays`; its bands as they are. */
export function duplicateRow(schedule: Schedule, e: number, i: number): { next: Schedule; days: string[] } {
  const next = clone(schedule);
  const days = copyDays(schedule[e]!, i);
  // Its bands from the original draft: `next` holds the row itself, which the copy must not share.
  const { hours } = clone(schedule)[e]!.days_and_hours[i]!;
  next[e]!.days_and_hours.splice(i + 1, 0, { days, hours });
  return { next, days };
}

/** Sums of prices without float noise: 0.4 + 0.09 is 0.49. */
const tidy = (v: number) => Number(v.toFixed(10));

/** The field a tariff's tiers step in: the price on fixed tariffs, the surcharge on market ones. */
const stepField = (market: boolean): 'fixed' | 'surcharge_fixed' => (market ? 'surcharge_fixed' : 'fixed');

/**
 * A band's rate with the tiers of `source`: the band keeps its own first tier, each later tier is
 * that first tier plus the source's step to it, above the source's bounds. A band at 0.25 given
 * the tiers "0.40 → 0.49 over 350 kWh/month" becomes "0.25 → 0.34 over 350 kWh/month".
 */
export function withTiers(own: Rate[], source: Rate[], market: boolean): Rate[] {
  const f = stepField(market);
  const base: Rate = { ...own[0] };
  delete base.to_kwh;
  const from = source[0]?.[f] ?? 0;
  return source.map((t, k) => {
    const tier: Rate = { ...base };
    if (k > 0) tier[f] = tidy((base[f] ?? 0) + (t[f] ?? 0) - from);
    if (t.to_kwh !== undefined) tier.to_kwh = t.to_kwh;
    return tier;
  });
}

/** The steps of a band's tiers in words: "+0.09 over 350 kWh/month, +0.15 over 700". */
export function stepsText(source: Rate[], market: boolean): string {
  const f = stepField(market);
  const from = source[0]?.[f] ?? 0;
  return source
    .slice(1)
    .map((t, k) => {
      const d = tidy((t[f] ?? 0) - from);
      return `${d < 0 ? '−' : '+'}${Math.abs(d)} over ${source[k]!.to_kwh ?? '?'}${k === 0 ? ' kWh/month' : ''}`;
    })
    .join(', ');
}

/** Every band of group `e` with the tiers of `source`; how many bands it changed. */
export function applyTiers(
  schedule: Schedule,
  e: number,
  source: Rate[],
  market: boolean,
): { next: Schedule; changed: number } {
  const next = clone(schedule);
  let changed = 0;
  for (const row of next[e]!.days_and_hours)
    for (const band of row.hours) {
      const rate = withTiers(band.rate, source, market);
      if (JSON.stringify(rate) !== JSON.stringify(band.rate)) changed++;
      band.rate = rate;
    }
  return { next, changed };
}
