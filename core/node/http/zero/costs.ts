import { implement } from '../route.js';
import type { EnergyCost, EnergyCostEntry, InstantCost } from '../../../engine/schemas/energy-cost.js';
import { anodeRecord, type MeterRecordSubmit } from '../../../engine/api/zero/meters.js';
import {
  zeroCostContracts,
  type EnergyCostResponse,
  type MeterRecordResponse,
  type ZeroEnergyCost,
} from '../../../engine/api/zero/costs.js';

/** An entry of Anode's report in Zero's names: the money under `tariff` (unless left out), references only when there are some. */
function zeroEntry(e: EnergyCostEntry, withTariff: boolean): EnergyCostResponse {
  return {
    start_time: e.start_time,
    end_time: e.end_time,
    ...(e.session_reference_id !== null ? { session_reference_id: e.session_reference_id } : {}),
    ...(e.record_reference_id !== null ? { record_reference_id: e.record_reference_id } : {}),
    energy: { value: e.energy.value },
    ...(withTariff ? { tariff: { value: e.tariff.value, confidence: e.tariff.confidence } } : {}),
  };
}

/** Anode's instant cost in Zero's names: the metering `direction` is the energy flow, `tariff_rate` the tariffs. */
function zeroInstant(
  a: InstantCost,
  request: MeterRecordSubmit,
  nonPersistent: boolean,
  withTariff: boolean,
): MeterRecordResponse {
  return {
    id: a.id,
    object: 'meter_record',
    live_mode: a.live_mode,
    direction: a.energy_flow_direction === 'OUTBOUND' ? 'EXPORT' : 'IMPORT',
    tariff_rate: a.tariff_direction,
    currency_code: a.currency_code,
    energy_units: 'WH',
    carbon_units: 'gCO2eq',
    // The record as understood: fields sent as null are left out, as they were not given.
    request: {
      ...(Object.fromEntries(Object.entries(request).filter(([, v]) => v !== null)) as MeterRecordSubmit),
      non_persistent: nonPersistent,
    },
    data: zeroEntry(a.data, withTariff),
    time_created: a.time_created,
    account_id: a.account_id,
  };
}

/** Anode's session or interval report in Zero's names. */
function zeroReport(a: EnergyCost, withTariff: boolean): ZeroEnergyCost {
  return {
    id: a.id,
    object: 'energy_cost',
    object_id: a.object_id,
    live_mode: a.live_mode,
    direction: a.tariff_direction,
    location_timezone: a.location_timezone,
    ...(a.currency_code !== null ? { currency_code: a.currency_code } : {}),
    energy_units: 'WH',
    carbon_units: 'gCO2eq',
    data: a.data.map((e) => zeroEntry(e, withTariff)),
    account_id: a.account_id,
  };
}

export const zeroCostRoutes = implement(zeroCostContracts, {
  'zero.costs.instant': ({ svc, scope, query, body }) => {
    const nonPersistent = query.non_persistent === true;
    const cost = svc.costReports.instant(scope, anodeRecord(body), nonPersistent);
    return zeroInstant(cost, body, nonPersistent, query.include_tariff !== false);
  },
  'zero.costs.session': ({ svc, scope, params, query }) =>
    zeroReport(svc.costReports.session(scope, params.id, query.direction ?? 'IMPORT'), query.include_tariff !== false),
  'zero.costs.interval': ({ svc, scope, params, query, body }) =>
    zeroReport(
      svc.costReports.interval(scope, params.id, query.direction ?? 'IMPORT', query.aggregation, body),
      query.include_tariff !== false,
    ),
});
