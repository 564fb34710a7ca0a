import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Service } from '../service.js';
import { parseWith } from '../../engine/api/validate.js';
import { readySolver } from '../battery-solver.js';
import { metaContracts } from '../../engine/api/routes/meta.js';
import { eventSchemas } from '../../engine/webhooks/schemas.js';
import { implement, type Route } from './route.js';
import { authRoutes } from './routes/auth.js';
import { locationRoutes } from './routes/locations.js';
import { tariffRoutes } from './routes/tariffs.js';
import { providerRoutes } from './routes/providers.js';
import { priceRoutes } from './routes/prices.js';
import { auditRoutes } from './routes/audits.js';
import { costRoutes } from './routes/costs.js';
import { billRoutes } from './routes/bills.js';
import { scheduleRoutes } from './routes/schedules.js';
import { marketRoutes } from './routes/market.js';
import { connectRoutes } from './routes/connect.js';
import { pendingConnectionRoutes } from './routes/pending-connections.js';
import { testHelperRoutes } from './routes/test-helpers.js';
import { libraryRoutes } from './routes/library.js';
import { eventRoutes } from './routes/events.js';
import { webhookRoutes } from './routes/webhooks.js';
import { signingKeyRoutes } from './routes/signing-keys.js';
import { demoRoutes } from './routes/demo.js';
import { trafficRoutes } from './routes/traffic.js';
import { clockRoutes } from './routes/clock.js';
import { workspaceRoutes } from './routes/workspace.js';
import { scenarioRoutes } from './routes/scenarios.js';
import { customerRoutes } from './routes/customers.js';
import { deviceRoutes } from './routes/devices.js';
import { meterRoutes } from './routes/meters.js';
import { costReportRoutes } from './routes/cost-reports.js';
import { healthRoutes } from './routes/health.js';
import { buildOpenApi } from './openapi.js';
import { jsonBodies, rawJsonBodies } from './json-body.js';
import { parseJsonBytes } from './json-text.js';
import { isHeavy } from '../pool/heavy.js';
import { errorBodies, errorServerOptions } from './plugins/errors.js';
import { JSON_CSP, securityHeaders } from './plugins/security-headers.js';
import { loopbackCors } from './plugins/cors.js';
import { requestJournal } from './plugins/journal.js';
import { CLIENT_HEADER } from '../../engine/schemas/traffic.js';
import { bearerAuth } from './plugins/auth.js';
import { rateLimit } from './plugins/rate-limit.js';
import { faultInjection } from './plugins/faults.js';
import { accountVersion, apiVersion } from './plugins/api-version.js';
import { zeroTable } from './zero/index.js';
import { GENERATIONS, VERSION_OF, ZERO_ERROR_STATUS, generationOf, type Generation } from '../../engine/versions.js';
import { ApiError, Codes, testModeOnly } from '../../engine/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every route served, as registered. */
    routeTable: string[];
  }
}

export const BODY_LIMIT = 1024 * 1024;

export interface ApiOptions {
  logger?: boolean;
  /** Browser origins allowed to call the API (the admin app, the connect web app); loopback ones always are. */
  corsOrigins?: () => string[];
}

/** Every route of each API generation; each one's OpenAPI document is generated from its list. */
export function routeTables(): Record<Generation, Route[]> {
  const anode = anodeRoutes();
  const tables: Record<Generation, Route[]> = { anode, zero: zeroTable(anode) };
  const docs = new Map<Generation, string>();
  const openapi = implement(metaContracts, {
    openapi: ({ query }) => {
      const g = generationOf(query.version ?? VERSION_OF.anode) ?? 'anode';
      let doc = docs.get(g);
      if (!doc) docs.set(g, (doc = JSON.stringify(buildOpenApi(tables[g], eventSchemas, { generation: g }))));
      return doc;
    },
  });
  for (const g of GENERATIONS) tables[g].push(...openapi);
  return tables;
}

/** Every route of Anode, the current generation. */
export function apiRoutes(): Route[] {
  return routeTables().anode;
}

function anodeRoutes(): Route[] {
  const routes: Route[] = [
    ...authRoutes,
    ...locationRoutes,
    ...tariffRoutes,
    ...priceRoutes,
    ...auditRoutes,
    ...costRoutes,
    ...billRoutes,
    ...scheduleRoutes,
    ...connectRoutes,
    ...pendingConnectionRoutes,
    ...testHelperRoutes,
    ...providerRoutes,
    ...libraryRoutes,
    ...marketRoutes,
    ...eventRoutes,
    ...webhookRoutes,
    ...signingKeyRoutes,
    ...demoRoutes,
    ...trafficRoutes,
    ...clockRoutes,
    ...workspaceRoutes,
    ...scenarioRoutes,
    ...customerRoutes,
    ...deviceRoutes,
    ...meterRoutes,
    ...costReportRoutes,
    ...healthRoutes,
  ];
  return routes;
}

/** Each `METHOD path` served, with the route of every generation that serves it. */
function byPath(tables: Record<Generation, Route[]>): Map<string, Partial<Record<Generation, Route>>> {
  const out = new Map<string, Partial<Record<Generation, Route>>>();
  for (const g of GENERATIONS)
    for (const r of tables[g]) {
      const key = `${r.method} ${r.path}`;
      out.set(key, { ...out.get(key), [g]: r });
    }
  return out;
}

/** Builds the REST API without binding a port (tests call it with `inject`). */
export function buildApi(svc: Service, opts: ApiOptions = {}): FastifyInstance {
  const now = () => svc.clock.now();
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Long ids or query strings are validated by the schemas; the router only needs sane bounds.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    exposeHeadRoutes: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Errors raised before any route runs (router, HTTP parser, missing Host) answer the error object too.
    ...errorServerOptions('api', now),
  });
  // JSON only: anything else is answered 415 by the framework.
  app.removeContentTypeParser('text/plain');
  jsonBodies(app);
  app.decorate('routeTable', [] as string[]);
  // Battery plans run on a WebAssembly solver: loaded before the first request is served.
  app.addHook('onReady', async () => {
    await readySolver();
  });
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'OPTIONS' && m !== 'HEAD') app.routeTable.push(`${m} ${r.url}`);
  });

  // Order matters: the journal times the whole request; auth sets the scope the limit and faults read.
  void app.register(errorBodies, {
    surface: 'api',
    now,
    restatus: (req, status) => (req.generation === 'zero' ? (ZERO_ERROR_STATUS[status] ?? status) : status),
  });
  void app.register(securityHeaders, { csp: () => JSON_CSP });
  void app.register(loopbackCors, {
    origins: opts.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The app marks its requests so the journal can leave them out.
    headers: ['authorization', 'content-type', 'flatpeak-version', CLIENT_HEADER],
    exposed: ['retry-after', 'flatpeak-version'],
  });
  // Every request goes to the journal, but its own reads (the app polls them) and clears.
  void app.register(requestJournal, {
    journal: svc.journal,
    surface: 'api',
    now,
    skip: (req) => req.routeOptions.url === '/journal',
  });
  const versions = { defaultOf: (accountId: string | undefined) => svc.settings.apiGeneration(accountId) };
  void app.register(apiVersion, versions);
  void app.register(bearerAuth, { accounts: svc.accounts });
  void app.register(accountVersion, versions);
  void app.register(rateLimit, { limiter: svc.rateLimiter, perMinute: (id) => svc.settings.rateLimit(id) });
  void app.register(faultInjection, {
    faults: svc.faults,
    // The catcher takes no bearer; its endpoint's account decides whose fault rules answer for it.
    scopeOf: (req) =>
      req.routeOptions.config?.operationId === 'catcher.receive'
        ? svc.webhooks.scopeOfEndpoint((req.params as { id?: string }).id ?? '')
        : null,
  });

  const serve =
    (pick: Partial<Record<Generation, Route>>, first: Route) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      // The generation the request is answered in chooses the route; a path only the other has is unknown here.
      const r = pick[request.generation];
      if (!r)
        throw new ApiError(
          404,
          'invalid_request',
          Codes.routeNotFound,
          `No route ${first.method} ${request.url.split('?')[0]} in API version ${VERSION_OF[request.generation]}.`,
        );
      request.operationId = r.operationId;
      if (r.testModeOnly && request.scope?.liveMode) throw testModeOnly();
      const params = parseWith(r.params, request.params ?? {}, 'path');
      const query = parseWith(r.query, request.query ?? {}, 'query');
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      reply.type('application/json');
      let body: unknown;
      if (raw && isHeavy(r.operationId)) {
        const task = {
          op: r.operationId,
          scope: request.scope!,
          params: params as Record<string, string>,
          query: query as Record<string, unknown>,
          now: svc.clock.millis(),
        };
        // Known before the work: a refusal from a worker is journaled as the worker's too.
        request.inWorker = svc.work.offloads(r.operationId, raw);
        const done = await svc.work.run(task, raw, request.id);
        if ('text' in done) {
          if (r.status) reply.code(r.status);
          return done.text;
        }
        // Parsed and validated where the work ran: the handler writes, on this thread.
        body = done.body;
        request.prepared = done.prepared;
      } else {
        // A body kept as bytes for a route that works on this thread: parsed with the same checks.
        const value = raw ? parseJsonBytes(raw) : request.body;
        body = r.body ? parseWith(r.body, value, 'body') : undefined;
      }
      const out = await r.handler({ params, query, body, scope: request.scope!, svc, request, reply });
      if (r.status) reply.code(r.status);
      return typeof out === 'string' || Buffer.isBuffer(out) ? out : JSON.stringify(out);
    };
  const paths = [...byPath(routeTables()).values()];
  const heavy = (pick: Partial<Record<Generation, Route>>) => isHeavy(pick.anode?.operationId);
  const register = (routes: FastifyInstance, pick: Partial<Record<Generation, Route>>) => {
    const first = (pick.anode ?? pick.zero)!;
    const bodyLimit = Math.max(pick.anode?.bodyLimit ?? 0, pick.zero?.bodyLimit ?? 0);
    routes.route({
      method: first.method,
      url: first.path,
      config: { operationId: first.operationId, auth: first.auth !== false },
      ...(bodyLimit ? { bodyLimit } : {}),
      handler: serve(pick, first),
    });
  };
  void app.register(async (routes) => {
    for (const pick of paths) if (!heavy(pick)) register(routes, pick);
  });
  // Heavy routes keep their body as bytes: parsing it is part of the work, which may run in a worker.
  void app.register(async (routes) => {
    rawJsonBodies(routes);
    for (const pick of paths) if (heavy(pick)) register(routes, pick);
  });
  return app;
}
