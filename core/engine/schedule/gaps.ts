import type { Schedule } from '../schemas/schedule.js';
import { bandSpan, formatTimeOfDay, DAY_SECONDS } from './names.js';
import { selectorOf, selects, whenText, type DayKey, type DaySelector } from './precedence.js';

/** Times of a day no band covers, and the days they are open on. */
export interface ScheduleGap {
  /** ISO weekdays (1 = Monday); null for every weekday. */
  weekdays: number[] | null;
  /** Month numbers; null for every month. */
  months: number[] | null;
  /** Local times as "HH:MM–HH:MM", end of day as 24:00. */
  spans: string[];
  /** "Gap on Sat, Sun: 00:00–08:00, 12:00–24:00 …" */
  text: string;
}

interface Part {
  sel: DaySelector;
  from: number;
  to: number;
}

const hhmm = (sec: number) => {
  if (sec === DAY_SECONDS) return '24:00';
  const t = formatTimeOfDay(sec);
  return t.endsWith(':00') ? t.slice(0, 5) : t;
};

/**
 * Where a schedule prices nothing (pricing rule 4), by the engine's own matching (rules 2 and 3):
 * at an instant, every row that applies on the day and has a band there is a candidate, and the
 * most specific wins. So a time is a gap only when no applying row has a band there — a more
 * specific row without a band lets the next one apply. Rows on named dates fill their dates only,
 * so the other days of their months are checked without them. A band past midnight covers the
 * next morning; the day before is taken as the same month.
 */
export function scheduleGaps(schedule: Schedule): ScheduleGap[] {
  const parts: Part[] = [];
  const named = new Set<number>();
  for (const entry of schedule) {
    if (entry.dates?.length) {
      entry.dates.forEach((d) => named.add(d));
      continue;
    }
    for (const item of entry.days_and_hours) {
      const sel = selectorOf(entry, item.days);
      for (const h of item.hours) {
        const span = bandSpan(h.valid_from, h.valid_to);
        if (span) parts.push({ sel, from: span.from, to: span.to });
      }
    }
  }
  // Per calendar kind (month × weekday), the uncovered spans; then kinds with equal spans merged.
  const bySpans = new Map<string, { spans: string[]; days: Map<number, number[]> }>();
  for (let month = 1; month <= 12; month++)
    for (let weekday = 1; weekday <= 7; weekday++) {
      // Date 0 matches no named date, like a day outside every date list.
      const day: DayKey = { month, day: 0, weekday };
      const prev: DayKey = { month, day: 0, weekday: weekday === 1 ? 7 : weekday - 1 };
      const covered: [number, number][] = [];
      for (const p of parts) {
        if (selects(p.sel, day)) covered.push([p.from, Math.min(p.to, DAY_SECONDS)]);
        if (p.to > DAY_SECONDS && selects(p.sel, prev)) covered.push([0, p.to - DAY_SECONDS]);
      }
      covered.sort((a, b) => a[0] - b[0]);
      const spans: string[] = [];
      let at = 0;
      for (const [a, b] of covered) {
        if (a > at) spans.push(`${hhmm(at)}–${hhmm(a)}`);
        at = Math.max(at, b);
      }
      if (at < DAY_SECONDS) spans.push(`${hhmm(at)}–24:00`);
      if (!spans.length) continue;
      const key = spans.join(', ');
      const g = bySpans.get(key) ?? { spans, days: new Map<number, number[]>() };
      g.days.set(weekday, [...(g.days.get(weekday) ?? []), month]);
      bySpans.set(key, g);
    }
  const out: ScheduleGap[] = [];
  const aside = named.size ? ` (except where rows for dates ${[...named].sort((a, b) => a - b).join(', ')} apply)` : '';
  for (const { spans, days } of bySpans.values()) {
    // Weekdays open in the same months read as one sentence: "on Sat, Sun in Jan–Mar".
    const byMonths = new Map<string, { months: number[]; weekdays: number[] }>();
    for (const [weekday, months] of days) {
      const k = months.join(',');
      const g = byMonths.get(k) ?? { months, weekdays: [] };
      g.weekdays.push(weekday);
      byMonths.set(k, g);
    }
    for (const g of byMonths.values()) {
      const weekdays = g.weekdays.length === 7 ? null : g.weekdays;
      const months = g.months.length === 12 ? null : g.months;
      const when = whenText({ weekdays, months, dates: null });
      out.push({
        weekdays,
        months,
        spans,
        text: `Gap ${when}${aside}: ${spans.join(', ')} has no band in any row that applies, so prices there are unknown (confidence ≤ 0.5).`,
      });
    }
  }
  return out;
}
