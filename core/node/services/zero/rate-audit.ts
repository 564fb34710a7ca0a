import type { Scope } from '../../db/documents.js';
import { auditPrices, type AuditDeps } from '../price-audit.js';
import { directionOf } from '../../../engine/schemas/zero/window-query.js';
import type { TariffRateAudit, TariffRateAuditQuery } from '../../../engine/schemas/zero/rates.js';
import { carbonRegionOf, carbonSourceOf } from './carbon.js';

/**
 * `GET /tariffs/audit/{id}` (docs/pricing.md, Zero): the price audit of `POST /audits/prices`
 * under Zero's names. Zero writes a number for every part, so a part that has no value is 0, and
 * a tier is where the tier priced starts: prices are always of the first tier, which starts at 0.
 */
export function zeroTariffRateAudit(
  deps: AuditDeps,
  scope: Scope,
  locationId: string,
  q: TariffRateAuditQuery,
): TariffRateAudit {
  const direction = directionOf(q.direction);
  const a = auditPrices(deps, scope, locationId, {
    start_time: q.start_time,
    end_time: q.end_time,
    tariff_direction: direction,
  });
  const loc = deps.locations.find(scope, locationId);
  return {
    id: a.id,
    object: 'tariff_rate_audit',
    live_mode: a.live_mode,
    location_id: a.location_id,
    location_timezone: a.location_timezone,
    currency_code: a.currency_code,
    direction,
    request: { direction, start_time: a.request.start_time, end_time: a.request.end_time },
    market_sources: a.market_sources,
    carbon_sources: [carbonSourceOf(carbonRegionOf(loc))],
    data: a.data.map(({ valid_from, valid_to, price_breakdown: b }) => ({
      valid_from,
      valid_to,
      tariff_rate: {
        commodity: {
          market: b.commodity.market ?? 0,
          fixed: b.commodity.fixed ?? 0,
          percentage: b.commodity.percentage ?? 0,
          tier: 0,
          aggregate: b.commodity.aggregate ?? 0,
        },
        non_commodity: { fixed: b.non_commodity.fixed ?? 0, tier: 0 },
        total: b.total,
        confidence: b.confidence,
      },
    })),
    time_created: a.time_created,
    account_id: a.account_id,
  };
}
