import type { PriceInterval } from '../types.js';
import {
  knownIntervals,
  lengthOf,
  mergePeriods,
  preference,
  type Period,
  type Piece,
  type Segment,
} from './periods.js';

export type DurationResult =
  | { periods: Period[]; pieces: Piece[] }
  /** The window's known prices cover less time than asked: `availableMs` of them. */
  | { unreachable: { availableMs: number } };

/**
 * Schedule by duration: the cheapest (LOW) or dearest (HIGH) intervals adding up to
 * `durationMs`, equal prices taken earlier first; the last one needed, used in part, from its
 * start. Taking whole intervals in order of price is optimal: every millisecond costs its own
 * interval's price, so no other choice of the same length costs less (more, for HIGH).
 */
export function scheduleByDuration(
  intervals: readonly PriceInterval[],
  segment: Segment,
  durationMs: number,
): DurationResult {
  const known = knownIntervals(intervals);
  const availableMs = lengthOf(known);
  if (availableMs < durationMs) return { unreachable: { availableMs } };
  const order = [...known].sort(preference(segment));
  const pieces: Piece[] = [];
  let rest = durationMs;
  for (const iv of order) {
    if (rest <= 0) break;
    const take = Math.min(rest, iv.to - iv.from);
    pieces.push({ from: iv.from, to: iv.from + take, value: iv.value, confidence: iv.confidence });
    rest -= take;
  }
  pieces.sort((a, b) => a.from - b.from);
  return { periods: mergePeriods(pieces), pieces };
}
