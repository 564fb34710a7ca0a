import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { idOf, PagingQuery, listOf } from '../../../engine/schemas/common.js';
import { Event } from '../../../engine/schemas/misc.js';
import {
  Delivery,
  TriggerRequest,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '../../../engine/webhooks/schemas.js';

const ById = z.strictObject({ id: idOf('webhookEndpoint') });
const CaughtMessage = z
  .object({
    id: z.string(),
    endpoint_id: z.string(),
    received_at: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
    signature_valid: z.boolean(),
    signature_error: z.string().nullable(),
  })
  .meta({ id: 'CaughtMessage' });

export const webhookRoutes = [
  defineRoute({
    method: 'POST',
    path: '/webhooks',
    operationId: 'webhooks.create',
    summary: 'Register a webhook endpoint (the bearer mode is its live/test selector)',
    tag: 'Webhooks',
    body: WebhookEndpointCreate,
    response: WebhookEndpoint,
    handler: ({ svc, scope, body }) => svc.webhooks.create(scope, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks',
    operationId: 'webhooks.list',
    summary: 'List webhook endpoints',
    tag: 'Webhooks',
    query: z.strictObject({ ...PagingQuery }),
    response: listOf(WebhookEndpoint),
    handler: ({ svc, scope, query }) => asList('/webhooks', svc.webhooks.list(scope, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks/:id',
    operationId: 'webhooks.retrieve',
    summary: 'Retrieve a webhook endpoint, with its secret',
    tag: 'Webhooks',
    params: ById,
    response: WebhookEndpoint,
    handler: ({ svc, scope, params }) => svc.webhooks.get(scope, params.id),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/webhooks/:id',
    operationId: 'webhooks.update',
    summary: 'Change a webhook endpoint (events, enabled, faults, …)',
    tag: 'Webhooks',
    params: ById,
    body: WebhookEndpointUpdate,
    response: WebhookEndpoint,
    handler: ({ svc, scope, params, body }) => svc.webhooks.update(scope, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/webhooks/:id',
    operationId: 'webhooks.delete',
    summary: 'Delete a webhook endpoint',
    tag: 'Webhooks',
    params: ById,
    response: WebhookEndpoint,
    handler: ({ svc, scope, params }) => svc.webhooks.delete(scope, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks/:id/rotate-secret',
    operationId: 'webhooks.rotate_secret',
    summary: 'Rotate the signing secret (both sign for 24 h)',
    tag: 'Webhooks',
    params: ById,
    body: z.strictObject({}).optional(),
    response: WebhookEndpoint,
    handler: ({ svc, scope, params }) => svc.webhooks.rotateSecret(scope, params.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhook-deliveries',
    operationId: 'webhook_deliveries.list',
    summary: 'Deliveries with every attempt, newest first',
    tag: 'Webhooks',
    query: z.strictObject({
      endpoint_id: idOf('webhookEndpoint', 'endpoint_id').optional(),
      event_id: idOf('event', 'event_id').optional(),
      limit: PagingQuery.limit,
    }),
    response: listOf(Delivery),
    handler: ({ svc, scope, query }) => asList('/webhook-deliveries', svc.webhooks.deliveries(scope, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhook-deliveries/:id',
    operationId: 'webhook_deliveries.retrieve',
    summary: 'One delivery with its attempts',
    tag: 'Webhooks',
    params: z.strictObject({ id: idOf('delivery') }),
    response: Delivery,
    handler: ({ svc, scope, params }) => svc.webhooks.delivery(scope, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/events/:id/resend',
    operationId: 'events.resend',
    summary: 'Send an event to an endpoint again',
    tag: 'Events',
    params: z.strictObject({ id: idOf('event') }),
    body: z.strictObject({ endpoint_id: idOf('webhookEndpoint', 'endpoint_id') }),
    response: Delivery,
    handler: ({ svc, scope, params, body }) => svc.webhooks.resend(scope, params.id, body.endpoint_id),
  }),
  defineRoute({
    method: 'POST',
    path: '/events/trigger',
    operationId: 'events.trigger',
    summary: 'Record an event of any type with a sample payload and overrides',
    tag: 'Events',
    body: TriggerRequest,
    response: Event,
    handler: ({ svc, scope, body }) => svc.webhooks.trigger(scope, body.type, body.data),
  }),
  defineRoute({
    method: 'POST',
    path: '/catcher/:id',
    operationId: 'catcher.receive',
    summary: 'The built-in catcher: a webhook receiver (authenticated by the signature it checks, not by a bearer)',
    tag: 'Webhooks',
    auth: false,
    params: z.strictObject({ id: idOf('webhookEndpoint') }),
    body: z.unknown(),
    response: z.object({ received: z.boolean(), signature_valid: z.boolean() }),
    handler: ({ svc, params, request }) => {
      const m = svc.webhooks.catch(params.id, request.headers, request.rawBody ?? '');
      return { received: true, signature_valid: m.signature_valid };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/catcher/messages',
    operationId: 'catcher.list',
    summary: 'What the catcher received, newest first',
    tag: 'Webhooks',
    query: z.strictObject({ endpoint_id: idOf('webhookEndpoint', 'endpoint_id').optional() }),
    response: listOf(CaughtMessage),
    handler: ({ svc, scope, query }) =>
      asList('/catcher/messages', { data: svc.webhooks.caught(scope, query.endpoint_id), has_more: false }),
  }),
];
