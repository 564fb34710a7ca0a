import type { Scope } from '../db/documents.js';
import { isoSeconds, type Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { ComponentShare, PriceInterval } from '../../engine/pricing/types.js';
import { formOf, formatter } from '../../engine/pricing/format.js';
import type { PriceAudit, PriceAuditRequest } from '../../engine/schemas/price-audit.js';
import type { LocationService } from './locations.js';
import type { PriceService } from './prices/service.js';
import type { MarketService } from '../market/service.js';

/** What the audit reads: the price sweep, the location and its market source, the clock and the ids. */
export interface AuditDeps {
  prices: PriceService;
  locations: LocationService;
  market: MarketService;
  clock: Clock;
  ids: IdGenerator;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5 + 0;

/**
 * The sweep's intervals joined where the price and its confidence stay the same: the intervals
 * `POST /prices` answers. The breakdown sweep also cuts where only a share changes (two tariffs
 * trading shares, a market price the rounding hides); a joined entry keeps the shares in force at
 * its start, so each entry explains the price by the breakdown at its `valid_from`.
 */
function asPriced(intervals: PriceInterval[]): PriceInterval[] {
  const out: PriceInterval[] = [];
  for (const iv of intervals) {
    const last = out[out.length - 1];
    if (last && last.to === iv.from && last.value === iv.value && last.confidence === iv.confidence) last.to = iv.to;
    else out.push({ ...iv });
  }
  return out;
}

/** A tier list's first bound, the tier `POST /prices` prices; null for one open-ended rate. */
const firstBound = (s: ComponentShare) => s.rate?.[0]?.to_kwh ?? null;

/** What the active components of one interval make of its price. */
function breakdownOf(iv: PriceInterval) {
  const shares = iv.components ?? [];
  const commodities = shares.filter((s) => s.component.type === 'COMMODITY');
  const others = shares.filter((s) => s.component.type !== 'COMMODITY');
  // Commodity contracts of a direction never overlap: at most one prices an instant.
  const c = commodities[0];
  const tier = c?.rate?.[0];
  const market = c?.component.market_rates === true;
  const bounds = others.map(firstBound).filter((b): b is number => b !== null);
  return {
    commodity: {
      market: c && market && !Number.isNaN(c.market) ? c.market : null,
      fixed: tier ? (market ? (tier.surcharge_fixed ?? 0) : (tier.fixed ?? 0)) : null,
      percentage: tier && market ? (tier.surcharge_percentage ?? 0) : null,
      tier: c ? firstBound(c) : null,
      aggregate: c ? round5(commodities.reduce((t, s) => t + s.value, 0)) : null,
    },
    non_commodity: {
      fixed: others.length ? round5(others.reduce((t, s) => t + s.value, 0)) : null,
      tier: bounds.length ? Math.min(...bounds) : null,
    },
    total: iv.value,
    confidence: iv.confidence,
  };
}

/**
 * `POST /audits/prices/{id}` (docs/pricing.md, The price audit): the intervals of `POST /prices`
 * for the same window, each with what made its price, from the same sweep (never a second
 * calculation): `total` is the interval's price exactly as `/prices` answers it.
 */
export function auditPrices(deps: AuditDeps, scope: Scope, locationId: string, body: PriceAuditRequest): PriceAudit {
  const direction = body.tariff_direction ?? 'IMPORT';
  const loc = deps.locations.find(scope, locationId);
  const w = deps.prices.explain(scope, locationId, direction, body, { breakdown: true });
  const fmt = formatter(formOf(body.end_time));
  const source = deps.market.source(loc.market_region, direction, scope.liveMode);
  return {
    id: deps.ids('tra'),
    object: 'price_audit',
    live_mode: scope.liveMode,
    location_id: locationId,
    location_timezone: w.zone,
    currency_code: w.currency,
    tariff_direction: direction,
    last_updated: fmt(w.lastUpdated),
    request: { tariff_direction: direction, start_time: fmt(w.from), end_time: fmt(w.to) },
    market_sources: source === null ? [] : [source],
    data: asPriced(w.intervals).map((iv) => ({
      valid_from: fmt(iv.from),
      valid_to: fmt(iv.to),
      price_breakdown: breakdownOf(iv),
    })),
    time_created: isoSeconds(deps.clock.now()),
    account_id: scope.accountId,
  };
}
