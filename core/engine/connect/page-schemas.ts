import { z } from 'zod';
import { coded } from '../schemas/common.js';
import { CountryCode } from '../schemas/location.js';
import { parseTimeOfDay } from '../schedule/names.js';
import { STRUCTURES } from './pages.js';

/**
 * What each connect page accepts (docs/connect.md, Pages): one zod schema per page, the page's
 * error codes attached to the checks. Absent objects count as empty, so a missing field gets
 * its own code; a value of the wrong shape is `data_json_invalid`.
 */
const orEmpty = (v: unknown) => (v === undefined || v === null ? {} : v);
const obj = <T extends z.ZodRawShape>(shape: T) => z.preprocess(orEmpty, z.object(shape));
const text = (code: string, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
    z
      .string()
      .max(200)
      .refine((s) => s.length > 0, coded(code, message)),
  );
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v);
const cost = z.preprocess(
  toNumber,
  z
    .number(coded('data_json_invalid', 'must be a number'))
    .refine((n) => Number.isFinite(n), coded('data_json_invalid', 'must be a number'))
    .refine((n) => n !== 0, coded('cost_value_zero', 'must not be zero.'))
    .refine((n) => n >= 0, coded('cost_value_negative', 'must not be negative.'))
    .refine((n) => n < 1e6, coded('data_json_invalid', 'is not a plausible price')),
);
const optionalNumber = (code: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : toNumber(v)),
    z.number(coded(code, 'must be a number')).refine((n) => Number.isFinite(n), coded(code, 'must be a number')),
  );
const time = (code: string) =>
  z.string().refine((s) => parseTimeOfDay(s) !== undefined, coded(code, 'is not a time HH:MM:SS.'));

export const PageData = {
  postal_address_capture: obj({
    postal_address: z.preprocess(
      (v) => (v === undefined || v === null ? undefined : v),
      z.object(
        {
          address_line1: text('address_line1_missing', 'Enter the street address.'),
          city: text('city_missing', 'Enter the city.'),
          post_code: text('post_code_missing', 'Enter the post code.'),
          country_code: z
            .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : (v ?? '')), z.string())
            .refine((s) => s.length > 0, coded('country_code_missing', 'Choose the country.'))
            .refine(
              (s) => s.length === 0 || CountryCode.safeParse(s).success,
              coded('country_code_invalid', 'is not a country code.'),
            ),
          state: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(100).optional()),
        },
        coded('data_json_invalid', 'data.postal_address is required.'),
      ),
    ),
  }),
  provider_select: obj({ provider: obj({ id: text('provider_id_missing', 'Choose a provider.') }) }),
  provider_name_capture: obj({ provider: obj({ name: text('provider_name_missing', 'Enter the provider name.') }) }),
  tariff_select: obj({ tariff: obj({ id: text('tariff_id_missing', 'Choose a tariff.') }) }),
  tariff_name_capture: obj({ tariff: obj({ name: text('tariff_name_missing', 'Enter the tariff name.') }) }),
  tariff_structure_select: obj({
    options: z
      .array(
        z.enum(STRUCTURES, coded('option_invalid', `must be one of ${STRUCTURES.join(', ')}`)),
        coded('option_invalid', 'choose one option'),
      )
      .length(1),
  }),
  rate_fixed_capture: z.object({ cost }, coded('data_json_invalid', 'data must be a JSON object.')),
  rate_tod_capture: z.object(
    {
      hours: z
        .array(
          z.object(
            { valid_from: time('valid_from_invalid'), valid_to: time('valid_to_invalid'), cost },
            coded('data_json_invalid', 'each band is {valid_from, valid_to, cost}'),
          ),
          coded('incomplete_time_period', 'Give the bands of one whole day.'),
        )
        .refine((h) => h.length > 0, coded('incomplete_time_period', 'Give the bands of one whole day.'))
        .refine((h) => h.length <= 48, coded('data_json_invalid', 'too many bands')),
    },
    coded('data_json_invalid', 'data must be a JSON object.'),
  ),
  region_select: obj({ region: text('market_region_invalid', 'Choose a market region.') }),
  surcharge_capture: z.object(
    {
      surcharge: z.object(
        {
          fixed: optionalNumber('data_json_invalid'),
          percentage: optionalNumber('surcharge_percentage_invalid').refine(
            (p) => p >= 0 && p <= 100,
            coded('surcharge_percentage_invalid', 'The percentage is a number from 0 to 100 (5 means 5 %).'),
          ),
        },
        coded('data_json_invalid', 'data.surcharge is required.'),
      ),
    },
    coded('data_json_invalid', 'data.surcharge is required.'),
  ),
  contract_term_capture: z.preprocess(
    (v) => (v === undefined || v === null ? {} : v),
    z.object(
      {
        contract_end_date: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          z.string(coded('contract_end_date_invalid', 'must be a date')).max(40).optional(),
        ),
      },
      coded('data_json_invalid', 'data must be a JSON object.'),
    ),
  ),
} as const;

export type PageRoute = keyof typeof PageData;

/** The code of a shape problem (wrong type, missing value) by the field it is in; checks carry their own. */
const FIELD_CODES: Record<string, string> = {
  options: 'option_invalid',
  hours: 'incomplete_time_period',
  valid_from: 'valid_from_invalid',
  valid_to: 'valid_to_invalid',
  contract_end_date: 'contract_end_date_invalid',
  percentage: 'surcharge_percentage_invalid',
};

/** The page's data, or the first problem as the page's error code. */
export function parsePage<R extends PageRoute>(
  route: R,
  data: unknown,
): { ok: true; data: z.output<(typeof PageData)[R]> } | { ok: false; code: string; message: string } {
  const res = (PageData[route] as z.ZodType).safeParse(data);
  if (res.success) return { ok: true, data: res.data as z.output<(typeof PageData)[R]> };
  const issue = res.error.issues[0]!;
  const field = issue.path.filter((p) => typeof p === 'string').at(-1) as string | undefined;
  const code =
    (issue as { params?: { code?: string } }).params?.code ?? (field && FIELD_CODES[field]) ?? 'data_json_invalid';
  return {
    ok: false,
    code,
    message:
      field &&
      !issue.message.startsWith('Enter') &&
      !issue.message.startsWith('Choose') &&
      !issue.message.startsWith('The') &&
      !issue.message.startsWith('Give')
        ? `${String(field)} ${issue.message}`
        : issue.message,
  };
}
