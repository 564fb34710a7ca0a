import { z } from 'zod';
import {
  coded,
  idOf,
  resource,
  listOf,
  PagingQuery,
  ProviderConnectionType,
  TariffDirection,
  TariffType,
  Timestamp,
} from './common.js';
import { PostalAddress } from './location.js';
import { LibraryTariff } from './connect.js';
import { refuseExportCharges } from './tariff.js';
import { isConnectRoute } from '../connect/routes/index.js';
import type { SessionState } from '../connect/session.js';

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
    request_id: z.string().optional().meta({ description: "The failed request's id, as the journal records it." }),
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
    ...resource('provider', 'provider'),
    display_name: z.string(),
    logo_url: z.string(),
    country_codes: z.array(z.string()),
    connection_types: z.array(ProviderConnectionType),
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
  connection_types: z.array(ProviderConnectionType).min(1),
  grid_fees_included: z.boolean().default(false),
  direct_behaviour: z.enum(['succeed', 'pending', 'fail']).optional(),
  // Strict, as POST /tariffs is: a field the library tariff does not know is refused.
  tariffs: z
    .array(
      z
        .strictObject({ ...LibraryTariff.shape, id: LibraryTariff.shape.id.optional() })
        .superRefine(refuseExportCharges)
        .meta({ id: 'LibraryTariffInput' }),
    )
    .max(50),
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

/** Pages a client may turn off with `false` (the production form); `advanced_tariff_capture` is the structure choice. */
export const SKIPPABLE_PAGES = ['advanced_tariff_capture', 'tariff_name_capture', 'contract_term_capture'] as const;

/**
 * Options for particular pages, by route: `postal_address_capture` is the address to start
 * from; `false` for one of SKIPPABLE_PAGES passes that page over.
 */
const RouteOptions = z
  .record(z.string(), z.unknown())
  .superRefine((o, ctx) => {
    const bad = (path: string[], message: string) =>
      ctx.addIssue({ code: 'custom', path, ...coded('route_options_invalid', message) });
    if (Object.keys(o).length > 20 || JSON.stringify(o).length > 8192) return bad([], 'is too large (8 KiB at most).');
    for (const [route, value] of Object.entries(o)) {
      const skippable = (SKIPPABLE_PAGES as readonly string[]).includes(route);
      if (skippable && typeof value === 'boolean') continue;
      if (!isConnectRoute(route)) bad([route], skippable ? 'must be true or false.' : 'is not a connect page.');
      else if (typeof value !== 'object' || value === null || Array.isArray(value))
        bad([route], skippable ? 'must be true, false or an object.' : 'must be an object.');
      else if (route === 'postal_address_capture') {
        const a = PostalAddress.partial().safeParse(value);
        if (!a.success) {
          const issue = a.error.issues[0]!;
          bad([route, ...issue.path.map(String)], issue.message);
        }
      }
    }
  })
  .meta({
    description:
      "Options by page: postal_address_capture, the address to start from (a PostalAddress); advanced_tariff_capture, tariff_name_capture, contract_term_capture: false passes that page over (one fixed price, the provider's name, an open-ended contract).",
  });

/** A URL the customer's browser is sent to: web addresses and apps' own schemes, never script or local ones. */
export const RedirectUrl = z
  .url({ protocol: /^(?!(?:javascript|vbscript|data|blob|file|filesystem)$)[a-z][a-z0-9+.-]*$/i })
  .max(2000);

const reference = (max: number, description: string) =>
  z.string().min(1).max(max).nullable().optional().meta({ description });

export const PostalAddressType = z.enum(['RESIDENTIAL', 'COMMERCIAL']).meta({ id: 'PostalAddressType' });

export const ConnectTokenCreate = z
  .strictObject({
    connect_url: RedirectUrl.optional().meta({
      description: "Where the customer returns from a DIRECT provider's pages; the web app when absent.",
    }),
    callback_url: RedirectUrl.meta({ description: 'Where the flow sends the customer at the end. Required.' }),
    postal_address: PostalAddress.partial().optional(),
    location_id: idOf('location').optional(),
    tariff_type: TariffType.optional(),
    tariff_direction: TariffDirection.optional(),
    actions: z
      .strictObject({ disconnect_tariff: z.boolean().optional(), edit_tariff: z.boolean().optional() })
      .optional(),
    customer_id: idOf('customer')
      .nullable()
      .optional()
      .meta({ description: "A customer of the same account and mode; the session's location joins it." }),
    customer_reference_id: reference(
      200,
      "Your own reference for the customer: without customer_id, the session's location joins the customer with this reference, made when none has it.",
    ),
    location_reference_id: reference(200, "Your own reference for the location; a new location's reference_id."),
    tariff_id: idOf('tariff').nullable().optional().meta({ description: 'A tariff the session is about, if any.' }),
    route_options: RouteOptions.optional(),
    postal_address_type: PostalAddressType.optional(),
  })
  .meta({ id: 'ConnectTokenCreate' });

export const ConnectTokenCreated = z
  .object({ connect_token: idOf('connectToken'), expires_in: z.number().int(), live_mode: z.boolean() })
  .meta({ id: 'ConnectTokenCreated' });

export const ConnectToken = z
  .object({
    ...resource('connectToken', 'connect_token'),
    location_id: z.string().nullable(),
    price_available: z.boolean(),
    is_tariff_processed: z.boolean().meta({ description: "The production reference's name for price_available." }),
    complete_action: z
      .enum(['SAVE', 'DISCONNECT', ''])
      .meta({ description: 'SAVE: a tariff was stored; DISCONNECT: the slot was emptied; "": not completed.' }),
    tariff_type: TariffType,
    tariff_direction: TariffDirection,
    used: z.boolean(),
    customer_id: z
      .string()
      .nullable()
      .meta({ description: 'As given; once the session completed, the customer its location joined (if any).' }),
    customer_reference_id: z.string().nullable(),
    location_reference_id: z.string().nullable(),
    tariff_id: z.string().nullable().meta({ description: 'As given; once the session stored a tariff, that tariff.' }),
    route_options: z.record(z.string(), z.unknown()).nullable(),
    postal_address_type: PostalAddressType.nullable(),
    time_created: Timestamp,
    time_expiry: Timestamp,
  })
  .meta({ id: 'ConnectToken' });

/** The stored connect token: its public view (`GET /connect/token`) and what only the service sees. */
export type ConnectTokenRecord = Omit<z.output<typeof ConnectToken>, 'is_tariff_processed'> & {
  account_id: string;
  connect_url: string | null;
  callback_url: string | null;
  postal_address: Partial<z.infer<typeof PostalAddress>> | null;
  edit_tariff: boolean;
  session: SessionState | null;
  /** The API generation that made the token; its session speaks that generation's dialect. Absent: anode. */
  generation?: 'anode' | 'zero';
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
  event_type: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "The same filter as type; either profile's event names are accepted." }),
  object_id: z.string().max(80).optional(),
  ...PagingQuery,
});
