import type { PriceInterval } from './types.js';

export const HOUR_MS = 3_600_000;

const round5 = (x: number) => Math.round(x * 1e5) / 1e5 + 0;

/** One whole-hour slot of a window with the time-weighted average of the prices in it. */
export interface HourSlot {
  from: number;
  to: number;
  /** Major currency units per kWh, 5 decimals. */
  value: number;
  /** The lowest confidence of the prices in the slot. */
  confidence: number;
}

/**
 * The window `[from, to)` cut at every whole hour of UTC: the first slot runs from `from` to the
 * next whole hour, the last ends at `to`. Each slot's price is the time-weighted average of the
 * (rounded) intervals that cover it, as `POST /prices` answers them, and its confidence their
 * lowest. `intervals` cover the window contiguously, in order.
 */
export function hourlySlots(from: number, to: number, intervals: readonly PriceInterval[]): HourSlot[] {
  const out: HourSlot[] = [];
  let i = 0;
  for (let start = from; start < to;) {
    const end = Math.min(Math.floor(start / HOUR_MS) * HOUR_MS + HOUR_MS, to);
    while (i < intervals.length && intervals[i]!.to <= start) i++;
    let sum = 0;
    let covered = 0;
    let confidence = 1;
    for (let j = i; j < intervals.length && intervals[j]!.from < end; j++) {
      const iv = intervals[j]!;
      const span = Math.min(iv.to, end) - Math.max(iv.from, start);
      if (span <= 0) continue;
      sum += iv.value * span;
      covered += span;
      confidence = Math.min(confidence, iv.confidence);
    }
    out.push({
      from: start,
      to: end,
      value: covered > 0 ? round5(sum / covered) : 0,
      confidence: covered > 0 ? confidence : 0,
    });
    start = end;
  }
  return out;
}
