import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Service } from '../service.js';
import { API_VERSION_HEADER } from '../../engine/wire-profile.js';
import { VERSION_OF } from '../../engine/versions.js';
import { ApiError, errorBody } from '../../engine/errors.js';
import { errorBodies, errorServerOptions } from '../http/plugins/errors.js';
import { JSON_CSP, securityHeaders } from '../http/plugins/security-headers.js';
import { loopbackCors } from '../http/plugins/cors.js';
import { requestJournal } from '../http/plugins/journal.js';
import { tooDeep } from '../http/json-body.js';
import { nestsDeeperThan } from '../../engine/json-depth.js';

/** Handles one connect protocol message; returns the reply (a page, a redirect or an error object). */
export type ConnectHandler = (message: unknown) => Promise<{ status: number; body: unknown }>;

/** The message a request carries, parsed once and kept for the journal. */
const messageOf = new WeakMap<FastifyRequest, unknown>();

/**
 * The connect service: one root endpoint taking POST of JSON whatever the Content-Type, with
 * CORS for the connect web app's origin, any page on this machine, and the origins the tester
 * configured (`connect_web_origins`). Every error object carries the request's id, which the
 * journal records too.
 */
export function buildConnectServer(
  svc: Service,
  handle: ConnectHandler,
  opts: { allowOrigin?: () => string | undefined } = {},
): FastifyInstance {
  const now = () => svc.clock.now();
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
    ...errorServerOptions('connect', now),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  void app.register(errorBodies, { surface: 'connect', now });
  void app.register(securityHeaders, { csp: () => JSON_CSP });
  void app.register(loopbackCors, {
    origins: () => [opts.allowOrigin?.(), ...svc.connectTokens.webOrigins()].filter((o): o is string => !!o),
    methods: ['POST'],
    // Zero-era clients send their bearer along; the service ignores it, so browsers may send it.
    headers: ['content-type', 'authorization'],
  });
  // Journal entries belong to the account and mode of the message's connect token.
  void app.register(requestJournal, {
    journal: svc.journal,
    surface: 'connect',
    now,
    scopeOf: (req) => {
      const id = (messageOf.get(req) as { connect_token?: unknown } | null | undefined)?.connect_token;
      const token = typeof id === 'string' ? svc.connectTokens.load(id) : undefined;
      return token ? { accountId: token.account_id, liveMode: token.live_mode } : null;
    },
    label: (req) => `/ (${String((messageOf.get(req) as { route?: unknown } | null | undefined)?.route ?? '?')})`,
  });

  app.post('/', async (req, reply) => {
    let message: unknown;
    if (typeof req.body === 'string' && nestsDeeperThan(req.body)) throw tooDeep();
    try {
      message = JSON.parse(typeof req.body === 'string' && req.body.length ? req.body : 'null');
    } catch {
      const e = new ApiError(400, 'invalid_request', 'data_json_invalid', 'The body is not valid JSON.');
      return reply
        .code(400)
        .type('application/json')
        .send(JSON.stringify(errorBody(e, 'connect', false, now(), req.id)));
    }
    messageOf.set(req, message);
    const out = await handle(message);
    // An answer about a token is written in its generation's dialect, and says which.
    const id = (message as { connect_token?: unknown } | null)?.connect_token;
    const token = typeof id === 'string' ? svc.connectTokens.load(id) : undefined;
    if (token) void reply.header(API_VERSION_HEADER, VERSION_OF[token.generation ?? 'anode']);
    const body = out.body as { object?: unknown; request_id?: string };
    if (body && body.object === 'error') body.request_id = req.id;
    return reply.code(out.status).type('application/json').send(JSON.stringify(body));
  });
  return app;
}
