import { computeCost, type UsageSeries } from './cost.js';
import { sweepPrices, type PriceQuery } from './engine.js';
import { periodBounds } from './local-days.js';

/**
 * Meter records as costing takes them, as columns: record i is `[starts[i], ends[i])` (epoch ms)
 * holding `microKwh[i]` integer micro-kWh, with its own `confidence[i]`. Sorted by start.
 */
export interface MeterSeries extends UsageSeries {
  confidence: Float64Array;
}

/** What one entry of a report holds: energy in micro-kWh, money in micro-units. */
export interface EntryTotals {
  microKwh: number;
  micro: number;
  unpricedMicroKwh: number;
  /** The lowest confidence of the records in it and of the prices over their time; 1 when empty. */
  confidence: number;
}

/** The pricing of a report: a price query without its window (each costing sets its own). */
export type Pricing = Omit<PriceQuery, 'from' | 'to'>;

/** The records at the given places of a series, in that order. */
export function subset(s: MeterSeries, at: ArrayLike<number>): MeterSeries {
  const pick = (a: Float64Array) => Float64Array.from({ length: at.length }, (_, k) => a[at[k]!]!);
  return { starts: pick(s.starts), ends: pick(s.ends), microKwh: pick(s.microKwh), confidence: pick(s.confidence) };
}

/**
 * The records split into lanes of non-overlapping records, each lane in time order, as places
 * in the series: the costing walk takes usage that does not overlap. Records of one meter never
 * overlap, so this is one lane, found in one pass; otherwise a record joins the lane whose last
 * record ended first, if that one has ended, else opens a new lane.
 */
export function lanesOf(s: MeterSeries): Int32Array[] {
  const n = s.starts.length;
  let ordered = true;
  for (let i = 1; i < n && ordered; i++) if (s.starts[i]! < s.ends[i - 1]!) ordered = false;
  if (ordered) return [Int32Array.from({ length: n }, (_, i) => i)];
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => s.starts[a]! - s.starts[b]! || s.ends[a]! - s.ends[b]!,
  );
  const lanes: number[][] = [];
  const last: number[] = [];
  // A min-heap of lanes by the end of their last record.
  const heap: number[] = [];
  const end = (lane: number) => last[lane]!;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && end(heap[l]!) < end(heap[m]!)) m = l;
      if (r < heap.length && end(heap[r]!) < end(heap[m]!)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (end(heap[p]!) <= end(heap[i]!)) return;
      swap(i, p);
      i = p;
    }
  };
  for (const i of order) {
    if (heap.length > 0 && end(heap[0]!) <= s.starts[i]!) {
      lanes[heap[0]!]!.push(i);
      last[heap[0]!] = s.ends[i]!;
      down(0);
    } else {
      lanes.push([i]);
      last.push(s.ends[i]!);
      heap.push(lanes.length - 1);
      up(heap.length - 1);
    }
  }
  return lanes.map((l) => Int32Array.from(l));
}

/** A lane as the costing walk's usage: the series itself when it is the whole series in order. */
function usageOf(s: MeterSeries, lane: Int32Array): UsageSeries {
  if (lane.length === s.starts.length && lane.every((v, i) => v === i)) return s;
  return subset(s, lane);
}

/**
 * Each record's confidence as costed: its own, or the lowest the price has over its time when
 * that is lower (0 where no tariff applies). One sweep of the prices over all the records.
 */
function confidences(pricing: Pricing, s: MeterSeries): Float64Array {
  const n = s.starts.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  let from = Infinity;
  let to = -Infinity;
  for (let i = 0; i < n; i++) {
    if (s.starts[i]! < from) from = s.starts[i]!;
    if (s.ends[i]! > to) to = s.ends[i]!;
  }
  const ends: number[] = [];
  const conf: number[] = [];
  sweepPrices({ ...pricing, from, to }, (_a, b, _v, c) => {
    ends.push(b);
    conf.push(c);
  });
  for (let i = 0; i < n; i++) {
    // The first price interval ending after the record starts.
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid]! <= s.starts[i]!) lo = mid + 1;
      else hi = mid;
    }
    let c = s.confidence[i]!;
    for (let k = lo; k < ends.length; k++) {
      if (conf[k]! < c) c = conf[k]!;
      if (ends[k]! >= s.ends[i]!) break;
    }
    out[i] = c;
  }
  return out;
}

/**
 * The cost of each record, in the series' order, by the engine of `POST /costs`: a record
 * spanning a price change is split pro rata by time, money is summed exactly and rounded to
 * micro-units once per record. Pure.
 */
export function costPerRecord(pricing: Pricing, s: MeterSeries): EntryTotals[] {
  const out: EntryTotals[] = new Array(s.starts.length);
  const conf = confidences(pricing, s);
  for (const lane of lanesOf(s)) {
    if (lane.length === 0) continue;
    // Boundaries: each record's start (where a gap precedes it) and end; gaps are empty periods.
    const bounds: number[] = [s.starts[lane[0]!]!];
    const period = new Int32Array(lane.length);
    lane.forEach((i, k) => {
      if (s.starts[i]! > bounds[bounds.length - 1]!) bounds.push(s.starts[i]!);
      period[k] = bounds.length - 1;
      bounds.push(s.ends[i]!);
    });
    const b = computeCost({ ...pricing, from: bounds[0]!, to: bounds[bounds.length - 1]! }, usageOf(s, lane), bounds);
    lane.forEach((i, k) => {
      const p = b.periods[period[k]!]!;
      out[i] = { microKwh: p.microKwh, micro: p.micro, unpricedMicroKwh: p.unpricedMicroKwh, confidence: conf[i]! };
    });
  }
  return out;
}

/**
 * The cost in each period between consecutive `bounds` (ascending: local days or months of a
 * window): a record across a period's edge, or the window's, is split pro rata by time and
 * only its part inside counts. Empty periods are zero, confidence 1. Pure.
 */
export function costPerPeriod(pricing: Pricing, s: MeterSeries, bounds: readonly number[]): EntryTotals[] {
  const n = bounds.length - 1;
  const out: EntryTotals[] = Array.from({ length: n }, () => ({
    microKwh: 0,
    micro: 0,
    unpricedMicroKwh: 0,
    confidence: 1,
  }));
  const first = bounds[0]!;
  const last = bounds[n]!;
  const conf = confidences(pricing, s);
  for (let i = 0; i < s.starts.length; i++) {
    // The periods the record meets take its confidence: from the first ending after its start.
    let k = 0;
    let hi = n;
    while (k < hi) {
      const mid = (k + hi) >>> 1;
      if (bounds[mid + 1]! <= s.starts[i]!) k = mid + 1;
      else hi = mid;
    }
    for (; k < n && bounds[k]! < s.ends[i]!; k++) if (conf[i]! < out[k]!.confidence) out[k]!.confidence = conf[i]!;
  }
  for (const lane of lanesOf(s)) {
    if (lane.length === 0) continue;
    // The lane's records may reach past the window: the sweep covers them, their parts outside are dropped.
    let lo = first;
    let hi = last;
    for (const i of lane) {
      if (s.starts[i]! < lo) lo = s.starts[i]!;
      if (s.ends[i]! > hi) hi = s.ends[i]!;
    }
    const cuts = [...(lo < first ? [lo] : []), ...bounds, ...(hi > last ? [hi] : [])];
    const offset = lo < first ? 1 : 0;
    const b = computeCost({ ...pricing, from: cuts[0]!, to: cuts[cuts.length - 1]! }, usageOf(s, lane), cuts);
    for (let k = 0; k < n; k++) {
      const p = b.periods[offset + k]!;
      out[k]!.micro += p.micro;
      out[k]!.microKwh += p.microKwh;
      out[k]!.unpricedMicroKwh += p.unpricedMicroKwh;
    }
  }
  return out;
}

/** Whether any component's bands have tiers beyond the first: only then does a bill's basis matter. */
export function isTiered(pricing: Pricing): boolean {
  return pricing.components.some((c) =>
    c.source.schedule?.some((e) => e.days_and_hours.some((d) => d.hours.some((h) => h.rate.length > 1))),
  );
}

/**
 * The records of a basis and any stretches of `extra` records it does not cover, as one series of
 * non-overlapping slices: cut at every record edge, each slice holding the records' energy over
 * it pro rata (in whole micro-kWh). Records of one meter come back as they are.
 */
function slicesOf(basis: MeterSeries, extra: MeterSeries): { starts: number[]; ends: number[]; microKwh: number[] } {
  // Where the basis has no record, the extra records stand in for it.
  const cover: [number, number][] = [];
  const order = Array.from({ length: basis.starts.length }, (_, i) => i).sort(
    (a, b) => basis.starts[a]! - basis.starts[b]!,
  );
  for (const i of order) {
    const last = cover[cover.length - 1];
    if (last && basis.starts[i]! <= last[1]) last[1] = Math.max(last[1], basis.ends[i]!);
    else cover.push([basis.starts[i]!, basis.ends[i]!]);
  }
  const parts: { a: number; b: number; perMs: number }[] = [];
  for (let i = 0; i < basis.starts.length; i++) {
    const dur = basis.ends[i]! - basis.starts[i]!;
    parts.push({ a: basis.starts[i]!, b: basis.ends[i]!, perMs: basis.microKwh[i]! / dur });
  }
  for (let i = 0; i < extra.starts.length; i++) {
    const a = extra.starts[i]!;
    const b = extra.ends[i]!;
    const perMs = extra.microKwh[i]! / (b - a);
    let t = a;
    for (const [ca, cb] of cover) {
      if (cb <= t) continue;
      if (ca >= b) break;
      if (ca > t) parts.push({ a: t, b: ca, perMs });
      t = Math.max(t, cb);
      if (t >= b) break;
    }
    if (t < b) parts.push({ a: t, b, perMs });
  }
  // Sweep the edges: each elementary stretch covered by some part is one slice.
  const edges = [...new Set(parts.flatMap((p) => [p.a, p.b]))].sort((x, y) => x - y);
  const delta = new Map<number, number>();
  const count = new Map<number, number>();
  for (const p of parts) {
    delta.set(p.a, (delta.get(p.a) ?? 0) + p.perMs);
    delta.set(p.b, (delta.get(p.b) ?? 0) - p.perMs);
    count.set(p.a, (count.get(p.a) ?? 0) + 1);
    count.set(p.b, (count.get(p.b) ?? 0) - 1);
  }
  const out = { starts: [] as number[], ends: [] as number[], microKwh: [] as number[] };
  let rate = 0;
  let open = 0;
  // A single record over a stretch keeps its exact energy; overlaps are summed pro rata.
  const single = new Map<string, number>();
  for (const p of parts) single.set(`${p.a}|${p.b}`, (single.get(`${p.a}|${p.b}`) ?? 0) + p.perMs * (p.b - p.a));
  for (let k = 0; k < edges.length - 1; k++) {
    rate += delta.get(edges[k]!) ?? 0;
    open += count.get(edges[k]!) ?? 0;
    if (open <= 0) continue;
    const a = edges[k]!;
    const b = edges[k + 1]!;
    const whole = open === 1 ? single.get(`${a}|${b}`) : undefined;
    out.starts.push(a);
    out.ends.push(b);
    out.microKwh.push(Math.round(whole ?? rate * (b - a)));
  }
  return out;
}

/**
 * Costs of `target` as parts of a bill (docs/costs.md, Tiers in reports): the basis, every record
 * that counts towards the location's tiers in the months concerned, is costed with its tier
 * counters from the start of the month of its first record; each target record (or each period
 * of `bounds`) then takes the basis' money over its time in proportion to its energy. A record
 * of the basis itself so costs exactly its part of the month's bill; a record where the basis
 * recorded nothing stands in for it. Where the basis recorded no energy the target's is unpriced.
 */
export function costAgainstBasis(
  pricing: Pricing,
  target: MeterSeries,
  basis: MeterSeries,
  zone: string,
  bounds?: readonly number[],
): EntryTotals[] {
  const slices = slicesOf(basis, target);
  const n = slices.starts.length;
  const outLength = bounds ? bounds.length - 1 : target.starts.length;
  const out: EntryTotals[] = Array.from({ length: outLength }, () => ({
    microKwh: 0,
    micro: 0,
    unpricedMicroKwh: 0,
    confidence: 1,
  }));
  const conf = confidences(pricing, target);
  // Each slice's money, energy and unpriced energy from one tiered walk over the months.
  let from = n ? slices.starts[0]! : 0;
  const to = n ? slices.ends[n - 1]! : 0;
  const month = monthStart(zone, from);
  const cuts: number[] = [month];
  const place = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (slices.starts[i]! > cuts[cuts.length - 1]!) cuts.push(slices.starts[i]!);
    place[i] = cuts.length - 1;
    cuts.push(slices.ends[i]!);
  }
  from = month;
  const walked = n
    ? computeCost(
        { ...pricing, from, to },
        {
          starts: Float64Array.from(slices.starts),
          ends: Float64Array.from(slices.ends),
          microKwh: Float64Array.from(slices.microKwh),
        },
        cuts,
      ).periods
    : [];
  const money = new Float64Array(outLength);
  const unpriced = new Float64Array(outLength);
  const energy = new Float64Array(outLength);
  const slot = (t: number, i: number) => {
    if (!bounds) return i;
    let lo = 0;
    let hi = bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bounds[mid + 1]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return t >= bounds[0]! && t < bounds[bounds.length - 1]! ? lo : -1;
  };
  for (let i = 0; i < target.starts.length; i++) {
    const a = target.starts[i]!;
    const b = target.ends[i]!;
    const k = target.microKwh[i]!;
    // Cut at every slice edge and period edge the record meets.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (slices.ends[mid]! <= a) lo = mid + 1;
      else hi = mid;
    }
    let t = a;
    let s = lo;
    while (t < b) {
      const inSlice = s < n && slices.starts[s]! <= t;
      let next = b;
      if (s < n) next = Math.min(next, inSlice ? slices.ends[s]! : slices.starts[s]!);
      if (bounds) for (const edge of bounds) if (edge > t && edge < next) next = edge;
      const part = next - t === b - a ? k : (k * (next - t)) / (b - a);
      const at = slot(t, i);
      if (at >= 0) {
        energy[at]! += part;
        const e = inSlice ? slices.microKwh[s]! : 0;
        const w = inSlice ? walked[place[s]!]! : undefined;
        if (!w || e === 0) unpriced[at]! += part;
        else {
          money[at]! += (part / e) * w.micro;
          unpriced[at]! += (part / e) * w.unpricedMicroKwh;
        }
        out[at]!.confidence = Math.min(out[at]!.confidence, conf[i]!);
      }
      t = next;
      if (inSlice && t >= slices.ends[s]!) s++;
    }
  }
  for (let k = 0; k < outLength; k++) {
    out[k]!.micro = Math.round(money[k]!);
    out[k]!.microKwh = Math.round(energy[k]!);
    out[k]!.unpricedMicroKwh = Math.round(unpriced[k]!);
  }
  return out;
}

/** The start of the local calendar month holding `t`. */
export function monthStart(zone: string, t: number): number {
  const b = periodBounds('month', zone, t - 32 * 86_400_000, t + 1);
  let m = b[0]!;
  for (const x of b) if (x <= t) m = x;
  return m;
}
