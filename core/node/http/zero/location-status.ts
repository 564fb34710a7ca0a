import { DateTime } from 'luxon';
import type { Scope } from '../../db/documents.js';
import type { Service } from '../../service.js';
import { ApiError, unprocessable } from '../../../engine/errors.js';
import { contractInstant } from '../../../engine/schedule/contract.js';
import { isoSeconds } from '../../../engine/clock.js';
import { zeroLocationStatus } from '../../../engine/zero/shapes.js';
import type { ZeroDayRates, ZeroLocationStatus } from '../../../engine/zero/location.js';

const SLOTS = [
  ['COMMODITY', 'IMPORT'],
  ['COMMODITY', 'EXPORT'],
  ['NON_COMMODITY', 'IMPORT'],
  ['NON_COMMODITY', 'EXPORT'],
] as const;

/**
 * Zero's status serves a location with at most one tariff in force per slot (type and
 * direction), as the Zero service did; more is 422, the message naming the slot.
 */
function refuseStacked(svc: Service, scope: Scope, locationId: string, zone: string, now: number): void {
  for (const [type, direction] of SLOTS) {
    const inForce = svc.tariffs
      .slot(scope, locationId, type, direction)
      .filter(
        (t) => contractInstant(t.contract_start_date, zone) <= now && now < contractInstant(t.contract_end_date, zone),
      );
    if (inForce.length > 1)
      throw unprocessable(
        'tariff_combination_unsupported',
        `Unsupported combination of tariff elements: ${inForce.length} ${type}/${direction} tariffs are in force.`,
      );
  }
}

/** A local day's rates from the one price engine, in whole seconds UTC; a day without prices is empty. */
function dayRates(svc: Service, scope: Scope, locationId: string, direction: 'IMPORT' | 'EXPORT', day: DateTime) {
  const start_time = day.toISO({ suppressMilliseconds: true })!;
  const end_time = day.plus({ days: 1 }).toISO({ suppressMilliseconds: true })!;
  try {
    return svc.prices.intervals(scope, locationId, direction, { start_time, end_time }).intervals.map((i) => ({
      valid_from: isoSeconds(new Date(i.from)),
      valid_to: isoSeconds(new Date(i.to)),
      tariff: { rate: Math.round(i.value * 1e5) / 1e5, confidence: i.confidence },
    }));
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && e.code !== 'no_tariff_connected') return [];
    throw e;
  }
}

/** Yesterday, today and tomorrow in the location's zone, or null when it has no tariff of the direction. */
function ratesOf(
  svc: Service,
  scope: Scope,
  locationId: string,
  direction: 'IMPORT' | 'EXPORT',
  today: DateTime,
): ZeroDayRates | null {
  try {
    const todays = dayRates(svc, scope, locationId, direction, today);
    return {
      yesterday: dayRates(svc, scope, locationId, direction, today.minus({ days: 1 })),
      today: todays,
      tomorrow: dayRates(svc, scope, locationId, direction, today.plus({ days: 1 })),
    };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'no_tariff_connected') return null;
    throw e;
  }
}

/** `GET /locations/{id}/status` in Zero: the location, its rates by day and each slot's connection. */
export function zeroStatus(svc: Service, scope: Scope, locationId: string): ZeroLocationStatus {
  const loc = svc.locations.get(scope, locationId);
  const now = svc.clock.now().getTime();
  refuseStacked(svc, scope, locationId, loc.timezone, now);
  const today = DateTime.fromMillis(now, { zone: loc.timezone }).startOf('day');
  return zeroLocationStatus(loc, svc.status.status(scope, locationId), {
    import: ratesOf(svc, scope, locationId, 'IMPORT', today),
    export: ratesOf(svc, scope, locationId, 'EXPORT', today),
  });
}
