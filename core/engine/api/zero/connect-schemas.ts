import { z } from 'zod';
import { ContractDate, idOf } from '../../schemas/common.js';
import { CountryCode } from '../../schemas/location.js';
import { RedirectUrl } from '../../schemas/misc.js';
import { ZeroSchedule } from '../../zero/tariff-element.js';

/**
 * The connect token operations of API version 2024-08-24 (Zero), in Zero's names. Bodies are
 * plain objects: a field Zero does not know is ignored, as the real service did; every field it
 * knows is still checked.
 */

const text = (max: number) => z.string().min(1).max(max);
const reference = text(200).nullable().optional();

/** A postal address as Zero takes it: every part optional, the country checked when given. */
export const ZeroPostalAddress = z
  .object({
    address_line1: text(200).optional(),
    address_line2: text(200).optional(),
    city: text(200).optional(),
    state: text(100).optional(),
    post_code: text(20).optional(),
    country_code: CountryCode.optional(),
  })
  .meta({ id: 'ZeroPostalAddress' });

export const ZeroDirection = z.enum(['IMPORT', 'EXPORT']);
export const ZeroTariffType = z.enum(['COMMODITY', 'NON_COMMODITY']);

/** `POST /connect/tariff/token` (ConnectInitTariff). */
export const ZeroConnectInit = z
  .object({
    callback_uri: RedirectUrl.meta({ description: 'Where Connect sends the customer when the session is over.' }),
    connect_web_uri: RedirectUrl.optional().meta({
      description: "Where the customer returns from a DIRECT provider's login pages; the connect web app when absent.",
    }),
    direction: ZeroDirection.optional(),
    type: ZeroTariffType.optional(),
    customer_id: idOf('customer').nullable().optional(),
    customer_reference_id: reference,
    location_id: idOf('location').nullable().optional(),
    location_reference_id: reference,
    tariff_id: idOf('tariff').nullable().optional(),
    postal_address: ZeroPostalAddress.optional(),
  })
  .meta({ id: 'ZeroConnectInitTariff' });

export const ZeroConnectInitResponse = z
  .object({ connect_token: idOf('connectToken'), expires_in: z.number().int(), live_mode: z.boolean() })
  .meta({ id: 'ZeroConnectInitTariffResponse' });

/** `GET /connect/tariff/token` and the batch answer (ConnectToken). */
export const ZeroConnectToken = z
  .object({
    id: idOf('connectToken'),
    object: z.literal('connect_token'),
    live_mode: z.boolean(),
    customer_id: z.string().optional().meta({ description: "The token's customer, or its location's." }),
    customer_reference_id: z.string().optional(),
    location_id: z.string().meta({ description: 'Empty until the session has a location.' }),
    location_reference_id: z
      .string()
      .meta({ description: "The token's reference, else its location's; may be empty." }),
    is_tariff_processed: z.boolean(),
    complete_action: z.enum(['SAVE', 'DISCONNECT', '']),
    time_created: z.string(),
    time_expiry: z.string(),
  })
  .meta({ id: 'ZeroConnectToken' });

export const ZeroConnectExchangeQuery = z.object({ connect_token: idOf('connectToken', 'connect_token') });

/** The batch example writes a rate's price as `value` where the tariff schedule says `fixed`: either is read. */
function rateValueAsFixed(schedule: unknown): unknown {
  if (!Array.isArray(schedule)) return schedule;
  const rate = (r: unknown) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
    const { value, ...rest } = r as Record<string, unknown>;
    return value !== undefined && rest.fixed === undefined ? { ...rest, fixed: value } : r;
  };
  const map = (xs: unknown, f: (x: unknown) => unknown) => (Array.isArray(xs) ? xs.map(f) : xs);
  const obj = (x: unknown, key: string, f: (x: unknown) => unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) && key in x
      ? { ...x, [key]: f((x as Record<string, unknown>)[key]) }
      : x;
  return schedule.map((season) =>
    obj(season, 'days_and_hours', (dh) =>
      map(dh, (d) => obj(d, 'hours', (hs) => map(hs, (h) => obj(h, 'rate', (rs) => map(rs, rate))))),
    ),
  );
}

/** `POST /connect/tariff/batch` (ConnectImport): a session's outcome given at once, without its pages. */
export const ZeroConnectImport = z
  .object({
    session: z
      .object({
        direction: ZeroDirection.optional(),
        type: ZeroTariffType.optional(),
        customer_id: idOf('customer').nullable().optional(),
        customer_reference_id: reference,
        location_id: idOf('location').nullable().optional(),
        location_reference_id: reference,
        disconnect: z.boolean().optional(),
        postal_address: ZeroPostalAddress.optional(),
      })
      .optional(),
    postal_address: ZeroPostalAddress.optional(),
    tariff: z
      .object({
        provider_id: idOf('provider').nullable().optional(),
        type: z.enum(['FIXED', 'TIME_OF_DAY', 'MARKET']),
        name: text(200).optional(),
        contract: z
          .object({ start_date: ContractDate.nullable().optional(), end_date: ContractDate.nullable().optional() })
          .optional(),
        data: z.preprocess(rateValueAsFixed, ZeroSchedule).optional().meta({
          description:
            'The schedule (market tariffs: surcharges only). A rate may give its price as `value`, as the batch example does, or as `fixed`.',
        }),
      })
      .optional(),
  })
  .meta({ id: 'ZeroConnectImport' });
