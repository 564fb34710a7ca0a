import type { Scope } from '../../db/documents.js';
import type { Clock } from '../../../engine/clock.js';
import type { LocationService } from '../locations.js';
import type { MarketService } from '../../market/service.js';
import type { PriceRequest } from '../../../engine/schemas/price.js';
import type { TariffDirection } from '../../../engine/schemas/common.js';
import type { MarketSeries } from '../../../engine/pricing/types.js';
import { sweepPrices, type IntervalSink } from '../../../engine/pricing/engine.js';
import type { TariffSets } from './tariff-sets.js';
import { priceWindow } from './window.js';

/** What a window's prices depend on, loaded, and the sweep that gives them. */
export interface Prepared {
  from: number;
  to: number;
  direction: TariffDirection;
  zone: string;
  currency: string;
  /** When the tariffs (and the market series they read) last changed. */
  lastUpdated: number;
  /** Names everything the answer depends on, for the answer cache. */
  key: string;
  sweep: (sink: IntervalSink) => void;
  /** Whether the window's prices follow a market series. */
  market: boolean;
  nextPublication: number | null;
  /** Whether the answer may be cached: not when candidates stand in for stored tariffs. */
  cache: boolean;
}

/** What preparing reads. */
export interface PrepareSources {
  locations: LocationService;
  market: MarketService;
  sets: TariffSets;
  clock: Clock;
}

/** Loads what a window's prices depend on, without running the engine. */
export function preparePrices(
  src: PrepareSources,
  scope: Scope,
  locationId: string,
  direction: TariffDirection,
  req: PriceRequest,
  unknownGaps = false,
): Prepared {
  const loc = src.locations.find(scope, locationId);
  const set = src.sets.of(scope, loc, direction, [{ candidates: req.candidates, path: 'candidates' }]);
  const { from, to } = priceWindow(req, loc.timezone, src.clock);
  const components = set.components;
  let lastUpdated = set.lastUpdated;
  const m = src.sets.marketFor(loc, components, from, to);
  const needsMarket = m !== undefined;
  const market: MarketSeries | undefined = m?.series;
  let marketVersion = '';
  let nextPublication: number | null = null;
  if (m) {
    lastUpdated = Math.max(lastUpdated, Date.parse(src.market.timeUpdated(m.region)));
    marketVersion = `${m.region}@${src.market.version(m.region)}`;
    nextPublication = src.market.nextPublication(m.region);
  }
  // The set's generation stands for its tariffs: a write loads (and numbers) them afresh.
  const key = `${direction}|${from}|${to}|${marketVersion}|${req.expand?.join() ?? ''}|${set.generation}`;
  const breakdown = req.expand?.includes('components') ?? false;
  const query = { zone: loc.timezone, from, to, direction, components, market, breakdown, unknownGaps };
  const sweep = (sink: IntervalSink) => sweepPrices(query, sink);
  return {
    from,
    to,
    direction,
    zone: loc.timezone,
    currency: loc.currency_code,
    lastUpdated,
    key,
    sweep,
    market: needsMarket,
    nextPublication,
    cache: set.generation >= 0,
  };
}
