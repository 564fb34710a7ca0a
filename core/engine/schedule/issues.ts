import type { Schedule } from '../schemas/schedule.js';
import { groupName } from './precedence.js';

/** Where in a schedule a problem is: a month group, a row of it, a band of the row, a tier of the band. */
export interface SchedulePlace {
  entry: number;
  item?: number;
  band?: number;
  tier?: number;
}

export interface ScheduleProblem {
  /** One sentence: the place in words, then what is wrong. */
  text: string;
  at: SchedulePlace;
}

/** The subset of a zod issue the mapper reads. */
export interface IssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  params?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

/** What is wrong, in words, by the schema's named code (core/engine/schemas/schedule.ts). */
const BY_CODE: Record<string, string> = {
  to_kwh_invalid: 'the upper bound must be above the lower bound (only the last tier may be open-ended)',
  surcharge_percentage_invalid: 'the surcharge fraction must be between 0 and 1 (0.05 = 5 %)',
  valid_from_invalid: 'the start must be a time of day HH:MM:SS',
  valid_to_invalid: 'the end must differ from the start (00:00–00:00 is the whole day)',
  month_invalid: 'a month must be All or a month name',
  day_invalid: 'a day must be All, Weekdays, Weekend or a day name',
  date_invalid: 'a date must be a whole day of the month, 1–31',
};

const FIELD: Record<string, string> = {
  fixed: 'the price',
  to_kwh: 'the upper bound',
  surcharge_fixed: 'the surcharge',
  surcharge_percentage: 'the surcharge fraction',
  valid_from: 'the start',
  valid_to: 'the end',
  months: 'the months',
  dates: 'the dates',
  days: 'the days',
  hours: 'the bands',
  rate: 'the rate',
};

const hhmm = (t: unknown) => (typeof t === 'string' ? t.slice(0, 5) : '?');

/** A band's name: its times, e.g. "band 07:00–09:00". */
function bandName(schedule: Schedule, e: number, i: number, b: number): string {
  const h = schedule[e]?.days_and_hours[i]?.hours[b];
  if (!h) return `band ${b + 1}`;
  const to = h.valid_to === '00:00:00' ? '24:00' : hhmm(h.valid_to);
  return `band ${hhmm(h.valid_from)}–${to}`;
}

/** What is wrong, from the issue's named code, else from zod's own issue kind. */
function what(issue: IssueLike, field: string | undefined, schedule: Schedule, place: SchedulePlace): string {
  const code = (issue.params as { code?: string } | undefined)?.code;
  if (code === 'hours_overlap') {
    const other = /overlaps band (\d+)/.exec(issue.message);
    const o = other ? Number(other[1]) : undefined;
    return o === undefined || place.item === undefined
      ? 'it overlaps another band of the same row'
      : `it overlaps ${bandName(schedule, place.entry, place.item, o)} of the same row`;
  }
  if (code && BY_CODE[code]) return BY_CODE[code];
  const name = (field && FIELD[field]) ?? 'this value';
  switch (issue.code) {
    case 'too_small':
      if (field === 'hours') return 'the row has no band; draw at least one';
      if (field === 'days_and_hours') return 'the month group has no day row';
      if (field === 'rate') return 'the band has no rate tier';
      if (field === 'months') return 'no month is chosen yet; pick at least one';
      if (field === 'days') return `${name} may not be empty`;
      return `${name} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `${name} may be at most ${String(issue.maximum)}${field === 'hours' ? ' bands' : ''}`;
    case 'invalid_type':
      return `${name} must be a number`;
    case 'unrecognized_keys':
      return 'it has a field the schedule does not know';
    default:
      return `${name}: ${issue.message}`;
  }
}

/**
 * Turns schema issues of a schedule into sentences naming the place — "Month group 1 (All), row
 * ‘Weekdays’, band 07:00–09:00, tier 1: the upper bound must be above the lower bound" — and the
 * place itself, so the editor can select and outline it.
 */
export function describeIssues(schedule: Schedule, issues: readonly IssueLike[]): ScheduleProblem[] {
  const out: ScheduleProblem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const p = issue.path;
    const at: SchedulePlace = { entry: typeof p[0] === 'number' ? p[0] : 0 };
    const where: string[] = [];
    let field: string | undefined;
    if (typeof p[0] === 'number') {
      where.push(groupName(schedule, p[0]).replace(/^m/, 'M'));
      field = typeof p[1] === 'string' ? p[1] : undefined;
      if (p[1] === 'days_and_hours' && typeof p[2] === 'number') {
        at.item = p[2];
        const row = schedule[p[0]]?.days_and_hours[p[2]];
        where.push(`row ‘${row?.days.join('/') ?? p[2] + 1}’`);
        field = typeof p[3] === 'string' ? p[3] : undefined;
        if (p[3] === 'hours' && typeof p[4] === 'number') {
          at.band = p[4];
          where.push(bandName(schedule, p[0], p[2], p[4]));
          field = typeof p[5] === 'string' ? p[5] : undefined;
          if (p[5] === 'rate' && typeof p[6] === 'number') {
            at.tier = p[6];
            where.push(`tier ${p[6] + 1}`);
            field = typeof p[7] === 'string' ? p[7] : 'rate';
          }
        }
      }
    } else where.push('The schedule');
    const text = `${where.join(', ')}: ${what(issue, field, schedule, at)}`;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ text, at });
  }
  return out;
}
