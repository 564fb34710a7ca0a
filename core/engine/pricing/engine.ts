import type { TariffDirection } from '../schemas/common.js';
import type { Rate } from '../schemas/schedule.js';
import type { CompiledComponent, DayKey } from './compile.js';
import { localDays, type LocalDay } from './local-days.js';
import { walkMarket } from './market.js';
import {
  GAP_CONFIDENCE,
  TIERED_CONFIDENCE,
  type ComponentShare,
  type MarketSeries,
  type PriceInterval,
} from './types.js';

export interface PriceQuery {
  zone: string;
  /** Window `[from, to)`, epoch ms. */
  from: number;
  to: number;
  direction: TariffDirection;
  components: CompiledComponent[];
  /** The location's market series, for market-rate components. */
  market?: MarketSeries | undefined;
  /** Give each interval each active component's share (and cut wherever any share changes). */
  breakdown?: boolean;
  /**
   * Time a tariff's bands leave uncovered inside its contract at confidence 0 (unknown), not
   * priced 0 at confidence 0.5 as `POST /prices` answers it (rule 4): the schedules never
   * choose it as free energy.
   */
  unknownGaps?: boolean;
}

/**
 * One component's contributions over its active span: contiguous runs, each with the band's
 * tiers it priced (null in a gap between bands) and the market price it used (NaN for a fixed
 * rate or where no market price is known): the cost walk prices tiers and the audit explains a
 * price from them.
 */
class Stream {
  starts: number[] = [];
  ends: number[] = [];
  values: number[] = [];
  confs: number[] = [];
  rates: (Rate[] | null)[] = [];
  markets: number[] = [];
  push(a: number, b: number, v: number, c: number, rate: Rate[] | null, m: number) {
    const n = this.ends.length - 1;
    if (
      n >= 0 &&
      this.ends[n] === a &&
      this.values[n] === v &&
      this.confs[n] === c &&
      this.rates[n] === rate &&
      Object.is(this.markets[n], m)
    )
      this.ends[n] = b;
    else {
      this.starts.push(a);
      this.ends.push(b);
      this.values.push(v);
      this.confs.push(c);
      this.rates.push(rate);
      this.markets.push(m);
    }
  }
}

/**
 * The price of tier `i` of a band's rate (rule 7): a fixed tariff's `fixed`; a market tariff's
 * market price `m` with the tier's surcharges (0 where no market price is known).
 */
export function tierValue(market: boolean, rate: readonly Rate[], i: number, m: number): number {
  const tier = rate[i]!;
  if (!market) return tier.fixed ?? 0;
  if (Number.isNaN(m)) return 0;
  return (m + (tier.surcharge_fixed ?? 0)) * (1 + (tier.surcharge_percentage ?? 0));
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5 + 0;

function prevDayKey(d: LocalDay): DayKey {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day - 1));
  return { month: t.getUTCMonth() + 1, day: t.getUTCDate(), weekday: ((d.weekday + 5) % 7) + 1 };
}

/** Lays one component's day profiles onto the window's instants (rules 1, 2, 4, 7, 8). */
function streamOf(
  c: CompiledComponent,
  days: LocalDay[],
  from: number,
  to: number,
  market: MarketSeries | undefined,
  gapConfidence: number,
): Stream {
  const s = new Stream();
  const lo = Math.max(from, c.start);
  const hi = Math.min(to, c.end);
  if (!(hi > lo)) return s;
  const emitRate = (a: number, b: number, rate: Rate[] | null) => {
    if (rate === null) return s.push(a, b, 0, gapConfidence, null, Number.NaN);
    // The first tier is the price signal (rule 7); the cost walk prices the others.
    const cap = rate.length > 1 ? TIERED_CONFIDENCE : 1;
    if (!c.market) return s.push(a, b, tierValue(false, rate, 0, Number.NaN), cap, rate, Number.NaN);
    if (!market) return s.push(a, b, 0, 0, rate, Number.NaN);
    walkMarket(market, a, b, (x, y, m, conf) =>
      s.push(x, y, tierValue(true, rate, 0, m), Math.min(conf, cap), rate, m),
    );
  };
  let prev: DayKey | undefined;
  for (const day of days) {
    const key: DayKey = { month: day.month, day: day.day, weekday: day.weekday };
    if (day.end <= lo || day.start >= hi) {
      prev = key;
      continue;
    }
    const profile = c.profile(key, prev ?? prevDayKey(day));
    prev = key;
    for (const piece of day.pieces) {
      const pLo = Math.max(piece.start, lo);
      const pHi = Math.min(piece.end, hi);
      if (!(pHi > pLo)) continue;
      for (let k = 0; k < profile.length; k++) {
        const seg = profile[k]!;
        // Segments span the whole local day; the outermost ones reach past it for odd days.
        const segFrom = k === 0 ? Number.NEGATIVE_INFINITY : seg.from;
        const segTo = k === profile.length - 1 ? Number.POSITIVE_INFINITY : seg.to;
        const a = Math.max(pLo, piece.start + (segFrom - piece.localStart) * 1000);
        const b = Math.min(pHi, piece.start + (segTo - piece.localStart) * 1000);
        if (b > a) emitRate(a, b, seg.rate);
      }
    }
  }
  return s;
}

/**
 * Prices of the window: the sum of the active components of the direction, cut wherever any
 * of them changes, one interval per run of equal (rounded) value and confidence (rules 9, 10).
 * Pure: no I/O; the same function serves the API and the renderer's live preview.
 */
export function computePrices(q: PriceQuery): PriceInterval[] {
  const out: PriceInterval[] = [];
  sweepPrices(q, (from, to, value, confidence, components) =>
    out.push(components ? { from, to, value, confidence, components } : { from, to, value, confidence }),
  );
  return out;
}

/** Receives each output interval of a sweep, in order; `components` only when a breakdown was asked for. */
export type IntervalSink = (
  from: number,
  to: number,
  value: number,
  confidence: number,
  components?: ComponentShare[],
) => void;

/**
 * The intervals of `computePrices`, handed to `sink` one by one instead of collected as
 * objects: a writer can put a 90-day answer straight into its buffer (rules 9, 10).
 */
export function sweepPrices(q: PriceQuery, sink: IntervalSink): void {
  const active = q.components.filter((c) => c.direction === q.direction && c.start < q.to && c.end > q.from);
  const days = active.length ? localDays(q.zone, q.from, q.to) : [];
  const streams = active.map((c) => streamOf(c, days, q.from, q.to, q.market, q.unknownGaps ? 0 : GAP_CONFIDENCE));
  const idx = new Int32Array(streams.length);
  // The run being built: handed on once the next step differs in value, confidence or shares.
  let runFrom = q.from;
  let runValue = Number.NaN;
  let runConf = Number.NaN;
  let runShares: ComponentShare[] | undefined;
  let t = q.from;
  while (t < q.to) {
    let next = q.to;
    let sum = 0;
    let conf = 1;
    let any = false;
    const shares: ComponentShare[] | undefined = q.breakdown ? [] : undefined;
    for (let k = 0; k < streams.length; k++) {
      const s = streams[k]!;
      let i = idx[k]!;
      while (i < s.ends.length && s.ends[i]! <= t) i++;
      idx[k] = i;
      if (i >= s.ends.length) continue;
      if (s.starts[i]! <= t) {
        sum += s.values[i]!;
        if (s.confs[i]! < conf) conf = s.confs[i]!;
        any = true;
        if (s.ends[i]! < next) next = s.ends[i]!;
        shares?.push({
          component: active[k]!.source,
          value: s.values[i]!,
          confidence: s.confs[i]!,
          rate: s.rates[i]!,
          market: s.markets[i]!,
        });
      } else if (s.starts[i]! < next) next = s.starts[i]!;
    }
    // Outside every contract nothing is known about the price.
    const value = any ? round5(sum) : 0;
    const confidence = any ? round5(conf) : 0;
    if (value !== runValue || confidence !== runConf || !sameShares(runShares, shares)) {
      if (t > q.from) sink(runFrom, t, runValue, runConf, runShares);
      runFrom = t;
      runValue = value;
      runConf = confidence;
      runShares = shares;
    }
    t = next;
  }
  if (q.to > q.from) sink(runFrom, q.to, runValue, runConf, runShares);
}

/** What each active component prices over one interval of `sweepShares`: one slot per component. */
export interface ShareState {
  /** Each component's own value, unrounded (0 where it has no band or contract). */
  values: Float64Array;
  /** The band's tiers each component priced; null in a gap between its bands; undefined outside its contract. */
  rates: (Rate[] | null | undefined)[];
  /** The market price each component used, NaN for a fixed rate or none known. */
  markets: Float64Array;
}

/**
 * The sweep of `sweepPrices` with each active component's own state beside the (rounded)
 * total: slot k belongs to the k-th component of the returned list. Cut wherever the total or
 * any component's value, tiers or market price changes. The state is one object reused for
 * every interval, so the sink reads it at once: costing a year of market quarter hours this way
 * allocates nothing per interval.
 */
export function sweepShares(
  q: PriceQuery,
  sink: (from: number, to: number, value: number, state: ShareState) => void,
): CompiledComponent[] {
  const active = q.components.filter((c) => c.direction === q.direction && c.start < q.to && c.end > q.from);
  const days = active.length ? localDays(q.zone, q.from, q.to) : [];
  const streams = active.map((c) => streamOf(c, days, q.from, q.to, q.market, q.unknownGaps ? 0 : GAP_CONFIDENCE));
  const n = streams.length;
  const idx = new Int32Array(n);
  const now: ShareState = { values: new Float64Array(n), rates: new Array(n), markets: new Float64Array(n) };
  const run: ShareState = { values: new Float64Array(n), rates: new Array(n), markets: new Float64Array(n) };
  run.markets.fill(Number.NaN);
  let runFrom = q.from;
  let runValue = Number.NaN;
  let t = q.from;
  while (t < q.to) {
    let next = q.to;
    let sum = 0;
    let any = false;
    let same = true;
    for (let k = 0; k < n; k++) {
      const s = streams[k]!;
      let i = idx[k]!;
      while (i < s.ends.length && s.ends[i]! <= t) i++;
      idx[k] = i;
      let v = 0;
      let rate: Rate[] | null | undefined = undefined;
      let m = Number.NaN;
      if (i < s.ends.length) {
        if (s.starts[i]! <= t) {
          v = s.values[i]!;
          rate = s.rates[i]!;
          m = s.markets[i]!;
          sum += v;
          any = true;
          if (s.ends[i]! < next) next = s.ends[i]!;
        } else if (s.starts[i]! < next) next = s.starts[i]!;
      }
      now.values[k] = v;
      now.rates[k] = rate;
      now.markets[k] = m;
      if (v !== run.values[k] || rate !== run.rates[k] || !Object.is(m, run.markets[k])) same = false;
    }
    // The same total as sweepPrices at every instant: the same sum in the same order, rounded alike.
    const value = any ? round5(sum) : 0;
    if (value !== runValue || !same) {
      if (t > q.from) sink(runFrom, t, runValue, run);
      runFrom = t;
      runValue = value;
      run.values.set(now.values);
      run.markets.set(now.markets);
      for (let k = 0; k < n; k++) run.rates[k] = now.rates[k];
    }
    t = next;
  }
  if (q.to > q.from) sink(runFrom, q.to, runValue, run);
  return active;
}

function sameShares(a: ComponentShare[] | undefined, b: ComponentShare[] | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.component !== y.component || x.value !== y.value || x.confidence !== y.confidence) return false;
  }
  return true;
}
