import sjson from 'secure-json-parse';
import { ApiError, Codes } from '../../engine/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../engine/json-depth.js';

/** The refusal of a body nested deeper than the limit. */
export const tooDeep = () =>
  new ApiError(
    400,
    'invalid_request',
    Codes.bodyTooDeep,
    `The body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`,
  );

/** The refusal of a body with a key `__proto__`, or `constructor` holding `prototype`. */
export const keyForbidden = () =>
  new ApiError(
    400,
    'invalid_request',
    Codes.bodyKeyForbidden,
    'The body has a key named __proto__, or constructor with prototype inside: no object takes them.',
  );

/** The refusal of a body with a string (or key) holding half a surrogate pair, `"\ud800"`. */
export const unicodeInvalid = () =>
  new ApiError(
    400,
    'invalid_request',
    Codes.bodyUnicodeInvalid,
    'A string in the body holds half a UTF-16 surrogate pair (an escape such as \\ud800 alone), which is no character.',
  );

/** The refusal of text that is not JSON, as the errors plugin words the framework's. */
const notJson = () => new ApiError(400, 'invalid_request', Codes.bodyInvalidJson, 'The body is not valid JSON.');

/** A surrogate written as an escape: the only way half a pair reaches a parsed body (raw bytes decode to U+FFFD). */
export const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Half a pair: a high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether every string and key in a parsed value is well-formed Unicode; iterative, for any depth the scan allowed. */
export function wellFormed(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return false;
    } else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v !== null && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return false;
        stack.push(inner);
      }
  }
  return true;
}

export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A JSON body from its text with the checks of the servers' one JSON parser (json-body.ts), for
 * the routes that receive their body as bytes and parse it where the work runs (a worker or
 * this thread): the same refusals, the same error objects. An empty body is no body.
 */
export function parseJsonText(text: string): unknown {
  if (text === '') return undefined;
  if (nestsDeeperThan(text)) throw tooDeep();
  let value: unknown;
  try {
    value = sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw isJson(text) ? keyForbidden() : notJson();
  }
  if (SURROGATE_ESCAPE.test(text) && !wellFormed(value)) throw unicodeInvalid();
  return value;
}

/** The same from bytes as received (UTF-8, as the framework decodes a string body). */
export const parseJsonBytes = (bytes: Uint8Array): unknown =>
  parseJsonText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
