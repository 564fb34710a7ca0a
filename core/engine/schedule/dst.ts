import type { Schedule } from '../schemas/schedule.js';
import { localDays } from '../pricing/local-days.js';
import { bandSpan, DAY_SECONDS, formatTimeOfDay } from './names.js';
import { rowName, selectorOf, selects, type DayKey } from './precedence.js';

/** A day on which the zone's offset changes, and the bands whose wall-clock time it touches. */
export interface DstNote {
  /** ISO date of the local day. */
  date: string;
  kind: 'skipped' | 'repeated';
  /** Local seconds since midnight: the wall-clock span that does not exist or happens twice. */
  from: number;
  to: number;
  /** "The hour 02:00–03:00 does not exist on 29 Mar 2026" or "02:00–03:00 happens twice on 25 Oct 2026". */
  text: string;
  /** One line per touched band, e.g. "‘All’ 22:00–06:00 is 1 h shorter that day". */
  bands: string[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const hhmm = (sec: number) => (sec >= DAY_SECONDS ? '24:00' : formatTimeOfDay(sec).slice(0, 5));
const length = (sec: number) =>
  sec % 3600 === 0
    ? `${sec / 3600} h`
    : sec >= 3600
      ? `${Math.floor(sec / 3600)} h ${(sec % 3600) / 60} min`
      : `${sec / 60} min`;

function keyOf(y: number, m: number, d: number): DayKey {
  const t = new Date(Date.UTC(y, m - 1, d));
  return { month: t.getUTCMonth() + 1, day: t.getUTCDate(), weekday: ((t.getUTCDay() + 6) % 7) + 1 };
}

/**
 * The offset changes of `zone` in `[from, from + days)` and, for each, the bands that cover part of
 * the skipped or repeated wall-clock span on that day — bands of rows that apply that day, and
 * bands of the day before that wrap past midnight into it (pricing rules 1 and 2). Local days come
 * from the engine's own day walk.
 */
export function dstNotes(zone: string, schedule: Schedule, from: number, days = 366): DstNote[] {
  const notes: DstNote[] = [];
  for (const day of localDays(zone, from, from + days * 86_400_000)) {
    if (day.pieces.length < 2) continue;
    const [p0, p1] = day.pieces as [(typeof day.pieces)[0], (typeof day.pieces)[0]];
    const end0 = p0.localStart + (p0.end - p0.start) / 1000;
    const kind = p1.localStart > end0 ? 'skipped' : 'repeated';
    const [a, b] = kind === 'skipped' ? [end0, p1.localStart] : [p1.localStart, end0];
    const date = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
    const said = `${day.day} ${MONTHS[day.month - 1]} ${day.year}`;
    const span = `${hhmm(a)}–${hhmm(b)}`;
    const text =
      kind === 'skipped'
        ? `${b - a === 3600 ? 'The hour' : 'The time'} ${span} does not exist on ${said}`
        : `${span} happens twice on ${said}`;
    const today = keyOf(day.year, day.month, day.day);
    const yesterday = keyOf(day.year, day.month, day.day - 1);
    const bands: string[] = [];
    schedule.forEach((entry, e) =>
      entry.days_and_hours.forEach((item, i) => {
        const sel = selectorOf(entry, item.days);
        for (const h of item.hours) {
          const s = bandSpan(h.valid_from, h.valid_to);
          if (!s) continue;
          // Today's part of the band, and yesterday's part that wraps past midnight into today.
          const parts: [number, number][] = [];
          if (selects(sel, today)) parts.push([s.from, Math.min(s.to, DAY_SECONDS)]);
          if (s.to > DAY_SECONDS && selects(sel, yesterday)) parts.push([0, s.to - DAY_SECONDS]);
          const touched = parts.reduce((n, [f, t]) => n + Math.max(0, Math.min(t, b) - Math.max(f, a)), 0);
          if (!touched) continue;
          const name = `${rowName(schedule, { entry: e, item: i }, schedule.length > 1 ? -1 : e)} ${hhmm(s.from)}–${hhmm(s.to % DAY_SECONDS || DAY_SECONDS)}`;
          bands.push(`${name} is ${length(touched)} ${kind === 'skipped' ? 'shorter' : 'longer'} that day`);
        }
      }),
    );
    notes.push({ date, kind, from: a, to: b, text, bands });
  }
  return notes;
}
