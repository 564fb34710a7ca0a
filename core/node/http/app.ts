import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import cors from '@fastify/cors';
import { LOOPBACK_ORIGIN } from './loopback.js';
import { z } from 'zod';
import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import { ApiError, Codes, errorBody } from '../../engine/errors.js';
import { defineRoute, fromZod, parseWith, type AnyRoute } from './route.js';
import { authRoutes } from './routes/auth.js';
import { locationRoutes } from './routes/locations.js';
import { tariffRoutes } from './routes/tariffs.js';
import { providerRoutes } from './routes/providers.js';
import { priceRoutes } from './routes/prices.js';
import { marketRoutes } from './routes/market.js';
import { connectRoutes } from './routes/connect.js';
import { libraryRoutes } from './routes/library.js';
import { eventRoutes } from './routes/events.js';
import { webhookRoutes } from './routes/webhooks.js';
import { demoRoutes } from './routes/demo.js';
import { trafficRoutes } from './routes/traffic.js';
import { eventSchemas } from '../../engine/webhooks/schemas.js';
import { buildOpenApi } from './openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    scope: Scope | null;
    context: string;
    /** The body as received, for signature checks (the catcher). */
    rawBody?: string;
    startedAt: number;
    fault: string | null;
    responseText: string;
  }
  interface FastifyInstance {
    /** `METHOD /path` of every route served, as registered. */
    routeTable: string[];
  }
}

export const BODY_LIMIT = 1024 * 1024;

export interface ApiOptions {
  /** Extra routes contributed by other modules (prices, connect tokens, webhooks, …). */
  routes?: AnyRoute[];
  logger?: boolean;
  /** Browser origins allowed to call the API (the admin app, the connect web app); loopback ones always are. */
  corsOrigins?: () => string[];
}

/** Every route of the API; the OpenAPI document is generated from this same list. */
export function apiRoutes(extra: AnyRoute[] = []): AnyRoute[] {
  const routes: AnyRoute[] = [
    ...authRoutes,
    ...locationRoutes,
    ...tariffRoutes,
    ...priceRoutes,
    ...connectRoutes,
    ...providerRoutes,
    ...libraryRoutes,
    ...marketRoutes,
    ...eventRoutes,
    ...webhookRoutes,
    ...demoRoutes,
    ...trafficRoutes,
    ...extra,
  ];
  let doc: string | undefined;
  routes.push(
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tag: 'Meta',
      query: z.strictObject({}),
      response: z.record(z.string(), z.unknown()),
      handler: () => (doc ??= JSON.stringify(buildOpenApi(routes, eventSchemas))),
    }),
  );
  return routes;
}

/** Maps framework errors (body parsing, limits, URLs) onto the error object of DESIGN.md section 4. */
function frameworkError(err: FastifyError): ApiError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'invalid_request', Codes.bodyTooLarge, 'The body is larger than this route accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'invalid_request', Codes.contentTypeUnsupported, 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_request', 'body_missing', 'The body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'invalid_request', 'content_length_invalid', 'Content-Length does not match the body.');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new ApiError(400, 'invalid_request', 'url_invalid', 'The URL is malformed.');
    default:
      if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return new ApiError(400, 'invalid_request', Codes.bodyInvalidJson, 'The body is not valid JSON.');
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return new ApiError(err.statusCode, 'invalid_request', 'request_invalid', err.message);
      }
      return new ApiError(
        500,
        'api_error',
        Codes.internal,
        'Something went wrong on our side; the request changed nothing.',
      );
  }
}

/** Testers' fault rules: added latency, a forced error, or a dropped connection. */
async function injectFault(
  svc: Service,
  request: import('fastify').FastifyRequest,
  reply: import('fastify').FastifyReply,
  scope: Scope,
): Promise<void> {
  const rule = svc.faults.pick(scope, request.method, request.url.split('?')[0]!);
  if (!rule) return;
  request.fault = rule.id;
  if (rule.kind === 'latency') await new Promise((r) => setTimeout(r, rule.latency_ms));
  else if (rule.kind === 'drop') {
    reply.hijack();
    request.raw.socket?.destroy();
    reply.raw.destroy();
  } else {
    const type = rule.status === 429 ? 'rate_limit' : rule.status >= 500 ? 'api_error' : 'invalid_request';
    throw new ApiError(
      rule.status,
      type,
      rule.code,
      `Injected fault (${rule.id}): ${rule.pattern}.`,
      rule.status === 429 || rule.status === 503 ? { retry_after: 1 } : {},
    );
  }
}

/** Builds the REST API without binding a port (tests call it with `inject`). */
export function buildApi(svc: Service, opts: ApiOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Long ids or query strings are validated by the schemas; the router only needs sane bounds.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    exposeHeadRoutes: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Errors the router raises before any route runs (bad URLs, overlong segments).
    frameworkErrors: (err, request, reply) => {
      const apiErr =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError(414, 'invalid_request', 'url_too_long', 'A path segment is too long.')
          : frameworkError(err);
      // The framework types this reply loosely; it is the same error body as everywhere else.
      const raw = reply as unknown as { code(n: number): { type(t: string): { send(b: string): void } } };
      raw
        .code(apiErr.status)
        .type('application/json')
        .send(JSON.stringify(errorBody(apiErr, 'api', false, svc.clock.now())));
    },
  });
  // JSON only: anything else is answered 415 by the framework. The raw text is kept for the catcher.
  app.removeContentTypeParser('text/plain');
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    req.rawBody = body as string;
    // An empty body is no body: routes that need one answer body_missing.
    if (body === '') return done(null, undefined);
    jsonParser(req, body as string, done);
  });
  // Browser clients on this machine (the admin app, testers' own pages) may call the API.
  void app.register(cors, {
    origin: (origin, cb) =>
      cb(null, !origin || LOOPBACK_ORIGIN.test(origin) || (opts.corsOrigins?.() ?? []).includes(origin)),
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    exposedHeaders: ['retry-after'],
    maxAge: 600,
  });
  app.decorate('routeTable', [] as string[]);
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'OPTIONS' && m !== 'HEAD') app.routeTable.push(`${m} ${r.url}`);
  });
  app.decorateRequest('scope', null);
  app.decorateRequest('context', 'api');
  app.decorateRequest('startedAt', 0);
  app.decorateRequest('fault', null);
  app.decorateRequest('responseText', '');
  app.addHook('onRequest', async (request) => {
    request.startedAt = performance.now();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string') request.responseText = payload;
    return payload;
  });
  // Every request goes to the journal, but its own reads (the app polls them).
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method === 'GET' && path === '/journal') return;
    svc.journal.add({
      time: svc.clock.now().toISOString(),
      surface: 'api',
      method: request.method,
      path: request.url,
      status: reply.statusCode,
      latency_ms: Math.round((performance.now() - request.startedAt) * 100) / 100,
      request_headers: request.headers,
      request_body: request.rawBody ?? '',
      response_body: request.responseText,
      fault: request.fault,
      account_id: request.scope?.accountId ?? null,
      live_mode: request.scope?.liveMode ?? null,
    });
  });

  app.setErrorHandler((err: FastifyError | ApiError | z.ZodError, request, reply) => {
    let apiErr: ApiError;
    if (err instanceof ApiError) apiErr = err;
    else if (err instanceof z.ZodError) apiErr = fromZod(err, 'body');
    else apiErr = frameworkError(err);
    if (apiErr.status >= 500) request.log.error(err);
    if (apiErr.extra.retry_after !== undefined) reply.header('Retry-After', String(apiErr.extra.retry_after));
    reply
      .code(apiErr.status)
      .type('application/json')
      .send(errorBody(apiErr, request.context, request.scope?.liveMode ?? false, svc.clock.now()));
  });
  app.setNotFoundHandler((request, reply) => {
    const e = new ApiError(
      404,
      'invalid_request',
      Codes.routeNotFound,
      `No route ${request.method} ${request.url.split('?')[0]}.`,
    );
    reply
      .code(404)
      .type('application/json')
      .send(errorBody(e, 'api', false, svc.clock.now()));
  });

  const routes = apiRoutes(opts.routes);
  for (const r of routes) {
    app.route({
      method: r.method,
      url: r.path,
      ...(r.bodyLimit ? { bodyLimit: r.bodyLimit } : {}),
      onRequest: async (request, reply) => {
        request.context = r.operationId;
        if (r.auth === false) return;
        const scope = (request.scope = svc.accounts.authenticate(request.headers.authorization));
        const wait = svc.rateLimiter.take(scope.accountId, svc.settings.rateLimit(scope.accountId));
        if (wait !== undefined)
          throw new ApiError(
            429,
            'rate_limit',
            'rate_limit_exceeded',
            `Too many requests for this account; retry in ${wait} s.`,
            { retry_after: wait },
          );
        await injectFault(svc, request, reply, scope);
      },
      handler: async (request, reply) => {
        const params = parseWith(r.params, request.params ?? {}, 'path');
        const query = parseWith(r.query, request.query ?? {}, 'query');
        const body = r.body ? parseWith(r.body, request.body, 'body') : undefined;
        const out = await r.handler({ params, query, body, scope: request.scope!, svc, request, reply });
        reply.code(r.status ?? 200).type('application/json');
        return typeof out === 'string' ? out : JSON.stringify(out);
      },
    });
  }
  return app;
}
