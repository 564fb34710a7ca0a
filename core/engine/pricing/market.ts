import type { MarketSeries } from './types.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Confidence of an estimate made beyond the last published value: falls by day, floored. */
export const estimateConfidence = (msBeyond: number) => Math.max(0.2, 0.7 - 0.05 * Math.floor(msBeyond / DAY));
/** Confidence of an estimate filling a hole inside, or before, the published series. */
export const HOLE_CONFIDENCE = 0.3;
const REFERENCE_DAYS = 7;

/** Index of the first step whose end is after `t` (binary search). */
export function stepAt(s: MarketSeries, t: number): number {
  let lo = 0;
  let hi = s.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.ends[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Time-weighted mean of the published values on `[a, b)`, or undefined where none is published. */
function meanOver(s: MarketSeries, a: number, b: number): number | undefined {
  let i = stepAt(s, a);
  let sum = 0;
  let covered = 0;
  for (; i < s.starts.length && s.starts[i]! < b; i++) {
    const lo = Math.max(a, s.starts[i]!);
    const hi = Math.min(b, s.ends[i]!);
    if (hi > lo) {
      sum += s.values[i]! * (hi - lo);
      covered += hi - lo;
    }
  }
  return covered > 0 ? sum / covered : undefined;
}

/**
 * The estimate for the hour `[h, h + 1 h)` where nothing is published (rule 8): the mean of the
 * same hour on the nearest seven days that have data, looking back first, then forward.
 */
export function estimateHour(s: MarketSeries, h: number): { value: number; confidence: number } | undefined {
  const n = s.starts.length;
  if (n === 0) return undefined;
  const first = s.starts[0]!;
  const last = s.ends[n - 1]!;
  const samples: number[] = [];
  const dir = h >= first ? -1 : 1;
  for (let k = 1; samples.length < REFERENCE_DAYS && k <= 400; k++) {
    const a = h + dir * k * DAY;
    if (dir < 0 && a + HOUR <= first) break;
    if (dir > 0 && a >= last) break;
    const m = meanOver(s, a, a + HOUR);
    if (m !== undefined) samples.push(m);
  }
  if (samples.length === 0) return undefined;
  const value = samples.reduce((x, y) => x + y, 0) / samples.length;
  return { value, confidence: h >= last ? estimateConfidence(h - last) : HOLE_CONFIDENCE };
}

/**
 * Calls `emit` for consecutive runs of the market price over `[a, b)`: published steps as they
 * are (repeated over any finer cut), and hourly estimates where nothing is published.
 */
export function walkMarket(
  s: MarketSeries,
  a: number,
  b: number,
  emit: (from: number, to: number, price: number, confidence: number) => void,
): void {
  let t = a;
  let i = stepAt(s, t);
  const n = s.starts.length;
  while (t < b) {
    if (i < n && s.starts[i]! <= t) {
      const end = Math.min(b, s.ends[i]!);
      emit(t, end, s.values[i]!, 1);
      t = end;
      i++;
      continue;
    }
    // Nothing published at t: estimate hour by hour up to the next published step.
    const nextPublished = i < n ? s.starts[i]! : Number.POSITIVE_INFINITY;
    const h = Math.floor(t / HOUR) * HOUR;
    const end = Math.min(b, h + HOUR, nextPublished);
    const est = estimateHour(s, h);
    emit(t, end, est ? est.value : 0, est ? est.confidence : 0);
    t = end;
  }
}

/** Builds a series from points sorted or not; each step lasts until the next start or `resolution`. */
export function seriesFrom(points: { start: number; end: number; value: number }[]): MarketSeries {
  const sorted = [...points].sort((x, y) => x.start - y.start);
  const starts = new Float64Array(sorted.length);
  const ends = new Float64Array(sorted.length);
  const values = new Float64Array(sorted.length);
  sorted.forEach((p, k) => {
    starts[k] = p.start;
    ends[k] = Math.min(p.end, sorted[k + 1]?.start ?? p.end);
    values[k] = p.value;
  });
  return { starts, ends, values };
}
