import type { UsageSeries } from '../pricing/cost.js';

/**
 * Series laid on one common grid: cells `[starts[k], ends[k])` cut wherever any interval of any
 * series starts or ends, or at one of the extra cuts (the local months' starts), and
 * `values[s][k]` the micro-kWh of series `s` in cell `k`. Cells no energy reaches are left out.
 */
export interface Grid {
  starts: Float64Array;
  ends: Float64Array;
  values: Float64Array[];
}

/**
 * Puts each series on the common grid, pro rata by time: an hour of usage meets four quarter
 * hours of solar evenly. A series may have overlapping intervals (several meters): they add.
 * Energy stays whole micro-kWh and each interval's cells sum to exactly its energy: a cell gets
 * `round(k·(y−a)/d) − round(k·(x−a)/d)`, the rounding of the cumulative share. Only `[from, to)`
 * is kept. With `keepEmpty` every cell of `[from, to)` is kept (a battery may charge in a cell
 * no usage reaches).
 */
export function toGrid(
  series: readonly UsageSeries[],
  from: number,
  to: number,
  cuts: ArrayLike<number>,
  keepEmpty = false,
): Grid {
  const cutList = collectCuts(series, from, to, cuts);
  const nCells = cutList.length - 1;
  const sums = series.map(() => new Float64Array(Math.max(0, nCells)));
  series.forEach((s, si) => {
    const out = sums[si]!;
    let c = 0;
    for (let i = 0; i < s.starts.length; i++) {
      const a = s.starts[i]!;
      const b = s.ends[i]!;
      const k = s.microKwh[i]!;
      if (b <= from || a >= to || k === 0) continue;
      const dur = b - a;
      const x0 = Math.max(a, from);
      c = seek(cutList, x0, c);
      let before = x0 === a ? 0 : Math.round((k * (x0 - a)) / dur);
      while (c < nCells && cutList[c]! < b) {
        const y = cutList[c + 1]!;
        const upTo = y >= b ? k : Math.round((k * (y - a)) / dur);
        out[c]! += upTo - before;
        before = upTo;
        c++;
      }
    }
  });
  // Keep the cells some energy reaches.
  const keep = new Uint8Array(Math.max(0, nCells));
  let n = 0;
  for (const v of sums)
    for (let k = 0; k < nCells; k++)
      if ((keepEmpty || v[k] !== 0) && keep[k] === 0) {
        keep[k] = 1;
        n++;
      }
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  const values = series.map(() => new Float64Array(n));
  let j = 0;
  for (let k = 0; k < nCells; k++) {
    if (keep[k] === 0) continue;
    starts[j] = cutList[k]!;
    ends[j] = cutList[k + 1]!;
    for (let s = 0; s < series.length; s++) values[s]![j] = sums[s]![k]!;
    j++;
  }
  return { starts, ends, values };
}

/** The first index at or after `hint` whose cut is at least `t` (cuts ascend). */
function seek(cuts: Float64Array, t: number, hint: number): number {
  let c = hint < cuts.length && cuts[hint]! <= t ? hint : 0;
  if (c + 64 < cuts.length && cuts[c + 64]! < t) {
    let lo = c + 64,
      hi = cuts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cuts[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  while (c < cuts.length - 1 && cuts[c]! < t) c++;
  return c;
}

/** A series' starts and ends, ascending: interleaved as they are when its intervals do not overlap. */
function boundsOf(s: UsageSeries): Float64Array {
  const n = s.starts.length;
  const out = new Float64Array(2 * n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    out[2 * i] = s.starts[i]!;
    out[2 * i + 1] = s.ends[i]!;
    if (i > 0 && s.starts[i]! < s.ends[i - 1]!) sorted = false;
  }
  return sorted ? out : out.sort();
}

/** Two ascending lists merged, each value once, only those inside `[from, to]`. */
function merge(a: ArrayLike<number>, b: ArrayLike<number>, from: number, to: number): Float64Array {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const t = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (t < from || t > to) continue;
    if (n === 0 || out[n - 1] !== t) out[n++] = t;
  }
  return out.subarray(0, n);
}

/** Every distinct instant where a cell may start or end, inside `[from, to]`, ascending. */
function collectCuts(series: readonly UsageSeries[], from: number, to: number, extra: ArrayLike<number>): Float64Array {
  let cuts = merge([from, to], Float64Array.from(extra).sort(), from, to);
  for (const s of series) cuts = merge(cuts, boundsOf(s), from, to);
  return cuts;
}
