import type { PriceInterval } from '../types.js';

/** Which end of the price range a schedule looks for: the cheapest (LOW) or the dearest (HIGH) time. */
export type Segment = 'LOW' | 'HIGH';

/** A part of the window a schedule uses: `[from, to)` epoch ms at one price (major units per kWh). */
export interface Piece {
  from: number;
  to: number;
  value: number;
  confidence: number;
}

/** Chosen time as answered: touching pieces merged, their time-weighted average price and lowest confidence. */
export interface Period {
  from: number;
  to: number;
  average: number;
  confidence: number;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5 + 0;

/**
 * The intervals whose price is known. Confidence 0 is what the price sweep gives time that no
 * contract (or no market price) covers: its 0 is no price at all, so no schedule may pick it.
 */
export const knownIntervals = (intervals: readonly PriceInterval[]): PriceInterval[] =>
  intervals.filter((iv) => iv.confidence > 0);

/** Pieces in time order, merged where one ends as the next begins. */
export function mergePeriods(pieces: readonly Piece[]): Period[] {
  const out: Period[] = [];
  let cur: Period | undefined;
  let money = 0;
  const close = () => {
    if (cur) out.push({ ...cur, average: round5(money / (cur.to - cur.from)) });
  };
  for (const p of pieces) {
    if (cur && cur.to === p.from) {
      cur.to = p.to;
      money += p.value * (p.to - p.from);
      if (p.confidence < cur.confidence) cur.confidence = p.confidence;
      continue;
    }
    close();
    cur = { from: p.from, to: p.to, average: 0, confidence: p.confidence };
    money = p.value * (p.to - p.from);
  }
  close();
  return out;
}

/** Order of preference: the cheapest first for LOW, the dearest first for HIGH; equal prices, the earlier first. */
export function preference(segment: Segment): (a: Piece, b: Piece) => number {
  return segment === 'LOW'
    ? (a, b) => a.value - b.value || a.from - b.from
    : (a, b) => b.value - a.value || a.from - b.from;
}

/** Total milliseconds of some pieces. */
export const lengthOf = (pieces: readonly Piece[]) => pieces.reduce((n, p) => n + (p.to - p.from), 0);
