import Fastify, { type FastifyInstance } from 'fastify';
import type { Service } from '../service.js';
import { ApiError, errorBody } from '../../engine/errors.js';
import { LOOPBACK_ORIGIN } from '../http/loopback.js';

/** Handles one connect protocol message; returns the reply (a page, a redirect or an error object). */
export type ConnectHandler = (message: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * The connect service: one root endpoint taking POST of JSON whatever the Content-Type
 * (DESIGN.md section 5), with CORS for the connect web app's origin.
 */
export function buildConnectServer(
  svc: Service,
  handle: ConnectHandler,
  opts: { allowOrigin?: () => string | undefined } = {},
): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const cors = (origin: string | undefined): Record<string, string> => {
    const allowed = opts.allowOrigin?.();
    const value = allowed && origin === allowed ? allowed : origin && LOOPBACK_ORIGIN.test(origin) ? origin : undefined;
    return value ? { 'access-control-allow-origin': value, vary: 'Origin' } : {};
  };

  const fail = (code: string, message: string, status = 400) =>
    errorBody(new ApiError(status, 'invalid_request', code, message), 'connect', false, svc.clock.now());

  app.options('/', async (req, reply) => {
    reply
      .headers({
        ...cors(req.headers.origin),
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      })
      .code(204)
      .send();
  });
  app.post('/', async (req, reply) => {
    const started = performance.now();
    reply.headers(cors(req.headers.origin)).type('application/json');
    let message: unknown;
    let out: { status: number; body: unknown } | undefined;
    try {
      message = JSON.parse(typeof req.body === 'string' && req.body.length ? req.body : 'null');
    } catch {
      out = { status: 400, body: fail('data_json_invalid', 'The body is not valid JSON.') };
    }
    out ??= await handle(message);
    // The journal: scoped by the token's account and mode when there is one.
    const tokenId = (message as { connect_token?: unknown } | null)?.connect_token;
    const token = typeof tokenId === 'string' ? svc.connectTokens.load(tokenId) : undefined;
    const text = JSON.stringify(out.body);
    svc.journal.add({
      time: svc.clock.now().toISOString(),
      surface: 'connect',
      method: 'POST',
      path: `/ (${String((message as { route?: unknown } | null)?.route ?? '?')})`,
      status: out.status,
      latency_ms: Math.round((performance.now() - started) * 100) / 100,
      request_headers: req.headers,
      request_body: typeof req.body === 'string' ? req.body : '',
      response_body: text,
      fault: null,
      account_id: token?.account_id ?? null,
      live_mode: token?.live_mode ?? null,
    });
    reply.code(out.status);
    return text;
  });
  app.setNotFoundHandler((_req, reply) => {
    reply
      .code(404)
      .type('application/json')
      .send(fail('route_not_found', 'The connect service has one endpoint: POST /.', 404));
  });
  app.setErrorHandler((err: { code?: string; statusCode?: number }, req, reply) => {
    const tooLarge = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    reply
      .headers(cors(req.headers.origin))
      .code(tooLarge ? 413 : 400)
      .type('application/json')
      .send(
        fail(
          tooLarge ? 'body_too_large' : 'request_invalid',
          tooLarge ? 'The body is too large.' : 'The request could not be read.',
          tooLarge ? 413 : 400,
        ),
      );
  });
  return app;
}
