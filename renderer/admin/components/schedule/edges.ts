import type { Schedule } from '../../../../core/engine/schemas/schedule';
import { MONTH_NAMES } from '../../../../core/engine/schedule/names';
import { selectorOf } from '../../../../core/engine/schedule/precedence';
import { groupLabel } from './edits';
import { clone } from '../schedule-model';
import { bandQuarters, fromQ, splitAtMidnight, wraps, QUARTERS } from './place';

/**
 * A band that runs past midnight is priced by the day it starts (pricing rule 2). At a month
 * group's edge that day is in another group: the first hours of the group's first month are
 * priced by the group before it, and the first hours after its last month by this band. The
 * editor says so, naming the hours and the group, and offers to split the band at midnight.
 */
export interface EdgeWarning {
  item: number;
  band: number;
  text: string;
}

const short = (m: number) => MONTH_NAMES[m - 1]!.slice(0, 3);
const prev = (m: number) => (m === 1 ? 12 : m - 1);
const next = (m: number) => (m === 12 ? 1 : m + 1);

/** The group that prices month `m` on most days: the first whose months name it, else the first all-year one. */
function groupOf(schedule: Schedule, m: number): number | undefined {
  const sels = schedule.map((g) => selectorOf(g, ['All']).months);
  const named = sels.findIndex((s) => s?.has(m));
  if (named >= 0) return named;
  const all = sels.findIndex((s) => s === null);
  return all >= 0 ? all : undefined;
}

/** The warnings of group `e`'s wrapping bands, one per band, with the hours each edge hands over. */
type Band = Schedule[number]['days_and_hours'][number]['hours'][number];

export function edgeWarnings(schedule: Schedule, e: number, name: (band: Band) => string): EdgeWarning[] {
  const entry = schedule[e];
  const months = entry ? selectorOf(entry, ['All']).months : null;
  // An all-year group (or one with no months yet) has no edge.
  if (!entry || !months || months.size === 0 || months.size === 12) return [];
  const out: EdgeWarning[] = [];
  entry.days_and_hours.forEach((row, item) =>
    row.hours.forEach((h, band) => {
      if (!wraps(h)) return;
      const end = fromQ(bandQuarters(h)[1] - QUARTERS).slice(0, 5);
      const hours = `00:00–${end}`;
      const parts: string[] = [];
      for (const m of [...months].sort((a, b) => a - b)) {
        if (!months.has(prev(m))) {
          const g = groupOf(schedule, prev(m));
          const who = g === undefined ? 'no group (the day before has none)' : groupLabel(schedule[g]!);
          parts.push(`${hours} on 1 ${short(m)} is priced by the day before, in ${who}`);
        }
        if (!months.has(next(m))) {
          const g = groupOf(schedule, next(m));
          const theirs = g === undefined ? '' : `, not by ${groupLabel(schedule[g]!)}`;
          parts.push(`${hours} on 1 ${short(next(m))} is priced by this band${theirs}`);
        }
      }
      if (parts.length)
        out.push({
          item,
          band,
          text: `${name(h)} runs past midnight and is priced by the day it starts: ${parts.join('; ')}.`,
        });
    }),
  );
  return out;
}

/** The schedule with band `band` of row `item` of group `e` split at midnight, the morning part right after it. */
export function splitBand(schedule: Schedule, e: number, item: number, band: number): Schedule {
  const out = clone(schedule);
  const hours = out[e]!.days_and_hours[item]!.hours;
  hours.splice(band, 1, ...splitAtMidnight(hours[band]!));
  return out;
}
