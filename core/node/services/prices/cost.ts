import { DateTime } from 'luxon';
import type { Scope } from '../../db/documents.js';
import type { LocationService } from '../locations.js';
import { ApiError, Codes, invalid } from '../../../engine/errors.js';
import { fixedOverWindow, type FixedShare } from '../../../engine/billing/fixed.js';
import { formOf, formatter } from '../../../engine/pricing/format.js';
import { computeCost, type CostBreakdown } from '../../../engine/pricing/cost.js';
import { periodBounds } from '../../../engine/pricing/local-days.js';
import { COST_LIMITS, type Cost, type CostRequest } from '../../../engine/schemas/cost.js';
import type { TariffSets } from './tariff-sets.js';
import type { CandidateLayer } from './candidates.js';
import { costWindow } from './window.js';
import { usageSeries } from './usage.js';

/** `POST /costs/{id}`: the usage costed by the price sweep, for the stored set and each alternative. */
export function costOfUsage(
  sets: TariffSets,
  locations: LocationService,
  scope: Scope,
  locationId: string,
  req: CostRequest,
): Cost {
  const intervals = req.usage.intervals;
  if (intervals && intervals.length > COST_LIMITS.maxIntervals)
    throw new ApiError(
      413,
      'invalid_request',
      Codes.usageTooLarge,
      `usage.intervals: at most ${COST_LIMITS.maxIntervals} intervals per request (${intervals.length} given).`,
    );
  const direction = req.tariff_direction;
  // Refused rather than answered empty: a bill counts fixed charges on the import side only.
  if (req.fixed_charges && direction !== 'IMPORT')
    throw invalid(
      'fixed_charges_invalid',
      `fixed_charges: only IMPORT tariffs have fixed charges a bill counts; this cost is ${direction}.`,
    );
  const loc = locations.find(scope, locationId);
  const zone = loc.timezone;
  const { from, to } = costWindow(req, zone);
  const usage = usageSeries(req, zone, from, to);
  const bounds = periodBounds(req.group_by ?? 'day', zone, from, to);
  const base: CandidateLayer = { candidates: req.candidates, path: 'candidates' };
  const costOf = (layers: CandidateLayer[]) => {
    const set = sets.of(scope, loc, direction, layers);
    const market = sets.marketFor(loc, set.components, from, to)?.series;
    const cost = computeCost({ zone, from, to, direction, components: set.components, market }, usage, bounds);
    return { cost, fixed: req.fixed_charges ? fixedOverWindow(zone, from, to, set.components) : undefined };
  };
  const fmt = formatter(formOf(req.end_time));
  // A window that starts mid-month counts tiers from its start: the answer says so.
  const monthStart = DateTime.fromMillis(from, { zone }).startOf('month').toMillis();
  const countFrom = monthStart < from ? fmt(from) : undefined;
  const fixedAnswer = (shares: FixedShare[]) => ({
    value: shares.reduce((sum, f) => sum + f.micro, 0) / 1e6,
    charges: shares.map((f) => ({
      tariff_id: f.component.id,
      ...(f.charge.name ? { name: f.charge.name } : {}),
      per: f.charge.per,
      amount: f.charge.amount,
      days: f.days,
      months: Math.round(f.months * 1e6) / 1e6,
      value: f.micro / 1e6,
    })),
  });
  const answer = ({ cost: b, fixed }: { cost: CostBreakdown; fixed: FixedShare[] | undefined }) => ({
    object: 'cost' as const,
    location_id: locationId,
    currency_code: loc.currency_code,
    tariff_direction: direction,
    start_time: fmt(from),
    end_time: fmt(to),
    kwh: b.microKwh / 1e6,
    unpriced_kwh: b.unpricedMicroKwh / 1e6,
    above_first_tier_kwh: b.aboveFirstTierMicroKwh / 1e6,
    value: b.micro / 1e6,
    periods: b.periods.map((p, k) => ({
      start_time: fmt(bounds[k]!),
      end_time: fmt(bounds[k + 1]!),
      kwh: p.microKwh / 1e6,
      unpriced_kwh: p.unpricedMicroKwh / 1e6,
      above_first_tier_kwh: p.aboveFirstTierMicroKwh / 1e6,
      ...(k === 0 && countFrom ? { tier_count_from: countFrom } : {}),
      value: p.micro / 1e6,
    })),
    components: b.components.map((c) => ({
      tariff_id: c.component.id,
      type: c.component.type,
      value: c.micro / 1e6,
    })),
    ...(fixed ? { fixed_charges: fixedAnswer(fixed) } : {}),
    live_mode: scope.liveMode,
  });
  const main: Cost = answer(costOf([base]));
  if (req.alternatives)
    main.alternatives = req.alternatives.map((set, k) =>
      answer(costOf([base, { candidates: set, path: `alternatives[${k}]` }])),
    );
  return main;
}
