import { computeCost, type UsageSeries } from './cost.js';
import { sweepPrices, type PriceQuery } from './engine.js';

/** One meter record as costing takes it: `[start, end)` epoch ms, integer micro-kWh, its own confidence. */
export interface MeterSpan {
  start: number;
  end: number;
  microKwh: number;
  confidence: number;
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

/**
 * The records split into lanes of non-overlapping records, each lane in time order: the costing
 * walk takes sorted usage that does not overlap, and records of one meter never do, so there is
 * one lane unless two meters' records share a report. A lane is taken when its last record has
 * ended (the one that ended first), else a new lane opens.
 */
export function lanesOf(records: readonly MeterSpan[]): number[][] {
  const order = records.map((_, i) => i);
  order.sort((a, b) => records[a]!.start - records[b]!.start || records[a]!.end - records[b]!.end);
  const lanes: number[][] = [];
  // A min-heap of lanes by the end of their last record.
  const heap: number[] = [];
  const endOf = (lane: number) => records[lanes[lane]![lanes[lane]!.length - 1]!]!.end;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && endOf(heap[l]!) < endOf(heap[m]!)) m = l;
      if (r < heap.length && endOf(heap[r]!) < endOf(heap[m]!)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (endOf(heap[p]!) <= endOf(heap[i]!)) return;
      swap(i, p);
      i = p;
    }
  };
  for (const i of order) {
    if (heap.length > 0 && endOf(heap[0]!) <= records[i]!.start) {
      lanes[heap[0]!]!.push(i);
      down(0);
    } else {
      lanes.push([i]);
      heap.push(lanes.length - 1);
      up(heap.length - 1);
    }
  }
  return lanes;
}

function usageOf(records: readonly MeterSpan[], lane: readonly number[]): UsageSeries {
  return {
    starts: Float64Array.from(lane, (i) => records[i]!.start),
    ends: Float64Array.from(lane, (i) => records[i]!.end),
    microKwh: Float64Array.from(lane, (i) => records[i]!.microKwh),
  };
}

/**
 * Each record's confidence as costed: its own, or the lowest the price has over its time when
 * that is lower (0 where no tariff applies). One sweep of the prices over all the records.
 */
function confidences(pricing: Pricing, records: readonly MeterSpan[]): Float64Array {
  const out = new Float64Array(records.length);
  if (records.length === 0) return out;
  let from = Infinity;
  let to = -Infinity;
  for (const r of records) {
    if (r.start < from) from = r.start;
    if (r.end > to) to = r.end;
  }
  const ends: number[] = [];
  const conf: number[] = [];
  sweepPrices({ ...pricing, from, to }, (_a, b, _v, c) => {
    ends.push(b);
    conf.push(c);
  });
  records.forEach((r, i) => {
    // The first price interval ending after the record starts.
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid]! <= r.start) lo = mid + 1;
      else hi = mid;
    }
    let c = r.confidence;
    for (let k = lo; k < ends.length; k++) {
      if (conf[k]! < c) c = conf[k]!;
      if (ends[k]! >= r.end) break;
    }
    out[i] = c;
  });
  return out;
}

/**
 * The cost of each record, in the records' order, by the engine of `POST /costs`: a record
 * spanning a price change is split pro rata by time, money is summed exactly and rounded to
 * micro-units once per record. Pure.
 */
export function costPerRecord(pricing: Pricing, records: readonly MeterSpan[]): EntryTotals[] {
  const out: EntryTotals[] = new Array(records.length);
  const conf = confidences(pricing, records);
  for (const lane of lanesOf(records)) {
    // Boundaries: each record's start (where a gap precedes it) and end; gaps are empty periods.
    const bounds: number[] = [records[lane[0]!]!.start];
    const period = new Int32Array(lane.length);
    lane.forEach((i, k) => {
      const r = records[i]!;
      if (r.start > bounds[bounds.length - 1]!) bounds.push(r.start);
      period[k] = bounds.length - 1;
      bounds.push(r.end);
    });
    const b = computeCost(
      { ...pricing, from: bounds[0]!, to: bounds[bounds.length - 1]! },
      usageOf(records, lane),
      bounds,
    );
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
export function costPerPeriod(
  pricing: Pricing,
  records: readonly MeterSpan[],
  bounds: readonly number[],
): EntryTotals[] {
  const n = bounds.length - 1;
  const micro = new Array<number>(n).fill(0);
  const microKwh = new Array<number>(n).fill(0);
  const unpriced = new Array<number>(n).fill(0);
  const confidence = new Array<number>(n).fill(1);
  const first = bounds[0]!;
  const last = bounds[n]!;
  const conf = confidences(pricing, records);
  records.forEach((r, i) => {
    // The periods the record meets take its confidence: from the first ending after its start.
    let k = 0;
    let hi = n;
    while (k < hi) {
      const mid = (k + hi) >>> 1;
      if (bounds[mid + 1]! <= r.start) k = mid + 1;
      else hi = mid;
    }
    for (; k < n && bounds[k]! < r.end; k++) if (conf[i]! < confidence[k]!) confidence[k] = conf[i]!;
  });
  for (const lane of lanesOf(records)) {
    // The lane's records may reach past the window: the sweep covers them, their parts outside are dropped.
    let lo = first;
    let hi = last;
    for (const i of lane) {
      lo = Math.min(lo, records[i]!.start);
      hi = Math.max(hi, records[i]!.end);
    }
    const cuts = [...(lo < first ? [lo] : []), ...bounds, ...(hi > last ? [hi] : [])];
    const offset = lo < first ? 1 : 0;
    const b = computeCost({ ...pricing, from: cuts[0]!, to: cuts[cuts.length - 1]! }, usageOf(records, lane), cuts);
    for (let k = 0; k < n; k++) {
      const p = b.periods[offset + k]!;
      micro[k]! += p.micro;
      microKwh[k]! += p.microKwh;
      unpriced[k]! += p.unpricedMicroKwh;
    }
  }
  return micro.map((m, k) => ({
    micro: m,
    microKwh: microKwh[k]!,
    unpricedMicroKwh: unpriced[k]!,
    confidence: confidence[k]!,
  }));
}
