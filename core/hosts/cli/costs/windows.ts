// A usage file longer than one request takes is priced a window at a time: where to cut it, and
// how much of an interval across a cut falls on each side.
import { DateTime } from 'luxon';
import type { UsageInterval } from '../../../engine/usage/csv.js';

/** The intervals inside [from, to): those across an edge cut, their energy pro rata by time. */
export function clip(intervals: UsageInterval[], from: number, to: number): UsageInterval[] {
  const out: UsageInterval[] = [];
  for (const iv of intervals) {
    const a = Math.max(iv.start, from);
    const b = Math.min(iv.end, to);
    if (b <= a) continue;
    const whole = a === iv.start && b === iv.end;
    out.push({ start: a, end: b, kwh: whole ? iv.kwh : (iv.kwh * (b - a)) / (iv.end - iv.start) });
  }
  return out;
}

/**
 * Windows of at most `max` intervals each, covering [from, to) in order: cut where a period of
 * the answer starts (a local day or month), or at any interval's start when there is one period,
 * so that no period is priced in two requests.
 */
export function windowsOf(
  intervals: UsageInterval[],
  from: number,
  to: number,
  groupBy: string,
  zone: string,
  max: number,
): [number, number][] {
  const out: [number, number][] = [];
  let a = from;
  let i = 0;
  while (intervals.length - i > max) {
    // Cutting at or before this start leaves at most `max` intervals before the cut.
    const limit = intervals[i + max]!.start;
    // Cut at a local month's start where one fits: tiers count each month's energy from its
    // start, so a month priced in one request is priced as its bill. Only a month holding more
    // intervals than one request takes is cut inside (its tiers then count from the cut).
    const month = DateTime.fromMillis(limit, { zone }).startOf('month').toMillis();
    const b =
      month > a
        ? month
        : groupBy === 'none'
          ? limit
          : DateTime.fromMillis(limit, { zone })
              .startOf(groupBy === 'month' ? 'month' : 'day')
              .toMillis();
    if (b <= a)
      throw new Error(
        `one ${groupBy === 'month' ? 'month' : 'day'} of the file holds more than ${max} intervals, the most one request takes; use --group-by none`,
      );
    out.push([a, b]);
    a = b;
    while (i < intervals.length && intervals[i]!.end <= b) i++;
  }
  out.push([a, to]);
  return out;
}
