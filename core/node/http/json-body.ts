import type { FastifyInstance } from 'fastify';
import { ApiError, Codes } from '../../engine/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../engine/json-depth.js';
import './plugins/request.js';

/** The refusal of a body nested deeper than the limit. */
export const tooDeep = () =>
  new ApiError(
    400,
    'invalid_request',
    Codes.bodyTooDeep,
    `The body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`,
  );

/** The refusal of a body with a key `__proto__`, or `constructor` holding `prototype`. */
const keyForbidden = () =>
  new ApiError(
    400,
    'invalid_request',
    Codes.bodyKeyForbidden,
    'The body has a key named __proto__, or constructor with prototype inside: no object takes them.',
  );

/** The refusal of a body with a string (or key) holding half a surrogate pair, `"\ud800"`. */
const unicodeInvalid = () =>
  new ApiError(
    400,
    'invalid_request',
    Codes.bodyUnicodeInvalid,
    'A string in the body holds half a UTF-16 surrogate pair (an escape such as \\ud800 alone), which is no character.',
  );

/** A surrogate written as an escape: the only way half a pair reaches a parsed body (raw bytes decode to U+FFFD). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Half a pair: a high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether every string and key in a parsed value is well-formed Unicode; iterative, for any depth the scan allowed. */
function wellFormed(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return false;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return false;
        stack.push(inner);
      }
  }
  return true;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The one JSON body parser of every server: an empty body is no body (routes that need one say
 * `body_missing`), a body nested past the limit is refused before it is parsed, and the text as
 * received is kept on the request (the catcher checks signatures over it, the journal shows it).
 */
export function jsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text === '') return done(null, undefined);
    if (nestsDeeperThan(text)) return done(tooDeep(), undefined);
    parse(req, text, (err, value) => {
      // The parser refuses keys that could poison objects with the words it uses for broken JSON;
      // text that is JSON all the same was refused for such a key (only a failure pays this second parse).
      if (err && isJson(text)) return done(keyForbidden(), undefined);
      // Half a surrogate pair is valid JSON but no text: stored, it would come back as U+FFFD.
      if (!err && SURROGATE_ESCAPE.test(text) && !wellFormed(value)) return done(unicodeInvalid(), undefined);
      done(err, value);
    });
  });
}
