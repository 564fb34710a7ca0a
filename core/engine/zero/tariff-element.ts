import { z } from 'zod';
import { ContractDate, idOf, listOf, PagingQuery, TariffDirection, TariffType } from '../schemas/common.js';
import {
  nameList,
  Rate,
  refuseEmptyBand,
  refuseFallingBounds,
  refuseOverlappingBands,
  TimeOfDay,
} from '../schemas/schedule.js';
import { requireFixedRates, Tariff } from '../schemas/tariff.js';
import { parseDay, parseMonth } from '../schedule/names.js';

/**
 * Zero's tariff element: the same stored tariff Anode calls a tariff, under Zero's rules.
 * Requests are plain objects (a field Zero does not know is ignored, as the Zero service did),
 * every known field checked by the same rules as Anode's schedule.
 */

/** Zero writes `null` for a tier's absent bound or surcharge; the stored tier leaves it out. */
const nullableTier = <T extends z.ZodType>(s: T) => s.nullable().optional();

const ZeroRate = z
  .object({
    fixed: Rate.shape.fixed,
    to_kwh: nullableTier(z.number().finite().positive().max(1e9)),
    surcharge_fixed: nullableTier(z.number().finite().min(-1e6).max(1e6)),
    surcharge_percentage: nullableTier(Rate.shape.surcharge_percentage.unwrap()),
  })
  .transform((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== undefined)) as Rate)
  .meta({ id: 'ZeroRate' });

const ZeroHoursBand = z
  .object({
    valid_from: TimeOfDay('valid_from'),
    valid_to: TimeOfDay('valid_to'),
    rate: z
      .array(ZeroRate)
      .min(1)
      .max(10)
      .superRefine((tiers, ctx) => refuseFallingBounds(tiers, 'to_kwh', 'tier', ctx)),
  })
  .superRefine(refuseEmptyBand);

const ZeroDaysAndHours = z
  .object({ days: nameList('days', parseDay), hours: z.array(ZeroHoursBand).min(1).max(96) })
  .superRefine(refuseOverlappingBands);

/** Zero's `TariffSchedule`: months and days-and-hours bands; maps one to one onto the stored schedule. */
export const ZeroSchedule = z
  .array(
    z.object({
      months: nameList('months', parseMonth).optional(),
      days_and_hours: z.array(ZeroDaysAndHours).min(1).max(20),
    }),
  )
  .max(50)
  .meta({ id: 'ZeroTariffSchedule' });

export const ZeroTariffElementCreate = z
  .object({
    location_id: idOf('location'),
    direction: TariffDirection,
    type: TariffType,
    display_name: z.string().max(200).optional(),
    provider_id: idOf('provider').optional(),
    market_rates: z.boolean().optional(),
    contract_start_date: ContractDate,
    contract_end_date: ContractDate,
    schedule: ZeroSchedule.optional(),
  })
  .superRefine(requireFixedRates)
  .meta({ id: 'TariffElementCreateNew' });
export type ZeroTariffElementCreate = z.infer<typeof ZeroTariffElementCreate>;

/** PATCH: the schedule is `data` here; the merged tariff is checked again as a whole. */
export const ZeroTariffElementUpdate = z
  .object({
    display_name: z.string().max(200).optional(),
    market_rates: z.boolean().optional(),
    contract_start_date: ContractDate.optional(),
    contract_end_date: ContractDate.optional(),
    data: ZeroSchedule.optional(),
  })
  .meta({ id: 'TariffElementUpdateNew' });
export type ZeroTariffElementUpdate = z.infer<typeof ZeroTariffElementUpdate>;

/** The stored tariff as Zero answers it: Anode's tariff without its extensions, direction always written. */
export const ZeroTariffElement = Tariff.omit({ charges: true, imported_from: true })
  .extend({ direction: TariffDirection })
  .meta({ id: 'TariffElementNew' });
export type ZeroTariffElement = z.infer<typeof ZeroTariffElement>;

export const ZeroTariffElementList = listOf(ZeroTariffElement, 'TariffElementsList');
export const ZeroTariffElementListQuery = z.object({
  location_id: idOf('location'),
  direction: TariffDirection.optional(),
  type: TariffType.optional(),
  ...PagingQuery,
});
