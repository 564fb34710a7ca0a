import { z } from 'zod';
import { coded } from '../schemas/common.js';
import { CountryCode } from '../schemas/location.js';
import { parseTimeOfDay } from '../schedule/names.js';

/**
 * The zod pieces the connect pages are built from (docs/connect.md, Pages): what a page sends
 * (render data) and what it accepts (submit data). Submit checks carry the page's error codes;
 * an absent object counts as empty, so a missing field gets its own code, and a value of the
 * wrong shape is `data_json_invalid`.
 */

// ---- submit data ----

const orEmpty = (v: unknown) => (v === undefined || v === null ? {} : v);
/** An object that may be absent (then each of its required fields is missing). */
export const obj = <T extends z.ZodRawShape>(shape: T) => z.preprocess(orEmpty, z.object(shape));
/** A required text: trimmed, empty is `code`. */
export const text = (code: string, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
    z
      .string()
      .max(200)
      .refine((s) => s.length > 0, coded(code, message)),
  );
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v);
/** A price per kWh: a number or a numeric string (a decimal comma is accepted), above zero. */
export const cost = z.preprocess(
  toNumber,
  z
    .number(coded('data_json_invalid', 'must be a number'))
    .refine((n) => Number.isFinite(n), coded('data_json_invalid', 'must be a number'))
    .refine((n) => n !== 0, coded('cost_value_zero', 'must not be zero.'))
    .refine((n) => n >= 0, coded('cost_value_negative', 'must not be negative.'))
    .refine((n) => n < 1e6, coded('data_json_invalid', 'is not a plausible price')),
);
/** A number that may be left empty (then 0). */
export const optionalNumber = (code: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : toNumber(v)),
    z.number(coded(code, 'must be a number')).refine((n) => Number.isFinite(n), coded(code, 'must be a number')),
  );
/** A time of day `HH:MM:SS`. */
export const time = (code: string) =>
  z.string().refine((s) => parseTimeOfDay(s) !== undefined, coded(code, 'is not a time HH:MM:SS.'));
/** A JSON object, or `data_json_invalid`. */
export const jsonObject = <T extends z.ZodRawShape>(shape: T, what = 'data must be a JSON object.') =>
  z.object(shape, coded('data_json_invalid', what));
export const countryCode = z
  .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : (v ?? '')), z.string())
  .refine((s) => s.length > 0, coded('country_code_missing', 'Choose the country.'))
  .refine(
    (s) => s.length === 0 || CountryCode.safeParse(s).success,
    coded('country_code_invalid', 'is not a country code.'),
  );

// ---- render data ----

export const STRUCTURES = ['FIXED', 'TIME_OF_DAY', 'MARKET'] as const;
export const Structure = z.enum(STRUCTURES);

/** The header of every page that knows the provider; a typed-in provider has `id` and `logo_url` null. */
export const ProviderHeader = z.strictObject({
  id: z.string().nullable(),
  display_name: z.string(),
  logo_url: z.string().nullable().meta({ description: 'An absolute URL any client on this machine can load.' }),
});
export type ProviderHeader = z.infer<typeof ProviderHeader>;

/** The address as the pages show it: what is known so far. */
export const AddressView = z.strictObject({
  address_line1: z.string().optional(),
  address_line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  post_code: z.string().optional(),
  country_code: z.string(),
});

/** One interval of the summary's prices, in the location's offset. */
export const SummaryRate = z.strictObject({
  valid_from: z.string(),
  valid_to: z.string(),
  tariff: z.strictObject({ cost: z.number(), confidence: z.number() }),
});
export type SummaryRate = z.infer<typeof SummaryRate>;
