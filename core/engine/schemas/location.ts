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

export const LocationTariffStatus = z.enum(['CONNECTED', 'NOT_CONNECTED', 'PENDING', 'FAILED', 'ERROR']);

export const Location = z
  .object({
    ...resource('location', 'location'),
    reference_id: z.string().nullable(),
    postal_address: PostalAddress,
    timezone: z.string(),
    currency_code: z.string(),
    market_region: z.string().nullable().meta({
      description: 'Market region whose prices market-rate tariffs follow; derived from the address unless given.',
    }),
    tariff_status: LocationTariffStatus.meta({ description: 'CONNECTED when the location has at least one tariff.' }),
    time_created: Timestamp,
    account_id: idOf('account'),
    customer_id: z.string().nullable().optional().meta({
      description: 'The customer the location belongs to (given on create or update, or by a connect token).',
    }),
    location_reference_id: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The connect token's location_reference_id, on a location a connect session created." }),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof Location>;

export const LocationCreate = z
  .strictObject({
    postal_address: PostalAddress,
    reference_id: text(200).optional().meta({ description: 'Your own reference for the location.' }),
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
    timezone: TimeZoneName.optional(),
    currency_code: CurrencyCode.optional(),
    market_region: z.string().max(40).nullable().optional(),
    customer_id: idOf('customer').nullable().optional().meta({ description: 'null: the location has no customer.' }),
  })
  .meta({ id: 'LocationUpdate' });
export type LocationUpdate = z.infer<typeof LocationUpdate>;

export const LocationList = listOf(Location, 'LocationList');
export const LocationListQuery = z.strictObject({ ...PagingQuery });
