import { DateTime } from 'luxon';
import type { PricingComponent, MarketSeries } from '../../core/engine/pricing/types.js';
import type { TariffDirection } from '../../core/engine/schemas/common.js';
import type { Rate } from '../../core/engine/schemas/schedule.js';
import { parseDay, parseMonth, parseTimeOfDay } from '../../core/engine/schedule/names.js';
import { contractInstant } from '../../core/engine/schedule/contract.js';
import { estimateHour, stepAt } from '../../core/engine/pricing/market.js';

/** What one component prices at an instant: its band's tiers (null in a gap) and the market price. */
export interface ReferenceRate {
  component: PricingComponent;
  /** The band's tiers, or null where the contract runs but no band covers the instant. */
  rate: Rate[] | null;
  /** The market price and its confidence, for a market tariff. */
  market?: { value: number; confidence: number };
}

/**
 * The components of the direction whose contract runs at `t`, each with the band that covers
 * `t` by the precedence rules (named dates over named days over All, then months, then order).
 */
export function referenceRates(
  t: number,
  zone: string,
  direction: TariffDirection,
  comps: PricingComponent[],
  market?: MarketSeries,
): ReferenceRate[] {
  const out: ReferenceRate[] = [];
  const local = DateTime.fromMillis(t, { zone });
  const tod = local.hour * 3600 + local.minute * 60 + local.second;
  const today = local;
  const yesterday = local.minus({ days: 1 });
  for (const c of comps) {
    if ((c.direction ?? 'IMPORT') !== direction) continue;
    if (!(contractInstant(c.contract_start_date, zone) <= t && t < contractInstant(c.contract_end_date, zone)))
      continue;
    type Cand = {
      level: number;
      months: number;
      order: number;
      rate: NonNullable<PricingComponent['schedule']>[number]['days_and_hours'][number]['hours'][number]['rate'];
    };
    let best: Cand | undefined;
    let order = 0;
    const dayMatches = (months: string[] | undefined, dates: number[] | undefined, days: string[], d: DateTime) => {
      const mOk =
        !months ||
        months.length === 0 ||
        months.some((m) => {
          const p = parseMonth(m);
          return p === 'all' || p?.includes(d.month);
        });
      const dOk = !dates || dates.length === 0 || dates.includes(d.day);
      const wOk = days.some((x) => {
        const p = parseDay(x);
        return p === 'all' || p?.includes(d.weekday);
      });
      return mOk && dOk && wOk;
    };
    if (!c.schedule && c.market_rates) {
      best = { level: 0, months: 0, order: 0, rate: [{}] };
    }
    for (const e of c.schedule ?? []) {
      const monthsNamed = !!e.months?.length && !e.months.some((m) => parseMonth(m) === 'all');
      const datesNamed = !!e.dates?.length;
      for (const item of e.days_and_hours) {
        const daysNamed = !item.days.some((d) => parseDay(d) === 'all');
        for (const h of item.hours) {
          const from = parseTimeOfDay(h.valid_from)!;
          const toRaw = parseTimeOfDay(h.valid_to)!;
          const wraps = toRaw <= from; // 00:00:00 end, or past midnight
          let covers: boolean;
          if (!wraps) covers = tod >= from && tod < toRaw && dayMatches(e.months, e.dates, item.days, today);
          else {
            covers =
              (tod >= from && dayMatches(e.months, e.dates, item.days, today)) ||
              (tod < toRaw && dayMatches(e.months, e.dates, item.days, yesterday));
          }
          const o = order++;
          if (!covers) continue;
          const cand = {
            level: datesNamed ? 2 : daysNamed ? 1 : 0,
            months: monthsNamed ? 1 : 0,
            order: o,
            rate: h.rate,
          };
          if (
            !best ||
            cand.level > best.level ||
            (cand.level === best.level &&
              (cand.months > best.months || (cand.months === best.months && cand.order < best.order)))
          )
            best = cand;
        }
      }
    }
    if (!best) {
      out.push({ component: c, rate: null });
      continue;
    }
    if (!c.market_rates) {
      out.push({ component: c, rate: best.rate });
      continue;
    }
    const i = market ? stepAt(market, t) : 0;
    if (market && i < market.starts.length && market.starts[i]! <= t)
      out.push({ component: c, rate: best.rate, market: { value: market.values[i]!, confidence: 1 } });
    else {
      const est = market ? estimateHour(market, Math.floor(t / 3_600_000) * 3_600_000) : undefined;
      out.push({
        component: c,
        rate: best.rate,
        market: { value: est?.value ?? 0, confidence: est?.confidence ?? 0 },
      });
    }
  }
  return out;
}

/** Tier `i` of a band's rate at a market price (rule 7), as the reference reads the rule. */
export function referenceTierValue(r: ReferenceRate, i: number): number {
  const tier = r.rate![i]!;
  if (!r.market) return tier.fixed ?? 0;
  return (r.market.value + (tier.surcharge_fixed ?? 0)) * (1 + (tier.surcharge_percentage ?? 0));
}

/**
 * The slow reference: the price rules of docs/pricing.md applied to one instant at a time,
 * with luxon per instant. It shares nothing with the engine's sweep or day walk.
 */
export function referencePrice(
  t: number,
  zone: string,
  direction: TariffDirection,
  comps: PricingComponent[],
  market?: MarketSeries,
): { value: number; confidence: number } {
  const rates = referenceRates(t, zone, direction, comps, market);
  let sum = 0;
  let conf = 1;
  for (const r of rates) {
    if (r.rate === null) {
      conf = Math.min(conf, 0.5);
      continue;
    }
    sum += referenceTierValue(r, 0);
    conf = Math.min(conf, r.rate.length > 1 ? 0.8 : 1, r.market?.confidence ?? 1);
  }
  if (rates.length === 0) return { value: 0, confidence: 0 };
  return { value: Math.round(sum * 1e5) / 1e5 + 0, confidence: Math.round(conf * 1e5) / 1e5 };
}
