import { localDays, type LocalDay } from '../pricing/local-days.js';
import type { UsageSeries } from '../pricing/cost.js';
import { dayTypeOf, type UsageShape } from './profiles.js';

/**
 * Calls `slot` for each profile interval present on a local day: interval `k` covers local
 * seconds `[k·L, (k+1)·L)` of the day's wall clock, so a 23-hour day has 92 quarter hours (the
 * skipped hour's are absent) and a 25-hour day 100 (the repeated hour's come twice).
 */
function eachSlot(day: LocalDay, slotSeconds: number, slot: (k: number, start: number, end: number) => void): void {
  for (const piece of day.pieces) {
    const localEnd = piece.localStart + (piece.end - piece.start) / 1000;
    const first = Math.max(0, Math.floor(piece.localStart / slotSeconds));
    for (let k = first; k * slotSeconds < localEnd; k++) {
      const a = Math.max(piece.start, piece.start + (k * slotSeconds - piece.localStart) * 1000);
      const b = Math.min(piece.end, piece.start + ((k + 1) * slotSeconds - piece.localStart) * 1000);
      if (b > a) slot(k, a, b);
    }
  }
}

function dayWeights(shape: UsageShape, day: LocalDay): Float64Array {
  const season = shape.seasonOf(day.month, day.day);
  return shape.weights[season]![dayTypeOf(day.weekday)]!;
}

/** The sum of a local calendar year's laid-out weights (slots cut short count in part). */
const yearSums = new Map<string, number>();
function yearSum(shape: UsageShape, zone: string, year: number): number {
  const key = `${shape.name}|${zone}|${year}`;
  let sum = yearSums.get(key);
  if (sum !== undefined) return sum;
  const slotSeconds = shape.interval_minutes * 60;
  // Offsets lie within ±14 h: this span holds the whole local year, and days of other years are skipped.
  const margin = 15 * 3_600_000;
  const days = localDays(zone, Date.UTC(year, 0, 1) - margin, Date.UTC(year + 1, 0, 1) + margin);
  sum = 0;
  for (const day of days) {
    if (day.year !== year) continue;
    const w = dayWeights(shape, day);
    eachSlot(day, slotSeconds, (k, a, b) => (sum! += (w[k]! * (b - a)) / (slotSeconds * 1000)));
  }
  // A few profiles, zones and years are ever asked for; the bound only stops a flood of odd years.
  if (yearSums.size >= 4096) yearSums.clear();
  yearSums.set(key, sum);
  return sum;
}

/**
 * A profile laid on the location's local time over `[from, to)`, scaled so that each local
 * calendar year holds `kwhPerYear` (the year's own days, weekdays and clock changes decide
 * how it spreads). Intervals cut by the window's ends keep their part of the energy.
 */
export function layProfile(shape: UsageShape, zone: string, from: number, to: number, kwhPerYear: number): UsageSeries {
  const slotSeconds = shape.interval_minutes * 60;
  const days = localDays(zone, from, to);
  const cap = Math.ceil((to - from) / (slotSeconds * 1000)) + 16;
  const starts = new Float64Array(cap);
  const ends = new Float64Array(cap);
  const microKwh = new Float64Array(cap);
  let n = 0;
  for (const day of days) {
    const w = dayWeights(shape, day);
    const scale = (kwhPerYear * 1e6) / yearSum(shape, zone, day.year);
    eachSlot(day, slotSeconds, (k, a, b) => {
      const lo = Math.max(a, from);
      const hi = Math.min(b, to);
      if (!(hi > lo)) return;
      starts[n] = lo;
      ends[n] = hi;
      microKwh[n] = Math.round((w[k]! * scale * (hi - lo)) / (slotSeconds * 1000));
      n++;
    });
  }
  return { starts: starts.subarray(0, n), ends: ends.subarray(0, n), microKwh: microKwh.subarray(0, n) };
}
