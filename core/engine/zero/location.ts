import { z } from 'zod';
import { idOf, listOf, PagingQuery, Timestamp } from '../schemas/common.js';
import { GeoLocation, LocationTariffStatus, PostalAddress } from '../schemas/location.js';

/**
 * Zero's location objects: the same stored location, without Anode's later fields (market
 * region and sources, flexibility), optional references left out rather than null.
 */

/** The postal address as Zero takes it: every field Anode checks, unknown ones ignored. */
const ZeroPostalAddress = z.object(PostalAddress.shape).meta({ id: 'ZeroPostalAddress' });

const edit = {
  reference_id: z.string().min(1).max(200).optional(),
  customer_id: idOf('customer').optional(),
};

/** `LocationEditNew` on create: the address is what the location's zone and currency come from. */
export const ZeroLocationCreate = z
  .object({ ...edit, postal_address: ZeroPostalAddress })
  .meta({ id: 'ZeroLocationCreate' });
export type ZeroLocationCreate = z.infer<typeof ZeroLocationCreate>;

/** `LocationEditNew` on update: fields not given stay as they are. */
export const ZeroLocationUpdate = z
  .object({ ...edit, postal_address: ZeroPostalAddress.optional() })
  .meta({ id: 'ZeroLocationUpdate' });
export type ZeroLocationUpdate = z.infer<typeof ZeroLocationUpdate>;

/** The fields Zero's location and its status share: the supply address and what it decides. */
const place = {
  reference_id: z.string().optional(),
  customer_id: z.string().optional(),
  live_mode: z.boolean(),
  timezone: z.string(),
  currency_code: z.string(),
  postal_address: PostalAddress,
  geo_location: GeoLocation.optional(),
};

export const ZeroLocation = z
  .object({
    id: idOf('location'),
    object: z.literal('location'),
    ...place,
    tariff_status: LocationTariffStatus,
    tariff_elements: z.array(z.string()),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'LocationNew' });
export type ZeroLocation = z.infer<typeof ZeroLocation>;

export const ZeroLocationList = listOf(ZeroLocation, 'LocationNewList');
export const ZeroLocationListQuery = z.object({
  ...PagingQuery,
  reference_id: z.string().max(200).optional(),
  customer_id: z.string().max(100).optional(),
});

/** One priced interval of a day: the rate of the one price engine, as Zero writes it. */
const ZeroRateEntry = z.object({
  valid_from: Timestamp,
  valid_to: Timestamp,
  tariff: z.object({ rate: z.number(), confidence: z.number() }),
});
const ZeroDayRates = z.object({
  yesterday: z.array(ZeroRateEntry),
  today: z.array(ZeroRateEntry),
  tomorrow: z.array(ZeroRateEntry),
});
export type ZeroDayRates = z.infer<typeof ZeroDayRates>;

/** A slot of the status; an empty one writes empty strings where Zero had no value. */
const ZeroSlot = z.object({
  status: z.string(),
  connection_type: z.string(),
  provider: z.object({ id: z.string(), display_name: z.string(), logo_url: z.string() }),
  tariff: z
    .object({
      id: z.string(),
      display_name: z.string(),
      structure_type: z.string(),
      contract_end_date: z.string().optional(),
    })
    .optional()
    .meta({ description: 'Only where the slot has a tariff.' }),
});
export type ZeroSlot = z.infer<typeof ZeroSlot>;

export const ZeroLocationStatus = z
  .object({
    id: idOf('location'),
    object: z.literal('location_status'),
    ...place,
    rates: z.object({ import: ZeroDayRates.nullable(), export: ZeroDayRates.nullable() }),
    tariff_status: z.object({
      commodity_import: ZeroSlot,
      commodity_export: ZeroSlot,
      non_commodity_import: ZeroSlot,
      non_commodity_export: z.object({ status: z.literal('NOT_SUPPORTED') }),
      local: z.object({ status: z.literal('NOT_SUPPORTED') }),
    }),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroLocationStatus' });
export type ZeroLocationStatus = z.infer<typeof ZeroLocationStatus>;
