import type { Scope } from '../../db/documents.js';
import type { Clock } from '../../../engine/clock.js';
import { isoSeconds } from '../../../engine/clock.js';
import type { IdGenerator } from '../../../engine/ids.js';
import { formatter } from '../../../engine/pricing/format.js';
import { HOUR_MS, hourlySlots, type HourSlot } from '../../../engine/pricing/hourly.js';
import { demoCarbon } from '../../../engine/carbon/demo-series.js';
import { directionOf } from '../../../engine/schemas/zero/window-query.js';
import type { TariffRate, TariffRateQuery } from '../../../engine/schemas/zero/rates.js';
import type { LocationService } from '../locations.js';
import type { PriceService } from '../prices/service.js';
import { carbonRegionOf } from './carbon.js';

/** What Zero's rates read: the one price service, the location, the clock and the ids. */
export interface ZeroRateDeps {
  prices: PriceService;
  locations: LocationService;
  clock: Clock;
  ids: IdGenerator;
}

/** Zero writes every time of its rates in UTC, whole seconds: `YYYY-MM-DDTHH:MM:SSZ`. */
const utc = formatter({ kind: 'Z' });

/**
 * `GET /tariffs/rates/{id}` (docs/pricing.md, Zero): the intervals `POST /prices` answers for the
 * window and direction, averaged over whole hours of UTC (the first slot from the start to the
 * next whole hour, the last ending at `end_time`), with the demo carbon series when asked.
 */
export function zeroTariffRates(deps: ZeroRateDeps, scope: Scope, locationId: string, q: TariffRateQuery): TariffRate {
  const loc = deps.locations.find(scope, locationId);
  const direction = directionOf(q.direction);
  const includeTariff = q.include_tariff ?? true;
  const includeCarbon = q.include_carbon ?? false;
  const window = { start_time: q.start_time, end_time: q.end_time };
  const now = deps.clock.now().getTime();
  let slots: HourSlot[];
  let lastUpdated: number;
  let nextUpdate: number;
  let from: number;
  let to: number;
  if (includeTariff) {
    const w = deps.prices.explain(scope, locationId, direction, window);
    ({ from, to } = w);
    slots = hourlySlots(from, to, w.intervals);
    lastUpdated = w.lastUpdated;
    // Zero always names a time to fetch again: where nothing in the window changes, its end.
    nextUpdate = w.nextUpdate ?? to;
  } else {
    ({ from, to } = deps.prices.window(window, loc.timezone));
    slots = hourlySlots(from, to, []);
    // Without tariffs only the hourly carbon series is answered: it changes every hour.
    lastUpdated = Math.floor(now / HOUR_MS) * HOUR_MS;
    nextUpdate = lastUpdated + HOUR_MS;
  }
  const region = carbonRegionOf(loc);
  return {
    id: deps.ids('rts'),
    object: 'tariff_rate',
    live_mode: scope.liveMode,
    location_id: locationId,
    location_timezone: loc.timezone,
    currency_code: loc.currency_code,
    direction,
    last_updated: utc(lastUpdated),
    next_update: utc(nextUpdate),
    request: {
      include_tariff: includeTariff,
      include_carbon: includeCarbon,
      direction,
      start_time: utc(from),
      end_time: utc(to),
    },
    data: slots.map((s) => ({
      valid_from: utc(s.from),
      valid_to: utc(s.to),
      ...(includeTariff ? { tariff: { rate: s.value, confidence: s.confidence } } : {}),
      ...(includeCarbon ? { carbon: demoCarbon(region, loc.timezone, s.from, now) } : {}),
    })),
    time_created: isoSeconds(now),
    account_id: scope.accountId,
  };
}
