import { DateTime } from 'luxon';
import type { MarketSeries, PricingComponent } from '../../core/engine/pricing/types.js';
import { referenceRates, referenceTierValue } from './reference.js';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

export interface ReferenceCost {
  /** Money in major units, unrounded. */
  value: number;
  kwh: number;
  unpricedKwh: number;
  aboveFirstTierKwh: number;
}

/**
 * The slow reference of tiered costing (docs/costs.md, Tiers): a minute-by-minute walk with one
 * counter per tariff. Each minute takes its share of the usage interval it lies in, the prices
 * of the slow price reference at that minute, and is split wherever a tariff's counter reaches
 * a bound. Counters restart at each local month (luxon per minute); a minute in a tariff's gap
 * between bands, or outside every contract, is unpriced and moves only the counters of the
 * tariffs that have a band then. Usage falls on whole minutes; prices and months change only on
 * a quarter hour of UTC (bands on whole local hours, quarter-hour markets, zones whose offsets
 * are whole quarter hours), so the price rules are asked once per quarter hour, not per minute.
 */
export function referenceTieredCost(
  zone: string,
  comps: PricingComponent[],
  usage: { start: number; end: number; kwh: number }[],
  market?: MarketSeries,
): ReferenceCost {
  const out: ReferenceCost = { value: 0, kwh: 0, unpricedKwh: 0, aboveFirstTierKwh: 0 };
  const counters = new Map<PricingComponent, number>();
  let month = '';
  let asked = Number.NaN;
  let rates: ReturnType<typeof referenceRates> = [];
  for (const u of usage) {
    for (let t = u.start; t < u.end; t += MINUTE) {
      const quarter = Math.floor(t / QUARTER) * QUARTER;
      if (quarter !== asked) {
        asked = quarter;
        rates = referenceRates(t, zone, 'IMPORT', comps, market);
        const m = DateTime.fromMillis(t, { zone }).toFormat('yyyy-MM');
        if (m !== month) {
          month = m;
          counters.clear();
        }
      }
      const e = (u.kwh * MINUTE) / (u.end - u.start);
      out.kwh += e;
      const banded = rates.filter((r) => r.rate !== null);
      if (rates.length === 0 || banded.length < rates.length) {
        out.unpricedKwh += e;
        for (const r of banded) counters.set(r.component, (counters.get(r.component) ?? 0) + e);
        continue;
      }
      let rem = e;
      while (rem > 1e-12) {
        let step = rem;
        let sum = 0;
        let beyond = false;
        for (const r of rates) {
          const x = counters.get(r.component) ?? 0;
          const tiers = r.rate!;
          let i = 0;
          while (i < tiers.length - 1 && x >= tiers[i]!.to_kwh! - 1e-12) i++;
          if (i < tiers.length - 1) step = Math.min(step, tiers[i]!.to_kwh! - x);
          if (i > 0) beyond = true;
          sum += referenceTierValue(r, i);
        }
        const price = Math.round(sum * 1e5) / 1e5;
        out.value += step * price;
        if (beyond) out.aboveFirstTierKwh += step;
        for (const r of rates) counters.set(r.component, (counters.get(r.component) ?? 0) + step);
        rem -= step;
      }
    }
  }
  return out;
}
