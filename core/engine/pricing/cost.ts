import { sweepShares, type PriceQuery } from './engine.js';
import type { PricingComponent } from './types.js';

/**
 * Usage as the costing walk takes it: sorted, non-overlapping intervals `[starts[i], ends[i])`
 * (epoch ms) with their energy in integer micro-kWh (kWh taken to 6 decimals).
 */
export interface UsageSeries {
  starts: Float64Array;
  ends: Float64Array;
  microKwh: Float64Array;
}

/** One period's totals: energy in micro-kWh, money in micro-units of the currency. */
export interface CostTotals {
  microKwh: number;
  micro: number;
  /** Micro-kWh of the usage where no tariff of the direction applies (costed 0). */
  unpricedMicroKwh: number;
}

export interface CostBreakdown extends CostTotals {
  /** One per boundary pair of the query's `periods`. */
  periods: CostTotals[];
  /** One per component of the direction active in the window, in the query's order. */
  components: { component: PricingComponent; micro: number }[];
}

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * An exact sum of integers: a plain number while it stays exact, spilled into a BigInt
 * before it could round.
 */
class Sum {
  big = 0n;
  small = 0;
  /** Adds `a·b·c` (integers), exactly: as a number when the product is safe, else as a BigInt. */
  add(a: number, b: number, c = 1): void {
    const x = a * b * c;
    if (x === 0) return;
    if (!Number.isSafeInteger(x)) {
      this.big += BigInt(a) * BigInt(b) * BigInt(c);
      return;
    }
    if (Math.abs(this.small) + Math.abs(x) > SAFE) {
      this.big += BigInt(this.small);
      this.small = 0;
    }
    this.small += x;
  }
  value(): bigint {
    return this.big + BigInt(this.small);
  }
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/**
 * Money in units of 1e-11 of the currency (a 5-decimal price times a micro-kWh), summed with no
 * drift at all: whole intervals add integers; a part of an interval adds `k·p·overlap / duration`
 * exactly, as a numerator kept per duration (usage has few distinct durations). The only
 * rounding is the answer's, to micro-units.
 */
class Money {
  private whole = new Sum();
  private parts = new Map<number, Sum>();
  add(microKwh: number, p5: number): void {
    this.whole.add(microKwh, p5);
  }
  addPart(microKwh: number, p5: number, overlap: number, duration: number): void {
    let s = this.parts.get(duration);
    if (!s) this.parts.set(duration, (s = new Sum()));
    s.add(microKwh, p5, overlap);
  }
  /** Rounded to micro-units (1e-6), half away from zero: the answer's 6 decimals. */
  micro(): number {
    if (this.parts.size > EXACT_DURATIONS) return this.nearMicro();
    // total = whole + Σ num_d / d, over the least common multiple of the durations.
    let den = 1n;
    for (const d of this.parts.keys()) den = (den * BigInt(d)) / gcd(den, BigInt(d));
    let num = this.whole.value() * den;
    for (const [d, s] of this.parts) num += s.value() * (den / BigInt(d));
    return roundMicro(num, den);
  }
  /**
   * Usage of very many distinct durations would make the common denominator huge: the whole
   * parts are still summed exactly, the fractions of 1e-11 in floating point (off by far less
   * than a micro-unit; only a total within 1e-9 of a half micro-unit could round the other way).
   */
  private nearMicro(): number {
    let num = this.whole.value();
    let frac = 0;
    for (const [d, s] of this.parts) {
      const v = s.value();
      const q = v / BigInt(d);
      num += q;
      frac += Number(v - q * BigInt(d)) / d;
    }
    const whole = BigInt(Math.floor(frac));
    return roundMicro((num + whole) * 1_000_000n + BigInt(Math.round((frac - Number(whole)) * 1e6)), 1_000_000n);
  }
}

/** At most this many distinct durations of split intervals are summed over a common denominator. */
const EXACT_DURATIONS = 256;

/** `num / den` units of 1e-11 in micro-units (1e-6), half away from zero. */
function roundMicro(num: bigint, den: bigint): number {
  const unit = den * 100_000n;
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const m = (2n * abs + unit) / (2n * unit);
  return Number(neg ? -m : m);
}

/** A price of the answer (rounded to 5 decimals, rule 9) as integer hundred-thousandths. */
const p5 = (v: number) => Math.round(v * 1e5);

/**
 * The cost of `usage` over the window of `q`, by the price sweep `POST /prices` runs: each usage
 * interval is costed at the (rounded) price valid in it; an interval meeting several prices, or
 * several periods, is split pro rata by time. Components are costed at each tariff's share of
 * the price, rounded to 5 decimals like the price. Pure, like the engine.
 *
 * `periods` are ascending boundaries from the window's start to its end.
 */
export function computeCost(q: PriceQuery, usage: UsageSeries, periods: ArrayLike<number>): CostBreakdown {
  // The sweep as flat arrays: where each interval ends, its price and each component's share,
  // all in hundred-thousandths.
  const ends: number[] = [];
  const prices: number[] = [];
  const shares: number[] = [];
  const active = sweepShares(q, (_from, to, value, s) => {
    ends.push(to);
    prices.push(p5(value));
    for (let c = 0; c < s.values.length; c++) shares.push(p5(s.values[c]!));
  });
  const n = active.length;
  // Where no contract of the direction runs, the sweep's price is 0 like a free band's: the
  // uncovered stretches are kept apart so their usage is reported, not silently costed 0.
  const gaps = uncovered(active, q.from, q.to);
  const nPeriods = periods.length - 1;
  const total = new Money();
  const perPeriod = Array.from({ length: nPeriods }, () => new Money());
  const periodKwh = new Float64Array(nPeriods);
  const periodUnpriced = new Float64Array(nPeriods);
  const perComp = active.map(() => new Money());
  let kwh = 0;
  let unpriced = 0;
  // gaps[g] is the next uncovered stretch [gaps[g], gaps[g + 1]) not yet passed.
  let g = 0;

  let j = 0;
  let p = 0;
  for (let i = 0; i < usage.starts.length; i++) {
    const a = usage.starts[i]!;
    const b = usage.ends[i]!;
    const k = usage.microKwh[i]!;
    const dur = b - a;
    kwh += k;
    while (j < ends.length && ends[j]! <= a) j++;
    while (p < nPeriods && periods[p + 1]! <= a) p++;
    while (g < gaps.length && gaps[g + 1]! <= a) g += 2;
    let t = a;
    while (t < b && j < ends.length && p < nPeriods) {
      // The next cut: the interval's end, a price change, a period's end, a gap's edge.
      const inGap = g < gaps.length && gaps[g]! <= t;
      const edge = g < gaps.length ? (inGap ? gaps[g + 1]! : gaps[g]!) : Infinity;
      const next = Math.min(b, ends[j]!, periods[p + 1]!, edge);
      const ov = next - t;
      if (inGap) {
        const part = ov === dur ? k : (k * ov) / dur;
        unpriced += part;
        periodUnpriced[p]! += part;
      }
      // The whole interval at one price in one period, the common case, is an exact product.
      if (ov === dur) {
        total.add(k, prices[j]!);
        perPeriod[p]!.add(k, prices[j]!);
        periodKwh[p]! += k;
        for (let c = 0; c < n; c++) perComp[c]!.add(k, shares[j * n + c]!);
      } else {
        total.addPart(k, prices[j]!, ov, dur);
        perPeriod[p]!.addPart(k, prices[j]!, ov, dur);
        periodKwh[p]! += (k * ov) / dur;
        for (let c = 0; c < n; c++) perComp[c]!.addPart(k, shares[j * n + c]!, ov, dur);
      }
      t = next;
      if (t === ends[j]) j++;
      if (t === periods[p + 1]) p++;
      if (inGap && t === gaps[g + 1]) g += 2;
    }
  }
  return {
    microKwh: kwh,
    micro: total.micro(),
    unpricedMicroKwh: Math.round(unpriced),
    periods: perPeriod.map((m, c) => ({
      microKwh: Math.round(periodKwh[c]!),
      micro: m.micro(),
      unpricedMicroKwh: Math.round(periodUnpriced[c]!),
    })),
    components: active.map((c, k) => ({ component: c.source, micro: perComp[k]!.micro() })),
  };
}

/**
 * The stretches of `[from, to)` no component's contract covers, as flat pairs
 * `[a0, b0, a1, b1, …]`, ascending. Inside a contract the sweep always has a price (a band with
 * no rate, or a market hour with no data, still counts as the tariff applying).
 */
function uncovered(active: readonly { start: number; end: number }[], from: number, to: number): number[] {
  const spans = active
    .map((c) => [Math.max(from, c.start), Math.min(to, c.end)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: number[] = [];
  let t = from;
  for (const [a, b] of spans) {
    if (a > t) out.push(t, a);
    if (b > t) t = b;
  }
  if (to > t) out.push(t, to);
  return out;
}
