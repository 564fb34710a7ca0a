/**
 * The building blocks of the Zero reference: JSON Schema written as small calls, so each
 * operation's shapes read as their structure (names, types, required lists) and nothing else.
 */

export type JsonSchema = { [key: string]: unknown };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query parameter as the reference lists it. */
export interface QueryParam {
  schema: JsonSchema;
  required?: boolean;
}

/** One operation of the Zero generation (API version 2024-08-24), as its reference gives it. */
export interface ZeroOperation {
  /** The reference's name for the operation. */
  name: string;
  /** The reference's tag. */
  tag: string;
  method: Method;
  /** The path with `{name}` parameters, as the reference writes it. */
  path: string;
  /** The documented success status. */
  success: number;
  /** The documented error statuses. */
  errors: number[];
  /** The success answer's schema. */
  response: JsonSchema;
  /** The request body's schema, where the operation takes one. */
  body?: JsonSchema;
  query?: Record<string, QueryParam>;
}

export const str = (): JsonSchema => ({ type: 'string' });
/** An RFC 3339 date-time. */
export const dateTime = (): JsonSchema => ({ type: 'string', format: 'date-time' });
/** A time of day: the reference's examples ("05:00:00") carry no zone, so the zone is optional. */
export const timeOfDay = (): JsonSchema => ({ type: 'string', format: 'iso-time' });
export const num = (): JsonSchema => ({ type: 'number' });
export const int = (): JsonSchema => ({ type: 'integer' });
export const bool = (): JsonSchema => ({ type: 'boolean' });
export const arr = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
/** The value may also be null. */
export const nullable = (s: JsonSchema): JsonSchema => ({ ...s, type: [s.type, 'null'] });

/** An object with its properties and the names it requires. */
export function obj(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return required.length ? { type: 'object', properties, required } : { type: 'object', properties };
}

/** A list answer: `object`, `url`, `has_more` and `data` of `item`, with the list's own required names. */
export const list = (item: JsonSchema, required: string[] = []): JsonSchema =>
  obj({ object: str(), url: str(), has_more: bool(), data: arr(item) }, required);

/** Every error answer of the reference (403, 404, 409, 422, 500) and its 202: an object with a string `message`. */
export const message = (): JsonSchema => obj({ message: str() });

/** The statuses most operations document besides success. */
export const AUTH_ERRORS = [403, 500];
export const LOOKUP_ERRORS = [403, 404, 500];
