import { z } from 'zod';
import { idOf, listOf, PagingQuery, TariffDirection, TariffType, Timestamp } from './common.js';
import { PostalAddress } from './location.js';
import { LibraryTariff, type SessionState } from './connect.js';

export const ErrorObject = z
  .object({
    object: z.literal('error'),
    type: z.enum(['invalid_request', 'authentication_error', 'rate_limit', 'api_error']),
    code: z.string(),
    message: z.string(),
    context: z.string(),
    live_mode: z.boolean(),
    time_created: Timestamp,
    connect_token: z.string().optional(),
  })
  .meta({ id: 'Error' });

export const LoginResponse = z
  .object({
    bearer_token: z.string(),
    expires_in: z.number().int().meta({ description: 'Seconds until the token expires.' }),
    live_mode: z.boolean(),
  })
  .meta({ id: 'Login' });

export const Provider = z
  .object({
    id: idOf('provider'),
    object: z.literal('provider'),
    live_mode: z.boolean(),
    display_name: z.string(),
    logo_url: z.string(),
    country_codes: z.array(z.string()),
    connection_types: z.array(z.enum(['LIBRARY', 'DIRECT'])),
    grid_fees_included: z.boolean(),
    direct_behaviour: z
      .enum(['succeed', 'pending', 'fail'])
      .optional()
      .meta({ description: 'How the simulated DIRECT login answers: testers walk every branch.' }),
    tariffs: z.array(LibraryTariff).meta({ description: 'Library tariffs the connect flow offers.' }),
  })
  .meta({ id: 'Provider' });

const ProviderFields = {
  display_name: z.string().min(1).max(200),
  logo_url: z.string().max(500).optional(),
  country_codes: z
    .array(z.string().regex(/^[A-Za-z]{2}$/))
    .min(1)
    .max(50),
  connection_types: z.array(z.enum(['LIBRARY', 'DIRECT'])).min(1),
  grid_fees_included: z.boolean().default(false),
  direct_behaviour: z.enum(['succeed', 'pending', 'fail']).optional(),
  tariffs: z.array(LibraryTariff.omit({ id: true }).extend({ id: LibraryTariff.shape.id.optional() })).max(50),
};
export const ProviderCreate = z
  .strictObject({ ...ProviderFields, tariffs: ProviderFields.tariffs.default([]) })
  .meta({ id: 'ProviderCreate' });
export const ProviderUpdate = z
  .strictObject({
    display_name: ProviderFields.display_name.optional(),
    logo_url: ProviderFields.logo_url,
    country_codes: ProviderFields.country_codes.optional(),
    connection_types: ProviderFields.connection_types.optional(),
    grid_fees_included: z.boolean().optional(),
    direct_behaviour: ProviderFields.direct_behaviour,
    tariffs: ProviderFields.tariffs.optional(),
  })
  .meta({ id: 'ProviderUpdate' });
export type Provider = z.infer<typeof Provider>;
export const ProviderList = listOf(Provider, 'ProviderList');
export const ProviderListQuery = z.strictObject({
  country_code: z.string().max(2).optional(),
  search: z.string().max(100).optional(),
  ...PagingQuery,
});

export const ConnectTokenCreate = z
  .strictObject({
    connect_url: z.url().max(2000).optional(),
    callback_url: z.url().max(2000).optional(),
    postal_address: PostalAddress.partial().optional(),
    location_id: idOf('location').optional(),
    tariff_type: TariffType.optional(),
    tariff_direction: TariffDirection.optional(),
    actions: z
      .strictObject({ disconnect_tariff: z.boolean().optional(), edit_tariff: z.boolean().optional() })
      .optional(),
  })
  .meta({ id: 'ConnectTokenCreate' });

export const ConnectTokenCreated = z
  .object({ connect_token: idOf('connectToken'), expires_in: z.number().int(), live_mode: z.boolean() })
  .meta({ id: 'ConnectTokenCreated' });

export const ConnectToken = z
  .object({
    id: idOf('connectToken'),
    object: z.literal('connect_token'),
    live_mode: z.boolean(),
    location_id: z.string().nullable(),
    price_available: z.boolean(),
    complete_action: z.enum(['CONNECT', 'DISCONNECT']).nullable(),
    tariff_type: TariffType,
    tariff_direction: TariffDirection,
    used: z.boolean(),
    time_created: Timestamp,
    time_expiry: Timestamp,
  })
  .meta({ id: 'ConnectToken' });

/** The stored connect token: its public view (`GET /connect/token`) and what only the service sees. */
export type ConnectTokenRecord = z.output<typeof ConnectToken> & {
  account_id: string;
  connect_url: string | null;
  callback_url: string | null;
  postal_address: Partial<z.infer<typeof PostalAddress>> | null;
  edit_tariff: boolean;
  tariff_id: string | null;
  session: SessionState | null;
};

export const Event = z
  .object({
    id: idOf('event'),
    object: z.literal('event'),
    type: z.string(),
    live_mode: z.boolean(),
    data: z.record(z.string(), z.unknown()),
    time_created: Timestamp,
  })
  .meta({ id: 'Event' });
export const EventList = listOf(Event, 'EventList');
export const EventListQuery = z.strictObject({
  type: z.string().max(100).optional(),
  object_id: z.string().max(80).optional(),
  ...PagingQuery,
});
