import type { PriceInterval } from '../types.js';
import { knownIntervals, lengthOf, mergePeriods, type Period, type Piece, type Segment } from './periods.js';
import { limitOf, meets, type Thresholds } from './threshold.js';

export interface LimitResult {
  periods: Period[];
  pieces: Piece[];
  /** The price limit applied (major units per kWh), or null where no price is known. */
  limit: number | null;
  /** Total length of the periods. */
  durationMs: number;
}

/**
 * Schedule by limit: every interval of a known price at or below (LOW) or at or above (HIGH)
 * the limit, merged where they touch.
 */
export function scheduleByLimit(intervals: readonly PriceInterval[], segment: Segment, t: Thresholds): LimitResult {
  const known = knownIntervals(intervals);
  const limit = limitOf(known, segment, t);
  const pieces: Piece[] = known
    .filter((iv) => meets(iv.value, limit, segment))
    .map((iv) => ({ from: iv.from, to: iv.to, value: iv.value, confidence: iv.confidence }));
  return { periods: mergePeriods(pieces), pieces, limit, durationMs: lengthOf(pieces) };
}
