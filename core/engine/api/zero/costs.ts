import { z } from 'zod';
import { contracts } from '../contract.js';
import { idOf, TariffDirection, Timestamp } from '../../schemas/common.js';
import { Aggregation, ReportSubject, SessionReference } from '../../schemas/energy-cost.js';
import { MeterRecordSubmit, ZeroDirection } from './meters.js';

/**
 * Zero's cost operations (docs/costs.md, Zero): Anode's cost reports of the same stored records,
 * by the same engine, written in Zero's names: the direction as `direction` (and a record's
 * tariffs as `tariff_rate`), the money under `tariff`, energy in `energy_units`.
 */

/** A query flag: `true` or `false` in any case (`True`, `FALSE`), as Zero clients send them. */
const flag = (what: string) =>
  z
    .stringbool({ truthy: ['true'], falsy: ['false'], case: 'insensitive' })
    .optional()
    // Documented as Zero documents it: a boolean query parameter (sent as text, read in any case).
    .meta({ type: 'boolean', description: what });

const includes = {
  include_tariff: flag('Accepted; a cost entry always carries its money (tariff), which Zero requires of it.'),
  include_carbon: flag('Accepted; this service reports no carbon figures on costs.'),
};

const direction = TariffDirection.optional().meta({
  description: 'The tariffs the records are priced by: IMPORT (default), EXPORT or LOCAL.',
});

/** A cost, in the location's currency (6 decimals), with the lowest confidence of its records and prices. */
export const ZeroCostValue = z
  .object({ value: z.number(), confidence: z.number() })
  .meta({ id: 'ZeroCostValue', description: 'Money in large currency units and its confidence (0–1).' });

/** One record's cost, or one local day's or month's. */
export const EnergyCostResponse = z
  .object({
    start_time: z.string(),
    end_time: z.string(),
    session_reference_id: z.string().optional().meta({ description: 'The record’s, when it has one.' }),
    record_reference_id: z.string().optional().meta({ description: 'The record’s, when it has one.' }),
    energy: z.object({
      value: z.number().int().meta({ description: 'Whole Wh, half away from zero; the cost is of the exact energy.' }),
    }),
    tariff: ZeroCostValue.optional().meta({ description: 'Left out with include_tariff=false.' }),
  })
  .meta({ id: 'EnergyCostResponse' });
export type EnergyCostResponse = z.input<typeof EnergyCostResponse>;

/** The record as received, with `non_persistent`. */
export const MeterRecordSubmitRecord = MeterRecordSubmit.extend({ non_persistent: z.boolean() }).meta({
  id: 'MeterRecordSubmitRecord',
});

/** `POST /costs/instant`. */
export const MeterRecordResponse = z
  .object({
    id: idOf('meterRecord'),
    object: z.literal('meter_record'),
    live_mode: z.boolean(),
    direction: ZeroDirection,
    tariff_rate: TariffDirection,
    currency_code: z.string(),
    energy_units: z.literal('WH'),
    carbon_units: z.literal('gCO2eq'),
    request: MeterRecordSubmitRecord,
    data: EnergyCostResponse,
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'MeterRecordResponse' });
export type MeterRecordResponse = z.input<typeof MeterRecordResponse>;

/** `POST /costs/session/{id}` and `/costs/interval/{id}`. */
export const ZeroEnergyCost = z
  .object({
    id: idOf('energyCost'),
    object: z.literal('energy_cost'),
    object_id: z.string().meta({ description: 'The location or device the records are of.' }),
    live_mode: z.boolean(),
    direction: TariffDirection,
    location_timezone: z.string(),
    currency_code: z
      .string()
      .optional()
      .meta({ description: 'Absent only for a device no meter record has named yet (its zone is then UTC).' }),
    energy_units: z.literal('WH'),
    carbon_units: z.literal('gCO2eq'),
    data: z.array(EnergyCostResponse),
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroEnergyCost' });
export type ZeroEnergyCost = z.input<typeof ZeroEnergyCost>;

export const zeroCostContracts = contracts({
  'zero.costs.instant': {
    method: 'POST',
    path: '/costs/instant',
    summary: 'Price one meter record now, and store it unless non_persistent=true',
    tag: 'Costs',
    query: z.object({
      ...includes,
      non_persistent: flag('true prices the record without storing it.'),
    }),
    body: MeterRecordSubmit,
    response: MeterRecordResponse,
  },
  'zero.costs.interval': {
    method: 'POST',
    path: '/costs/interval/:id',
    summary: 'Cost of the meter records of a location or device over a window, per record, day or month',
    tag: 'Costs',
    params: z.object({ id: ReportSubject }),
    query: z.object({
      aggregation: Aggregation.optional().meta({
        description: 'DAY or MONTH: one entry per local day or month of the window; absent: one per record.',
      }),
      direction,
      ...includes,
    }),
    body: z
      .object({
        start_time: Timestamp,
        end_time: Timestamp.meta({ description: 'Exclusive; at most 400 days after start_time.' }),
      })
      .meta({ id: 'EnergyCostByTime' }),
    response: ZeroEnergyCost,
  },
  'zero.costs.session': {
    method: 'POST',
    path: '/costs/session/:id',
    summary: 'Cost of the meter records of a session (id: a session_reference_id)',
    tag: 'Costs',
    params: z.object({ id: SessionReference }),
    query: z.object({ direction, ...includes }),
    response: ZeroEnergyCost,
  },
});
