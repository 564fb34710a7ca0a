import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import type { Contract } from '../../engine/api/contract.js';
import { ErrorObject } from '../../engine/schemas/misc.js';
import { VERSION_OF, ZERO_ERROR_STATUS, type Generation } from '../../engine/versions.js';

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Webhook payloads to document beside the paths (filled by the webhooks module). */
export interface WebhookDoc {
  name: string;
  summary: string;
  schema: z.ZodType;
}

export interface OpenApiOptions {
  serverUrl?: string;
  /** The generation documented: its version, and its error statuses (Zero answers validation 409, credentials 403). */
  generation?: Generation;
}

/** The OpenAPI 3.1 document of the routes, generated from the same schemas that validate them. */
export function buildOpenApi(routes: Contract[], webhooks: WebhookDoc[] = [], opts: OpenApiOptions = {}) {
  const generation = opts.generation ?? 'anode';
  const st = (status: number) => String(generation === 'zero' ? (ZERO_ERROR_STATUS[status] ?? status) : status);
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Token from GET /login',
  });
  registry.registerComponent('securitySchemes', 'basicAuth', {
    type: 'http',
    scheme: 'basic',
    description: 'account_id:api_key',
  });
  const error = { description: 'Error', content: { 'application/json': { schema: ErrorObject } } };
  for (const r of routes) {
    const body = r.body ? { body: { required: true, content: { 'application/json': { schema: r.body } } } } : {};
    registry.registerPath({
      method: r.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete',
      path: toOpenApiPath(r.path),
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.tag],
      // `auth: false` routes take Basic credentials (login) or nothing at all (the catcher, the JWKS).
      security: r.auth !== false ? [{ bearerAuth: [] }] : r.operationId === 'login' ? [{ basicAuth: [] }] : [],
      request: {
        ...(r.params ? { params: r.params as z.ZodObject } : {}),
        ...(r.query ? { query: r.query as z.ZodObject } : {}),
        ...body,
      },
      responses: {
        [r.status ?? 200]: {
          description: r.responseDescription ?? 'OK',
          content: { 'application/json': { schema: r.response } },
        },
        ...(r.alternateStatus
          ? {
              [r.alternateStatus.status]: {
                description: r.alternateStatus.description,
                content: { 'application/json': { schema: r.response } },
              },
            }
          : {}),
        [st(400)]: error,
        [st(401)]: error,
        ...(r.testModeOnly ? { '403': error } : {}),
        '404': error,
        ...(r.body ? { '413': error } : {}),
        '422': error,
        '429': error,
      },
    });
  }
  for (const w of webhooks) {
    registry.registerWebhook({
      method: 'post',
      path: w.name,
      summary: w.summary,
      request: { body: { content: { 'application/json': { schema: w.schema } } } },
      responses: { '200': { description: 'Any 2xx acknowledges the delivery.' } },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Tariff Desk energy tariff and price service',
      version: VERSION_OF[generation],
      description: `Local, faithful copy of the tariff and price service: API version ${VERSION_OF[generation]} (${generation === 'zero' ? 'Zero' : 'Anode'}).`,
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
  });
}
