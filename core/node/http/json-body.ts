import type { FastifyInstance } from 'fastify';
import { nestsDeeperThan } from '../../engine/json-depth.js';
import { SURROGATE_ESCAPE, isJson, keyForbidden, tooDeep, unicodeInvalid, wellFormed } from './json-text.js';
import './plugins/request.js';
import { JOURNAL_BODY_BYTES } from '../traffic/journal.js';

export { tooDeep };

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

/**
 * JSON bodies kept as the bytes received, for routes that parse them where their work runs
 * (`core/node/pool/heavy.ts`). The journal keeps the start of the text, as it would of a string.
 */
export function rawJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer;
    req.rawBody = bytes.toString('utf8', 0, JOURNAL_BODY_BYTES);
    if (bytes.length > JOURNAL_BODY_BYTES) req.requestLength = bytes.length;
    done(null, bytes);
  });
}
