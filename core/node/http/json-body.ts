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
    parse(req, text, done);
  });
}
