import type { PriceInterval } from '../types.js';
import type { TariffDirection } from '../../schemas/common.js';
import { preference, type Piece, type Segment } from './periods.js';
import { limitOf, meets, type Thresholds } from './threshold.js';

/** One device's need: energy to move within a window at up to its power. */
export interface DeviceNeed {
  /** Window `[from, to)`, epoch ms, inside the span of the intervals. */
  from: number;
  to: number;
  /** W, above 0. */
  powerW: number;
  /** Wh, above 0. */
  energyWh: number;
}

export interface AmountQuery {
  /** The price sweep's intervals, contiguous, covering every device's window. */
  intervals: readonly PriceInterval[];
  /** IMPORT (and LOCAL) fill the cheapest time first; EXPORT, selling, the dearest. */
  direction: TariffDirection;
  /** The location's limit on the devices' power summed at every instant, W; none when absent. */
  maxPowerW?: number | undefined;
  /** Prices beyond this limit are not used (above it when buying, below it when selling). */
  shaving?: Thresholds | undefined;
  /** Served in this order: each device gets what the ones before it left of the location's power. */
  devices: readonly DeviceNeed[];
}

export interface PoweredPiece extends Piece {
  powerW: number;
}

/** A run of one power: what the device is told to do. */
export interface Run {
  from: number;
  to: number;
  powerW: number;
}

export interface DevicePlan {
  /** Time order; a piece has one price and one power. */
  pieces: PoweredPiece[];
  /** Touching pieces of equal power merged. */
  runs: Run[];
  /** Energy scheduled, Wh: the need. */
  energyWh: number;
  /**
   * What the energy costs (earns, when selling): Σ price × kWh, unrounded. The last part's time
   * is rounded up to the second, but only the energy asked for is counted in it.
   */
  money: number;
  /** The same for the device at full power from its window's start until the energy is moved. */
  baseline: number;
  /** The lowest confidence of the prices used (1 when none is). */
  confidence: number;
}

export type AmountResult =
  | { plans: DevicePlan[] }
  /** Device `index` cannot get its energy: `maxWh` is the most its window holds for it. */
  | { unreachable: { index: number; maxWh: number } };

/** W·ms in a kWh. */
const WMS_PER_KWH = 3.6e9;
/** W·ms in a Wh. */
const WMS_PER_WH = 3.6e6;

/** Milliseconds to move `wms` at `w`, rounded up to the whole second (a device is told whole seconds). */
const wholeSeconds = (wms: number, w: number) => Math.ceil(wms / w / 1000 - 1e-9) * 1000;

/** The power the devices already draw, as steps: `watts[k]` on `[times[k], times[k + 1])`. */
interface Load {
  times: number[];
  watts: number[];
}

/** Index of the first entry of ascending `ends` after `t`. */
function firstEndAfter(n: number, endAt: (i: number) => number, t: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (endAt(mid) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The load with a device's pieces (time order, not overlapping) added. */
function addToLoad(load: Load, pieces: readonly PoweredPiece[]): Load {
  const edges: number[] = [];
  for (const p of pieces) edges.push(p.from, p.to);
  // Both lists ascending: one merge, duplicates dropped.
  const bounds: number[] = [];
  let a = 0;
  let b = 0;
  while (a < load.times.length || b < edges.length) {
    const next =
      b >= edges.length || (a < load.times.length && load.times[a]! <= edges[b]!) ? load.times[a++]! : edges[b++]!;
    if (bounds.length === 0 || bounds[bounds.length - 1]! !== next) bounds.push(next);
  }
  const times: number[] = [bounds[0]!];
  const watts: number[] = [];
  let k = 0;
  let i = 0;
  for (let m = 0; m + 1 < bounds.length; m++) {
    const t = bounds[m]!;
    while (load.times[k + 1]! <= t) k++;
    while (i < pieces.length && pieces[i]!.to <= t) i++;
    const w = load.watts[k]! + (i < pieces.length && pieces[i]!.from <= t ? pieces[i]!.powerW : 0);
    if (watts.length > 0 && watts[watts.length - 1] === w) times[times.length - 1] = bounds[m + 1]!;
    else {
      watts.push(w);
      times.push(bounds[m + 1]!);
    }
  }
  return { times, watts };
}

/** The device's time of known, allowed price, cut where the price or the power left to it changes. */
function segmentsOf(q: AmountQuery, d: DeviceNeed, load: Load, allowed: (value: number) => boolean): PoweredPiece[] {
  const ivs = q.intervals;
  const cap = q.maxPowerW ?? Infinity;
  const out: PoweredPiece[] = [];
  let j = firstEndAfter(ivs.length, (i) => ivs[i]!.to, d.from);
  let k = firstEndAfter(load.watts.length, (i) => load.times[i + 1]!, d.from);
  let t = d.from;
  while (t < d.to && j < ivs.length) {
    const iv = ivs[j]!;
    const stepEnd = load.times[k + 1]!;
    const b = Math.min(iv.to, stepEnd, d.to);
    if (iv.confidence > 0 && allowed(iv.value)) {
      // To the milliwatt: headroom left by other devices should not split runs by rounding noise.
      const power = Math.min(d.powerW, Math.round((cap - load.watts[k]!) * 1000) / 1000);
      if (power > 0) out.push({ from: t, to: b, value: iv.value, confidence: iv.confidence, powerW: power });
    }
    t = b;
    if (iv.to <= t) j++;
    if (stepEnd <= t) k++;
  }
  return out;
}

/** What moving the energy at full power from the window's start, at once, costs. */
function baselineOf(ivs: readonly PriceInterval[], d: DeviceNeed): number {
  let rest = d.energyWh * WMS_PER_WH;
  let money = 0;
  for (let j = firstEndAfter(ivs.length, (i) => ivs[i]!.to, d.from); j < ivs.length && rest > 0; j++) {
    const iv = ivs[j]!;
    const ms = Math.min(iv.to, d.to) - Math.max(iv.from, d.from);
    if (ms <= 0) break;
    const wms = Math.min(rest, d.powerW * ms);
    money += (iv.value * wms) / WMS_PER_KWH;
    rest -= wms;
  }
  return money;
}

/** Touching pieces of one power merged into runs. */
function runsOf(pieces: readonly PoweredPiece[]): Run[] {
  const runs: Run[] = [];
  for (const p of pieces) {
    const last = runs[runs.length - 1];
    if (last && last.to === p.from && last.powerW === p.powerW) last.to = p.to;
    else runs.push({ from: p.from, to: p.to, powerW: p.powerW });
  }
  return runs;
}

/**
 * Schedule by amount: each device in turn fills the cheapest time of its window first (the
 * dearest when selling) at its power, or at what the location's limit leaves of it, equal
 * prices earlier first; the last part needed is used from its start, for the whole seconds
 * the rest takes. Per device this is optimal (every watt-hour costs its own time's price);
 * the devices are served in the order given, not jointly.
 */
export function scheduleByAmount(q: AmountQuery): AmountResult {
  const ivs = q.intervals;
  const segment: Segment = q.direction === 'EXPORT' ? 'HIGH' : 'LOW';
  const order = preference(segment);
  const shaving =
    q.shaving && (q.shaving.absolute !== undefined || q.shaving.relative !== undefined) ? q.shaving : null;
  const span = { from: ivs[0]?.from ?? 0, to: ivs[ivs.length - 1]?.to ?? 0 };
  let load: Load = { times: [span.from, span.to], watts: [0] };
  const plans: DevicePlan[] = [];
  for (let index = 0; index < q.devices.length; index++) {
    const d = q.devices[index]!;
    let allowed = (_v: number) => true;
    if (shaving) {
      // A relative limit is taken over the known prices of this device's own window.
      const own = ivs.filter((iv) => iv.confidence > 0 && iv.to > d.from && iv.from < d.to);
      const limit = limitOf(own, segment, shaving);
      allowed = (v) => meets(v, limit, segment);
    }
    const segs = segmentsOf(q, d, load, allowed).sort(order);
    const need = d.energyWh * WMS_PER_WH;
    let rest = need;
    const chosen: PoweredPiece[] = [];
    let money = 0;
    let confidence = 1;
    for (const s of segs) {
      if (rest <= need * 1e-12) break;
      const len = s.to - s.from;
      // The energy this piece moves: all it holds, or (the last) the rest, though its time is rounded up.
      const wms = Math.min(rest, s.powerW * len);
      const ms = wms < rest ? len : Math.min(len, wholeSeconds(rest, s.powerW));
      rest -= wms;
      if (ms <= 0) continue;
      chosen.push(ms < len ? { ...s, to: s.from + ms } : s);
      money += (s.value * wms) / WMS_PER_KWH;
      if (s.confidence < confidence) confidence = s.confidence;
    }
    if (rest > need * 1e-12) return { unreachable: { index, maxWh: (need - rest) / WMS_PER_WH } };
    chosen.sort((a, b) => a.from - b.from);
    plans.push({
      pieces: chosen,
      runs: runsOf(chosen),
      energyWh: d.energyWh,
      money,
      baseline: baselineOf(ivs, d),
      confidence,
    });
    if (q.maxPowerW !== undefined && index + 1 < q.devices.length) load = addToLoad(load, chosen);
  }
  return { plans };
}
