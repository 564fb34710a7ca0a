import type { PriceInterval } from '../types.js';
import type { Segment } from './periods.js';

/** A price limit as requests give it: a price per kWh, a share of the window's price range, or both. */
export interface Thresholds {
  /** Major currency units per kWh. */
  absolute?: number | undefined;
  /** 0–1: LOW puts the limit at min + r·(max − min), HIGH at max − r·(max − min). */
  relative?: number | undefined;
}

/** Prices are 5-decimal numbers: a limit computed in floating point is held to them within this. */
const EPS = 1e-9;

/**
 * The one limit a price must meet (at or below it for LOW, at or above for HIGH): with both
 * thresholds given a price must meet both, which is meeting the stricter. The range of a relative
 * threshold is that of the known prices given. Null when neither threshold applies (no known price
 * for a relative one alone).
 */
export function limitOf(known: readonly PriceInterval[], segment: Segment, t: Thresholds): number | null {
  const limits: number[] = [];
  if (t.absolute !== undefined) limits.push(t.absolute);
  if (t.relative !== undefined && known.length > 0) {
    let min = Infinity;
    let max = -Infinity;
    for (const iv of known) {
      if (iv.value < min) min = iv.value;
      if (iv.value > max) max = iv.value;
    }
    limits.push(segment === 'LOW' ? min + t.relative * (max - min) : max - t.relative * (max - min));
  }
  if (limits.length === 0) return null;
  return segment === 'LOW' ? Math.min(...limits) : Math.max(...limits);
}

/** Whether a price meets a limit of `limitOf` (null: no known price, nothing meets it). */
export function meets(value: number, limit: number | null, segment: Segment): boolean {
  if (limit === null) return false;
  return segment === 'LOW' ? value <= limit + EPS : value >= limit - EPS;
}
