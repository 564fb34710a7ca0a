/**
 * The query pieces Zero's rate and slot operations share (API version 2024-08-24): a window,
 * a direction and a segment as its reference documents them. Zero reads query strings leniently:
 * parameters it does not know are ignored; those it knows are still checked.
 */
import { z } from 'zod';
import { Timestamp } from '../common.js';

/** A Zero object id answered by the service: the prefix, `_` and 1–64 letters or digits. */
export const zeroId = (prefix: string) =>
  z
    .string()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,64}$`))
    .meta({ example: `${prefix}_8f3kQ2mZ` });

/** IMPORT or EXPORT, in any case. */
export const ZeroDirectionParam = z
  .string()
  .regex(/^(IMPORT|EXPORT)$/i, 'must be IMPORT or EXPORT')
  .meta({ description: 'IMPORT (default) or EXPORT.' });

/** LOW or HIGH, in any case. */
export const ZeroSegmentParam = z
  .string()
  .regex(/^(LOW|HIGH)$/i, 'must be LOW or HIGH')
  .meta({ description: 'LOW: the cheapest time; HIGH: the dearest.' });

/** `true` or `false`, in any case (`True`, `FALSE`). */
export const ZeroBoolParam = z.stringbool({ truthy: ['true'], falsy: ['false'] });

/**
 * A time in a query string. An offset's `+` sent unencoded arrives as a space (the form
 * encoding's); clients of the Zero service wrote offsets that way, so a space before the offset
 * is read as the `+` it was.
 */
const QueryTime = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/(\d) (\d{2}:\d{2})$/, '$1+$2') : v),
  Timestamp,
);

/** The window every rate and slot query takes: RFC 3339, `Z` or an offset, fractions allowed. */
export const zeroWindow = {
  start_time: QueryTime.optional().meta({ description: 'Start of the window; default now.' }),
  end_time: QueryTime.meta({ description: 'End of the window (exclusive); at most 90 days after the start.' }),
  direction: ZeroDirectionParam.optional(),
};

export type ZeroDirection = 'IMPORT' | 'EXPORT';
/** A direction as the service works with it: upper case, IMPORT by default. */
export const directionOf = (d: string | undefined): ZeroDirection =>
  d === undefined ? 'IMPORT' : (d.toUpperCase() as ZeroDirection);

export const ZeroDirection = z.enum(['IMPORT', 'EXPORT']);
