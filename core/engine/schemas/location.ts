import { z } from 'zod';
import ct from 'countries-and-timezones';
import { coded, CurrencyCode, idOf, resource, listOf, PagingQuery, Timestamp, TimeZoneName } from './common.js';

const text = (max = 200) => z.string().max(max);

export const CountryCode = z
  .string()
  .refine(
    (s) => /^[A-Za-z]{2}$/.test(s) && ct.getCountry(s.toUpperCase()) !== null,
    coded('country_code_invalid', 'must be an ISO 3166-1 alpha-2 country code such as DE'),
  )
  .meta({ example: 'DE' });

export const PostalAddress = z
  .strictObject({
    address_line1: text().optional(),
    address_line2: text().optional(),
    city: text().optional(),
    state: text(100).optional(),
    post_code: text(20).optional(),
    country_code: CountryCode,
  })
  .meta({ id: 'PostalAddress' });
export type PostalAddress = z.infer<typeof PostalAddress>;

/** A slot's state, as `GET /locations/{id}/status` shows it (FAILED: a DIRECT provider that did not deliver). */
export const SlotStatus = z.enum(['CONNECTED', 'NOT_CONNECTED', 'PENDING', 'FAILED', 'ERROR', 'NOT_SUPPORTED']);

/** Each slot of a location's tariffs by type and direction, by the same rule as the location status. */
export const LocationTariffStatus = z
  .object({
    commodity_import: SlotStatus,
    commodity_export: SlotStatus,
    non_commodity_import: SlotStatus,
    non_commodity_export: SlotStatus,
    local: SlotStatus,
  })
  .meta({
    id: 'LocationTariffStatus',
    description: 'The state of each tariff slot; agrees with GET /locations/{id}/status.',
  });

export const GeoLocation = z.object({ lat: z.number(), lng: z.number() }).meta({
  id: 'GeoLocation',
  description:
    "Approximate: the coordinates of the address's city from the offline city table, else of its state, else of its country.",
});

/** What is stored of a location; the rest of the answer is derived from its tariffs when read. */
const storedFields = {
  ...resource('location', 'location'),
  reference_id: z.string().nullable(),
  customer_id: z.string().nullable().meta({ description: 'The customer this location belongs to, if any.' }),
  postal_address: PostalAddress,
  timezone: z.string(),
  currency_code: z.string(),
  market_region: z.string().nullable().meta({
    description: 'Market region whose prices market-rate tariffs follow; derived from the address unless given.',
  }),
  geo_location: GeoLocation.nullable(),
  flex_allowed: z.boolean().meta({
    description: 'Whether the location may take part in flexibility (shifting use to cheaper hours); true unless set.',
  }),
  time_created: Timestamp,
  account_id: idOf('account'),
  location_reference_id: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The connect token's location_reference_id, on a location a connect session created." }),
};

/** A market source: a region's market series as one direction of one mode prices it. */
export const MarketSourceId = idOf('marketSource');

export const Location = z
  .object({
    ...storedFields,
    tariff_status: LocationTariffStatus,
    tariff_elements: z.array(z.string()).meta({ description: "The ids of the location's tariffs, oldest first." }),
    market_sources: z.object({ import: MarketSourceId.nullable(), export: MarketSourceId.nullable() }).meta({
      description:
        "The market source of the location's market region for each direction: the same id for every location of the region in a mode; null where the location has no region or the region no market series.",
    }),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof Location>;

/** A location as stored: what the answer holds but what is derived from its tariffs when read. */
export type StoredLocation = Omit<
  Location,
  'tariff_status' | 'tariff_elements' | 'market_sources' | 'geo_location' | 'flex_allowed' | 'customer_id'
> &
  // Locations stored before these fields existed have them filled in when read.
  Partial<Pick<Location, 'geo_location' | 'flex_allowed' | 'customer_id'>>;

export const LocationCreate = z
  .strictObject({
    postal_address: PostalAddress,
    reference_id: text(200).optional().meta({ description: 'Your own reference for the location.' }),
    flex_allowed: z
      .boolean()
      .optional()
      .meta({ description: 'Whether the location may take part in flexibility; true unless given.' }),
    timezone: TimeZoneName.optional().meta({ description: 'Derived from the address unless given.' }),
    currency_code: CurrencyCode.optional().meta({ description: 'Derived from the country unless given.' }),
    market_region: z
      .string()
      .max(40)
      .nullable()
      .optional()
      .meta({ description: 'Derived from the address unless given.' }),
    customer_id: idOf('customer')
      .optional()
      .meta({ description: 'A customer of the same account and mode that owns the location.' }),
  })
  .meta({ id: 'LocationCreate' });
export type LocationCreate = z.infer<typeof LocationCreate>;

export const LocationUpdate = z
  .strictObject({
    postal_address: PostalAddress.optional(),
    reference_id: text(200).nullable().optional(),
    flex_allowed: z.boolean().optional(),
    timezone: TimeZoneName.optional(),
    currency_code: CurrencyCode.optional(),
    market_region: z.string().max(40).nullable().optional(),
    customer_id: idOf('customer').nullable().optional().meta({ description: 'null: the location has no customer.' }),
  })
  .meta({ id: 'LocationUpdate' });
export type LocationUpdate = z.infer<typeof LocationUpdate>;

export const LocationList = listOf(Location, 'LocationList');
export const LocationListQuery = z.strictObject({
  ...PagingQuery,
  reference_id: z.string().max(200).optional().meta({ description: 'Only locations with this reference_id.' }),
  customer_id: z.string().max(100).optional().meta({ description: 'Only locations of this customer.' }),
});
