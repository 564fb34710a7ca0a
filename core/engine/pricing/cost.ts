import { sweepShares, tierValue, type PriceQuery } from './engine.js';
import { periodBounds } from './local-days.js';
import type { Rate } from '../schemas/schedule.js';
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
  /**
   * Micro-kWh of the usage whose price is unknown, costed nothing: where no tariff of the
   * direction applies, or where a tariff's contract runs but none of its bands covers the time.
   */
  unpricedMicroKwh: number;
  /** Micro-kWh priced above the first tier of at least one tariff. */
  aboveFirstTierMicroKwh: number;
}

export interface CostBreakdown extends CostTotals {
  /** One per boundary pair of the query's `periods`. */
  periods: CostTotals[];
  /** One per component of the direction active in the window, in the query's order. */
  components: { component: PricingComponent; micro: number }[];
}

/**
 * Where each component's tier counter stands at the window's start, in micro-kWh of the
 * running local month (by component place in the active list's source order: keyed by the
 * component itself). Absent: every counter starts at 0 (a stateless cost counts the usage given).
 */
export type TierCounters = Map<PricingComponent, number>;

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
  /** Energy split at a tier bound is a fraction of a micro-kWh: its money in floating point. */
  private float = 0;
  add(microKwh: number, p5: number): void {
    this.whole.add(microKwh, p5);
  }
  addFloat(microKwh: number, p5: number): void {
    this.float += microKwh * p5;
  }
  addPart(microKwh: number, p5: number, overlap: number, duration: number): void {
    let s = this.parts.get(duration);
    if (!s) this.parts.set(duration, (s = new Sum()));
    s.add(microKwh, p5, overlap);
  }
  /** Rounded to micro-units (1e-6), half away from zero: the answer's 6 decimals. */
  micro(): number {
    if (this.float !== 0) return this.nearMicro();
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
    let frac = this.float;
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

const round5 = (x: number) => Math.round(x * 1e5) / 1e5 + 0;

/** A price of the answer (rounded to 5 decimals, rule 9) as integer hundred-thousandths. */
const p5 = (v: number) => Math.round(v * 1e5);

/**
 * The cost of `usage` over the window of `q`, by the price sweep `POST /prices` runs: each usage
 * interval is costed at the (rounded) price valid in it; an interval meeting several prices, or
 * several periods, is split pro rata by time. Components are costed at each tariff's share of
 * the price, rounded to 5 decimals like the price. Pure, like the engine.
 *
 * Tiers (docs/pricing.md, rule 7; docs/costs.md): each component counts its own energy in the
 * location's local calendar month, in time order, from `counters` (else 0) at the window's start
 * and from 0 at each later month's start; energy that crosses a tier bound is split at the bound,
 * each part at its tier's price. Where no tier beyond the first is reached, money is the exact
 * integer sum it always was.
 *
 * `periods` are ascending boundaries from the window's start to its end.
 */
export function computeCost(
  q: PriceQuery,
  usage: UsageSeries,
  periods: ArrayLike<number>,
  counters?: TierCounters,
): CostBreakdown {
  // The sweep as flat arrays: where each interval ends, its price and each component's share,
  // all in hundred-thousandths, and what the tier walk needs of each component.
  const ends: number[] = [];
  const prices: number[] = [];
  const shares: number[] = [];
  const raw: number[] = [];
  const rates: (Rate[] | null | undefined)[] = [];
  const markets: number[] = [];
  /** 0: priced at the first tier; 1: a component is in a gap between its bands; 2: tiers apply. */
  const kind: number[] = [];
  const active = sweepShares(q, (_from, to, value, s) => {
    ends.push(to);
    prices.push(p5(value));
    let k = 0;
    for (let c = 0; c < s.values.length; c++) {
      const r = s.rates[c];
      shares.push(p5(s.values[c]!));
      raw.push(s.values[c]!);
      rates.push(r);
      markets.push(s.markets[c]!);
      if (r === null) k = 1;
      else if (r && r.length > 1 && k === 0) k = 2;
    }
    kind.push(k);
  });
  const n = active.length;
  const market = active.map((c) => c.market);
  // Where no contract of the direction runs, the sweep's price is 0 like a free band's: the
  // uncovered stretches are kept apart so their usage is reported, not silently costed 0.
  const gaps = uncovered(active, q.from, q.to);
  // The tier counters restart at each local month.
  const months = periodBounds('month', q.zone, q.from, q.to);
  const counter = new Float64Array(n);
  const seed = () => active.forEach((c, k) => (counter[k] = counters?.get(c.source) ?? 0));
  seed();
  let mi = 0;
  const nPeriods = periods.length - 1;
  const total = new Money();
  const perPeriod = Array.from({ length: nPeriods }, () => new Money());
  const periodKwh = new Float64Array(nPeriods);
  const periodUnpriced = new Float64Array(nPeriods);
  const periodAbove = new Float64Array(nPeriods);
  const perComp = active.map(() => new Money());
  let kwh = 0;
  let unpriced = 0;
  let above = 0;
  // gaps[g] is the next uncovered stretch [gaps[g], gaps[g + 1]) not yet passed.
  let g = 0;

  const tierShare = new Float64Array(n);

  /** Moves every counter of a component with a band at `j` by `e` micro-kWh. */
  const count = (j: number, e: number) => {
    for (let c = 0; c < n; c++) if (rates[j * n + c]) counter[c]! += e;
  };

  /**
   * Prices `e` micro-kWh at sweep interval `j` in period `p`, tier by tier: split wherever a
   * component's counter reaches a bound. `whole`/`ov`/`dur` say how `e` came from the usage
   * interval's `k`, so a piece at one tier keeps the exact sum.
   */
  const priceTiers = (j: number, p: number, k: number, e: number, ov: number, dur: number) => {
    let rem = e;
    while (rem > 0) {
      let step = rem;
      let sum = 0;
      let beyond = false;
      for (let c = 0; c < n; c++) {
        const r = rates[j * n + c];
        if (!r || r.length < 2) {
          sum += raw[j * n + c]!;
          continue;
        }
        const x = counter[c]!;
        let i = 0;
        // A bound met to within float dust is met.
        while (i < r.length - 1 && x >= r[i]!.to_kwh! * 1e6 - 1e-6) i++;
        if (i < r.length - 1) step = Math.min(step, r[i]!.to_kwh! * 1e6 - x);
        if (i > 0) beyond = true;
        const v = tierValue(market[c]!, r, i, markets[j * n + c]!);
        sum += v;
        tierShare[c] = v;
      }
      const price = p5(round5(sum));
      const exact = step === rem && rem === e;
      if (exact && ov === dur) {
        total.add(k, price);
        perPeriod[p]!.add(k, price);
      } else if (exact) {
        total.addPart(k, price, ov, dur);
        perPeriod[p]!.addPart(k, price, ov, dur);
      } else {
        total.addFloat(step, price);
        perPeriod[p]!.addFloat(step, price);
      }
      for (let c = 0; c < n; c++) {
        const r = rates[j * n + c];
        const sp = r && r.length > 1 ? p5(tierShare[c]!) : shares[j * n + c]!;
        if (exact && ov === dur) perComp[c]!.add(k, sp);
        else if (exact) perComp[c]!.addPart(k, sp, ov, dur);
        else perComp[c]!.addFloat(step, sp);
      }
      if (beyond) {
        above += step;
        periodAbove[p]! += step;
      }
      count(j, step);
      rem -= step;
      // Nor is a remainder of float dust worth another step.
      if (rem < 1e-9) rem = 0;
    }
  };

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
    while (mi < months.length - 2 && months[mi + 1]! <= a) {
      mi++;
      counter.fill(0);
    }
    let t = a;
    while (t < b && j < ends.length && p < nPeriods) {
      // The next cut: the interval's end, a price change, a period's end, a gap's edge, a month.
      const inGap = g < gaps.length && gaps[g]! <= t;
      const edge = g < gaps.length ? (inGap ? gaps[g + 1]! : gaps[g]!) : Infinity;
      const next = Math.min(b, ends[j]!, periods[p + 1]!, edge, months[mi + 1]!);
      const ov = next - t;
      const part = ov === dur ? k : (k * ov) / dur;
      if (inGap || kind[j] === 1) {
        // No contract, or a contract with no band: the price is unknown, so is the cost.
        unpriced += part;
        periodUnpriced[p]! += part;
        periodKwh[p]! += part;
        count(j, part);
      } else if (kind[j] === 2) {
        periodKwh[p]! += part;
        priceTiers(j, p, k, part, ov, dur);
      } else {
        // The whole interval at one price in one period, the common case, is an exact product.
        if (ov === dur) {
          total.add(k, prices[j]!);
          perPeriod[p]!.add(k, prices[j]!);
          for (let c = 0; c < n; c++) perComp[c]!.add(k, shares[j * n + c]!);
        } else {
          total.addPart(k, prices[j]!, ov, dur);
          perPeriod[p]!.addPart(k, prices[j]!, ov, dur);
          for (let c = 0; c < n; c++) perComp[c]!.addPart(k, shares[j * n + c]!, ov, dur);
        }
        periodKwh[p]! += part;
        count(j, part);
      }
      t = next;
      if (t === ends[j]) j++;
      if (t === periods[p + 1]) p++;
      if (inGap && t === gaps[g + 1]) g += 2;
      if (mi < months.length - 2 && t === months[mi + 1]) {
        mi++;
        counter.fill(0);
      }
    }
  }
  return {
    microKwh: kwh,
    micro: total.micro(),
    unpricedMicroKwh: Math.round(unpriced),
    aboveFirstTierMicroKwh: Math.round(above),
    periods: perPeriod.map((m, c) => ({
      microKwh: Math.round(periodKwh[c]!),
      micro: m.micro(),
      unpricedMicroKwh: Math.round(periodUnpriced[c]!),
      aboveFirstTierMicroKwh: Math.round(periodAbove[c]!),
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
