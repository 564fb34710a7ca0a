import { implement } from '../route.js';
import type { EnergyCost, EnergyCostEntry, InstantCost } from '../../../engine/schemas/energy-cost.js';
import { anodeRecord, type MeterRecordSubmit } from '../../../engine/api/zero/meters.js';
import {
  zeroCostContracts,
  type EnergyCostResponse,
  type MeterRecordResponse,
  type ZeroEnergyCost,
} from '../../../engine/api/zero/costs.js';

/**
 * An entry of Anode's report in Zero's names: the money under `tariff`, references only when
 * there are some. Zero's cost entry requires `tariff`, so it is there whatever `include_tariff` says.
 */
function zeroEntry(e: EnergyCostEntry): EnergyCostResponse {
  return {
    start_time: e.start_time,
    end_time: e.end_time,
    ...(e.session_reference_id !== null ? { session_reference_id: e.session_reference_id } : {}),
    ...(e.record_reference_id !== null ? { record_reference_id: e.record_reference_id } : {}),
    energy: { value: e.energy.value },
    tariff: { value: e.tariff.value, confidence: e.tariff.confidence },
  };
}

/** Anode's instant cost in Zero's names: the metering `direction` is the energy flow, `tariff_rate` the tariffs. */
function zeroInstant(a: InstantCost, request: MeterRecordSubmit, nonPersistent: boolean): MeterRecordResponse {
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
    data: zeroEntry(a.data),
    time_created: a.time_created,
    account_id: a.account_id,
  };
}

/** Anode's session or interval report in Zero's names. */
function zeroReport(a: EnergyCost): ZeroEnergyCost {
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
    data: a.data.map(zeroEntry),
    account_id: a.account_id,
  };
}

export const zeroCostRoutes = implement(zeroCostContracts, {
  'zero.costs.instant': ({ svc, scope, query, body }) => {
    const nonPersistent = query.non_persistent === true;
    const cost = svc.costReports.instant(scope, anodeRecord(body), nonPersistent);
    return zeroInstant(cost, body, nonPersistent);
  },
  'zero.costs.session': ({ svc, scope, params, query }) =>
    zeroReport(svc.costReports.session(scope, params.id, query.direction ?? 'IMPORT')),
  'zero.costs.interval': ({ svc, scope, params, query, body }) =>
    zeroReport(svc.costReports.interval(scope, params.id, query.direction ?? 'IMPORT', query.aggregation, body)),
});
