import { bandSpan, formatTimeOfDay, parseTimeOfDay, DAY_SECONDS } from '../../../../core/engine/schedule/names';

/**
 * Where bands go on a day line of 96 quarter hours, whatever a band carries (an energy rate or a
 * demand period): placing one pushes its neighbours, drawing inside one splits it, and a new band
 * learns its neighbour's value.
 */

/** Quarter hours: the editor's grid. */
export const Q = 900;
export const QUARTERS = DAY_SECONDS / Q;

export interface Span {
  valid_from: string;
  valid_to: string;
}

export const toQ = (t: string) => Math.round((parseTimeOfDay(t) ?? 0) / Q);
export const fromQ = (q: number) => formatTimeOfDay((((q % QUARTERS) + QUARTERS) % QUARTERS) * Q);

/** The quarters a band covers on its own day line, wrapping past midnight (0..96, to may exceed 96). */
export function bandQuarters(b: Span): [number, number] {
  const s = bandSpan(b.valid_from, b.valid_to);
  return s ? [s.from / Q, s.to / Q] : [0, 0];
}

/** "07:00–09:00" with the end of day as 24:00. */
export function spanText(b: Span): string {
  return `${b.valid_from.slice(0, 5)}–${b.valid_to === '00:00:00' ? '24:00' : b.valid_to.slice(0, 5)}`;
}

/** A span of quarters `[a, b)` as times; a whole day is from a time to the same time. */
const spanOf = (a: number, b: number): Span => ({
  valid_from: fromQ(a),
  valid_to: b - a === QUARTERS ? fromQ(a) : fromQ(b),
});

export type Placed<B> = { hours: B[]; pushed: string[] } | { refused: string };

/**
 * Puts band `i` (or a new band when `i` is -1, made by `fresh`) on quarters `[a, b)` of its day
 * line (`b` may pass 96 to wrap). A neighbour it runs into is pushed back to make room. A new band
 * drawn inside another splits it in two around itself (the second part goes last, before the new
 * band); a moved band that would split or cover a neighbour is refused with a sentence saying why.
 */
export function placeSpan<B extends Span>(
  hours: B[],
  i: number,
  a: number,
  b: number,
  name: (band: B) => string,
  fresh: (span: Span) => B,
): Placed<B> {
  if (b - a < 1) return { refused: 'A band lasts at least 15 min.' };
  if (b - a > QUARTERS) return { refused: 'A band lasts at most 24 h.' };
  const next = hours.map((h) => ({ ...h }));
  const pushed: string[] = [];
  const tails: B[] = [];
  for (let j = 0; j < next.length; j++) {
    if (j === i) continue;
    let [ja, jb] = bandQuarters(next[j]!);
    const before = name(next[j]!);
    // Compare on a three-day line so parts past midnight meet the other band wherever they fall.
    let split = false;
    for (const shift of [-QUARTERS, 0, QUARTERS]) {
      const sa = ja + shift,
        sb = jb + shift;
      if (Math.min(b, sb) <= Math.max(a, sa)) continue;
      if (a <= sa && sb <= b) return { refused: `Would cover ${before} entirely; delete that band first.` };
      if (sa < a && b < sb) {
        if (i >= 0) return { refused: `Would split ${before} in two; draw a new band inside it instead.` };
        const head = { ...next[j]!, ...spanOf(sa, a) };
        const tail = { ...next[j]!, ...spanOf(b, sb) };
        pushed.push(`Split ${before} into ${spanText(head)} and ${spanText(tail)}.`);
        next[j] = head;
        tails.push(tail);
        split = true;
        break;
      }
      if (sa < a) jb = a - shift;
      else ja = b - shift;
    }
    if (split) continue;
    if (jb - ja < 1) return { refused: `Would leave ${before} shorter than 15 min.` };
    const moved = { ...next[j]!, ...spanOf(ja, jb) };
    if (moved.valid_from !== next[j]!.valid_from || moved.valid_to !== next[j]!.valid_to) {
      pushed.push(`Pushed ${before} to ${spanText(moved)}.`);
      next[j] = moved;
    }
  }
  next.push(...tails);
  const span = spanOf(a, b);
  if (i < 0) next.push(fresh(span));
  else next[i] = { ...next[i]!, ...span };
  return { hours: next, pushed };
}

/**
 * The band a new band on `[a, b)` learns its value from: the one it is drawn inside, else the one
 * ending where it starts, else the one starting where it ends, else the nearest before it on the
 * day line; undefined on an empty row.
 */
export function neighbourOf(hours: Span[], a: number, b: number): number | undefined {
  if (!hours.length) return undefined;
  const spans = hours.map(bandQuarters);
  // On a three-day line, as in `placeSpan`, so a band past midnight meets the new one.
  const find = (f: (x: number, y: number) => boolean) =>
    spans.findIndex(([x, y]) => [-QUARTERS, 0, QUARTERS].some((s) => f(x + s, y + s)));
  for (const f of [
    (x: number, y: number) => x <= a && b <= y,
    (_x: number, y: number) => y === a,
    (x: number) => x === b,
  ]) {
    const k = find(f);
    if (k >= 0) return k;
  }
  // The nearest end before the start, going back round midnight.
  let best = 0,
    gap = Infinity;
  spans.forEach(([, y], k) => {
    const d = (((a - y) % QUARTERS) + QUARTERS) % QUARTERS;
    if (d < gap) [best, gap] = [k, d];
  });
  return best;
}

/** A wrapping band cut at midnight: the evening to 24:00, then 00:00 to its end, each its own day's. */
export function splitAtMidnight<B extends Span>(band: B): [B, B] {
  return [
    { ...band, valid_to: '00:00:00' },
    { ...band, valid_from: '00:00:00' },
  ];
}

/** Whether a band runs past midnight into the next day (priced by the day it starts). */
export function wraps(b: Span): boolean {
  const [a, z] = bandQuarters(b);
  return z > QUARTERS && a > 0;
}
