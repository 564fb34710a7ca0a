import type { PriceInterval } from '../../core/engine/pricing/types.js';

/**
 * The slow references of the schedules (docs/schedules.md): every subset of a window's
 * intervals, with every one of the rest as the part-used last one, tried and the best kept. They
 * share nothing with the engine's sorting and filling; prices are compared as integers of 1e-5.
 */

export interface RefPiece {
  from: number;
  to: number;
}

const p5 = (v: number) => Math.round(v * 1e5);

/** Intervals with a known price (confidence above 0), with their integer prices. */
function knownOf(intervals: PriceInterval[]) {
  return intervals.filter((iv) => iv.confidence > 0).map((iv) => ({ ...iv, p: p5(iv.value) }));
}

/**
 * The cheapest (LOW) or dearest (HIGH) `durationMs` of the window: of every choice of whole
 * intervals plus at most one more used from its start, the best price sum, and of those the one
 * whose time lies earliest (least ∫t dt). Null when the known time is shorter than asked.
 */
export function bruteDuration(
  intervals: PriceInterval[],
  segment: 'LOW' | 'HIGH',
  durationMs: number,
): RefPiece[] | null {
  const known = knownOf(intervals);
  const n = known.length;
  if (n > 14) throw new Error(`too many intervals for the brute force: ${n}`);
  const sign = segment === 'LOW' ? 1n : -1n;
  const t0 = known[0]?.from ?? 0;
  let best: { cost: bigint; when: bigint; pieces: RefPiece[] } | null = null;
  const consider = (pieces: { from: number; to: number; p: number }[]) => {
    let cost = 0n;
    let when = 0n;
    for (const x of pieces) {
      const len = BigInt(x.to - x.from);
      cost += sign * BigInt(x.p) * len;
      when += len * BigInt(2 * (x.from - t0) + (x.to - x.from));
    }
    if (!best || cost < best.cost || (cost === best.cost && when < best.when))
      best = { cost, when, pieces: pieces.map((x) => ({ from: x.from, to: x.to })) };
  };
  for (let mask = 0; mask < 1 << n; mask++) {
    const full = known.filter((_, i) => mask & (1 << i));
    const total = full.reduce((t, x) => t + x.to - x.from, 0);
    if (total === durationMs) consider(full);
    if (total >= durationMs) continue;
    known.forEach((x, i) => {
      if (mask & (1 << i)) return;
      const need = durationMs - total;
      if (need < x.to - x.from) consider([...full, { from: x.from, to: x.from + need, p: x.p }]);
    });
  }
  if (!best) return null;
  return (best as { pieces: RefPiece[] }).pieces.sort((a, b) => a.from - b.from);
}

/** Pieces in time order, touching ones joined. */
export function joined(pieces: RefPiece[]): RefPiece[] {
  const out: RefPiece[] = [];
  for (const p of [...pieces].sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last && last.to === p.from) last.to = p.to;
    else out.push({ ...p });
  }
  return out;
}

/** Whether an integer price meets thresholds over the window's known prices (the rule, written out). */
export function refMeets(
  p: number,
  known: { p: number }[],
  segment: 'LOW' | 'HIGH',
  t: { absolute?: number | undefined; relative?: number | undefined },
): boolean {
  let ok = true;
  if (t.absolute !== undefined) ok &&= segment === 'LOW' ? p <= t.absolute * 1e5 + 1e-4 : p >= t.absolute * 1e5 - 1e-4;
  if (t.relative !== undefined) {
    if (known.length === 0) return false;
    const lo = Math.min(...known.map((k) => k.p));
    const hi = Math.max(...known.map((k) => k.p));
    const limit = segment === 'LOW' ? lo + t.relative * (hi - lo) : hi - t.relative * (hi - lo);
    ok &&= segment === 'LOW' ? p <= limit + 1e-4 : p >= limit - 1e-4;
  }
  return ok;
}

/** The periods of schedule by limit: the known intervals meeting the thresholds, joined. */
export function bruteLimit(
  intervals: PriceInterval[],
  segment: 'LOW' | 'HIGH',
  t: { absolute?: number; relative?: number },
): RefPiece[] {
  const known = knownOf(intervals);
  return joined(known.filter((k) => refMeets(k.p, known, segment, t)).map((k) => ({ from: k.from, to: k.to })));
}

/** One part of the window the reference cuts a device's time into: one price, one power left. */
export interface Slot {
  from: number;
  to: number;
  value: number;
  p: number;
  /** The power the device may draw there, W (0: none). */
  power: number;
}

export interface RefDevice {
  from: number;
  to: number;
  powerW: number;
  energyWh: number;
}

/**
 * A device's slots: its window cut at every interval edge and every edge of what the devices
 * before it draw; in each, the power it may draw (its own, or what the location's limit leaves),
 * 0 where the price is unknown or beyond the shaving threshold.
 */
export function slotsOf(
  intervals: PriceInterval[],
  d: RefDevice,
  before: { from: number; to: number; powerW: number }[],
  opts: {
    maxPowerW?: number | undefined;
    shaving?: { absolute?: number; relative?: number } | undefined;
    sell: boolean;
  },
): Slot[] {
  const edges = new Set<number>([d.from, d.to]);
  for (const iv of intervals) edges.add(iv.from).add(iv.to);
  for (const b of before) edges.add(b.from).add(b.to);
  const cuts = [...edges].filter((t) => t >= d.from && t <= d.to).sort((a, b) => a - b);
  const own = knownOf(intervals.filter((iv) => iv.to > d.from && iv.from < d.to));
  const segment = opts.sell ? 'HIGH' : 'LOW';
  const out: Slot[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i]!;
    const to = cuts[i + 1]!;
    const iv = intervals.find((x) => x.from <= from && from < x.to)!;
    const used = before.filter((b) => b.from <= from && from < b.to).reduce((t, b) => t + b.powerW, 0);
    let power = Math.min(d.powerW, (opts.maxPowerW ?? Infinity) - used);
    const p = p5(iv.value);
    if (iv.confidence <= 0) power = 0;
    if (opts.shaving && (opts.shaving.absolute !== undefined || opts.shaving.relative !== undefined))
      if (!refMeets(p, own, segment, opts.shaving)) power = 0;
    out.push({ from, to, value: iv.value, p, power: Math.max(0, power) });
  }
  return out;
}

/**
 * The best money a device's energy can be moved for in its slots (least when buying, most when
 * selling): every subset of slots used whole, with every other one as the part-used last one.
 * Null (with the most that fits, Wh) when the slots cannot hold the energy.
 */
export function bruteAmount(slots: Slot[], energyWh: number, sell: boolean): { money: number } | { maxWh: number } {
  const usable = slots.filter((s) => s.power > 0);
  const n = usable.length;
  if (n > 14) throw new Error(`too many slots for the brute force: ${n}`);
  const need = energyWh * 3.6e6;
  const hold = usable.map((s) => s.power * (s.to - s.from));
  const all = hold.reduce((t, x) => t + x, 0);
  if (all < need * (1 - 1e-12)) return { maxWh: all / 3.6e6 };
  let best: number | null = null;
  const better = (m: number) => best === null || (sell ? m > best : m < best);
  for (let mask = 0; mask < 1 << n; mask++) {
    let e = 0;
    let m = 0;
    for (let i = 0; i < n; i++)
      if (mask & (1 << i)) {
        e += hold[i]!;
        m += usable[i]!.value * hold[i]!;
      }
    if (Math.abs(e - need) <= need * 1e-12) {
      if (better(m)) best = m;
      continue;
    }
    if (e > need) continue;
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i) || hold[i]! < need - e) continue;
      const mm = m + usable[i]!.value * (need - e);
      if (better(mm)) best = mm;
    }
  }
  return { money: best! / 3.6e9 };
}
