import { z } from 'zod';
import { IANAZone } from 'luxon';
import { Prefix, hasPrefix } from '../ids.js';

/** Attach a named error code to a refinement; the HTTP layer reads `params.code`. */
export const coded = (code: string, message: string) => ({ message, params: { code } });

export const TariffType = z.enum(['COMMODITY', 'NON_COMMODITY']).meta({ id: 'TariffType' });
export const TariffDirection = z.enum(['IMPORT', 'EXPORT', 'LOCAL']).meta({ id: 'TariffDirection' });
export const ConnectionType = z.enum(['MANUAL', 'LIBRARY', 'DIRECT']).meta({ id: 'ConnectionType' });
/** How a provider's customers connect a tariff in the connect flow (docs/connect.md, Paths through the pages). */
export const ProviderConnectionType = z.enum(['LIBRARY', 'DIRECT', 'MARKET']).meta({
  id: 'ProviderConnectionType',
  description:
    "LIBRARY: its library tariffs; DIRECT: the provider's own login; MARKET: the market prices plus the customer's surcharges.",
});
export const TariffStatus = z.enum(['CONNECTED', 'PENDING', 'FAILED', 'ERROR']).meta({
  id: 'TariffStatus',
  description: 'PENDING while a DIRECT provider has not delivered the tariff; FAILED when it could not.',
});
export type TariffType = z.infer<typeof TariffType>;
export type TariffDirection = z.infer<typeof TariffDirection>;

/** An object id of the given kind: the right prefix, then 1–64 alphanumerics. */
export function idOf(kind: keyof typeof Prefix, codeField = `${kindName(kind)}_id`) {
  const prefix = Prefix[kind];
  return z
    .string()
    .max(80)
    .refine((s) => hasPrefix(s, prefix), coded(`${codeField}_invalid`, `must be a ${kindName(kind)} id (${prefix}_…)`))
    .meta({ example: `${prefix}_8f3kQ2mZ` });
}

/** The three fields every stored object of the API opens with: its id, its kind and its mode. */
export function resource<const O extends string>(kind: keyof typeof Prefix, object: O) {
  return { id: idOf(kind), object: z.literal(object), live_mode: z.boolean() };
}
function kindName(kind: string): string {
  return kind.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validCalendar(s: string): boolean {
  const y = Number(s.slice(0, 4)),
    mo = Number(s.slice(5, 7)),
    d = Number(s.slice(8, 10));
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > days) return false;
  if (s.length > 10) {
    const h = Number(s.slice(11, 13)),
      mi = Number(s.slice(14, 16)),
      se = Number(s.slice(17, 19));
    if (h > 23 || mi > 59 || se > 59) return false;
    const off = /([+-])(\d{2}):(\d{2})$/.exec(s);
    if (off && (Number(off[2]) > 23 || Number(off[3]) > 59)) return false;
  }
  return true;
}

/** Whether a string is what `Timestamp` takes: RFC 3339 with `Z` or an offset, a real date and time. */
export const isTimestamp = (s: string): boolean => s.length <= 40 && RFC3339.test(s) && validCalendar(s);

/** RFC 3339 date-time with `Z` or an offset. */
export const Timestamp = z
  .string()
  .max(40)
  .refine(isTimestamp, { message: 'must be an RFC 3339 date-time (UTC or offset form)' })
  .meta({ format: 'date-time', example: '2026-01-01T00:00:00Z' });

/** A contract date: RFC 3339 date-time, or a bare date meaning local midnight (pricing rule 5). */
export const ContractDate = z
  .string()
  .max(40)
  .refine((s) => (RFC3339.test(s) || DATE.test(s)) && validCalendar(s), {
    message: 'must be an RFC 3339 date-time or a YYYY-MM-DD date',
  })
  .meta({ example: '2026-01-01T00:00:00Z' });

export const TimeZoneName = z
  .string()
  .max(64)
  .refine((s) => IANAZone.isValidZone(s), { message: 'must be a tz database zone name such as Europe/Berlin' })
  .meta({ example: 'Europe/Berlin' });

const currencies = new Set(Intl.supportedValuesOf('currency'));
export const CurrencyCode = z
  .string()
  .refine((s) => currencies.has(s), { message: 'must be an ISO 4217 currency code such as EUR' })
  .meta({ example: 'EUR' });

/** Paging query of every list endpoint (docs/api.md, Lists). */
export const PagingQuery = {
  limit: z.coerce.number().int().min(1).max(100).optional().meta({ description: '1–100, default 30' }),
  starting_after: z
    .string()
    .max(80)
    .optional()
    .meta({ description: 'An object id: the page after it (older objects).' }),
  ending_before: z
    .string()
    .max(80)
    .optional()
    .meta({ description: 'An object id: the page before it (newer objects).' }),
};

/** `{object:"list", url, has_more, data}` of some item schema; `id` names it in OpenAPI. */
export function listOf<T extends z.ZodType>(item: T, id?: string) {
  const list = z.object({
    object: z.literal('list'),
    url: z.string(),
    has_more: z.boolean(),
    data: z.array(item),
  });
  return id ? list.meta({ id }) : list;
}
