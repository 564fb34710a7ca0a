import { z } from 'zod';
import { coded, idOf, resource, TariffDirection, Timestamp } from './common.js';
import { hasPrefix, Prefix } from '../ids.js';
import { EnergyFlowDirection, MeterRecordInput } from './meter.js';

/**
 * What meter records cost (docs/costs.md, Cost reports), computed when asked by the engine of
 * `POST /prices`: a change to a tariff or to market prices changes past costs. The reference
 * puts a cost under `cost` and its guides under `tariff`: both carry it.
 */

const money = () => z.number().meta({ description: 'Major currency units, 6 decimals.' });

export const CostValue = z
  .object({
    value: money(),
    confidence: z.number().meta({
      description: 'The lowest of the records’ own confidence and the price’s over their time; 1 when no energy.',
    }),
  })
  .meta({ id: 'CostValue' });

const unpricedKwh = () =>
  z.number().meta({
    description: 'Energy at instants no tariff of the direction covers, kWh (6 decimals): costed 0.',
  });

/** One record's cost, or one local day's or month's. */
export const EnergyCostEntry = z
  .object({
    start_time: z.string(),
    end_time: z.string(),
    session_reference_id: z.string().nullable().meta({ description: 'The record’s; null for a day or month.' }),
    record_reference_id: z.string().nullable().meta({ description: 'The record’s; null for a day or month.' }),
    energy: z.object({
      value: z.number().int().meta({ description: 'Whole Wh, half away from zero; the cost is of the exact energy.' }),
    }),
    cost: CostValue,
    tariff: CostValue.meta({ description: 'The same as cost (the name the guides use).' }),
    unpriced_kwh: unpricedKwh(),
  })
  .meta({ id: 'EnergyCostEntry' });
export type EnergyCostEntry = z.input<typeof EnergyCostEntry>;

/** The sum of a report's entries. */
export const EnergyCostTotal = z
  .object({
    energy: z.object({
      value: z.number().int().meta({ description: 'Whole Wh of the exact total, half away from zero.' }),
    }),
    cost: CostValue,
    tariff: CostValue,
  })
  .meta({ id: 'EnergyCostTotal', description: 'The entries added up (money exactly: the sum of the shown values).' });

/** `POST /costs/instant`: one record priced, and stored unless `non_persistent=true`. */
export const InstantCost = z
  .object({
    ...resource('meterRecord', 'meter_record'),
    tariff_direction: TariffDirection,
    energy_flow_direction: EnergyFlowDirection,
    currency_code: z.string(),
    energy_units: z.literal('WH'),
    location_timezone: z.string(),
    stored: z.boolean().meta({ description: 'false with non_persistent=true: the id names no stored record.' }),
    request: z.object({ ...MeterRecordInput.shape, non_persistent: z.boolean() }).meta({
      description: 'The record as received, with non_persistent.',
    }),
    data: EnergyCostEntry,
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'InstantCost' });
export type InstantCost = z.input<typeof InstantCost>;

export const InstantCostQuery = z.strictObject({
  non_persistent: z
    .stringbool({ truthy: ['true'], falsy: ['false'] })
    .optional()
    .meta({ description: '`true` prices the record without storing it.' }),
});

export const Aggregation = z.enum(['DAY', 'MONTH']).meta({ id: 'Aggregation' });
export type Aggregation = z.infer<typeof Aggregation>;

/** `POST /costs/session/{id}` and `/costs/interval/{id}`. */
export const EnergyCost = z
  .object({
    ...resource('energyCost', 'energy_cost'),
    object_id: z.string().meta({ description: 'The location or device the records are of.' }),
    tariff_direction: TariffDirection,
    location_timezone: z.string().meta({ description: 'The zone days and months are read in.' }),
    currency_code: z
      .string()
      .nullable()
      .meta({ description: 'null only for a device no meter record has named yet (the zone is then UTC).' }),
    energy_units: z.literal('WH'),
    aggregation: Aggregation.nullable().meta({ description: 'null: one entry per record.' }),
    start_time: z.string().meta({ description: 'The window (a session report: its first record’s start).' }),
    end_time: z.string(),
    data: z.array(EnergyCostEntry),
    total: EnergyCostTotal,
    unpriced_kwh: unpricedKwh(),
    account_id: idOf('account'),
  })
  .meta({ id: 'EnergyCost' });
export type EnergyCost = z.input<typeof EnergyCost>;

const directionQuery = {
  tariff_direction: TariffDirection.optional().meta({ description: 'IMPORT (default), EXPORT or LOCAL.' }),
  direction: TariffDirection.optional().meta({ description: 'An older name of tariff_direction.' }),
};

export const SessionCostQuery = z.strictObject(directionQuery);

export const IntervalCostQuery = z.strictObject({
  ...directionQuery,
  aggregation: Aggregation.optional().meta({
    description:
      'DAY or MONTH: one entry per local day or month of the window (empty ones too); absent: one per record.',
  }),
});

export const IntervalCostRequest = z
  .strictObject({
    start_time: Timestamp,
    end_time: Timestamp.meta({ description: 'Exclusive; at most 400 days after start_time.' }),
  })
  .meta({ id: 'IntervalCostRequest' });

/** A location's or device's id: the two things a report may be of. */
export const ReportSubject = z
  .string()
  .max(80)
  .refine(
    (s) => hasPrefix(s, Prefix.location) || hasPrefix(s, Prefix.device),
    coded('id_invalid', `must be a location id (${Prefix.location}_…) or a device id (${Prefix.device}_…)`),
  )
  .meta({ example: 'loc_8f3kQ2mZ' });

export const SessionReference = z.string().min(1).max(200).meta({ example: 'SESSION1234567890' });
