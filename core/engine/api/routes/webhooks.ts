import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf, PagingQuery, listOf } from '../../schemas/common.js';
import { Event } from '../../schemas/misc.js';
import {
  CatcherRule,
  Delivery,
  TriggerRequest,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookCheck,
  WebhookEndpointUpdate,
  WebhookSignatureScheme,
} from '../../webhooks/schemas.js';

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
    scheme: WebhookSignatureScheme.nullable().meta({
      description: 'The signature scheme the request carried, or null when it carried neither.',
    }),
    explanation: z.string().meta({ description: 'What the catcher checked, and what passed or failed, in words.' }),
    rule: CatcherRule.nullable().meta({
      description:
        'The rule the catcher answered by; null for an unknown endpoint or a message kept from before rules.',
    }),
  })
  .meta({ id: 'CaughtMessage' });
export type CaughtMessage = z.infer<typeof CaughtMessage>;

export const webhookContracts = contracts({
  'webhooks.create': {
    method: 'POST',
    path: '/webhooks',
    summary: 'Register a webhook endpoint (the bearer mode is its live/test selector)',
    tag: 'Webhooks',
    body: WebhookEndpointCreate,
    response: WebhookEndpoint,
  },
  'webhooks.list': {
    method: 'GET',
    path: '/webhooks',
    summary: 'List webhook endpoints',
    tag: 'Webhooks',
    query: z.strictObject({ ...PagingQuery }),
    response: listOf(WebhookEndpoint),
  },
  'webhooks.retrieve': {
    method: 'GET',
    path: '/webhooks/:id',
    summary: 'Retrieve a webhook endpoint, with its secret',
    tag: 'Webhooks',
    params: ById,
    response: WebhookEndpoint,
  },
  'webhooks.update': {
    method: 'PATCH',
    path: '/webhooks/:id',
    summary: 'Change a webhook endpoint (events, enabled, faults, …)',
    tag: 'Webhooks',
    params: ById,
    body: WebhookEndpointUpdate,
    response: WebhookEndpoint,
  },
  'webhooks.delete': {
    method: 'DELETE',
    path: '/webhooks/:id',
    summary: 'Delete a webhook endpoint',
    tag: 'Webhooks',
    params: ById,
    response: WebhookEndpoint,
  },
  'webhooks.rotate_secret': {
    method: 'POST',
    path: '/webhooks/:id/rotate-secret',
    summary: 'Rotate the signing secret (both sign for 24 h)',
    tag: 'Webhooks',
    params: ById,
    body: z.strictObject({}).optional(),
    response: WebhookEndpoint,
  },
  'webhooks.set_catcher_rule': {
    method: 'PUT',
    path: '/webhooks/:id/catcher-rule',
    summary: "Set how the built-in catcher answers this endpoint's deliveries (status, delay, timeout)",
    tag: 'Webhooks',
    params: ById,
    body: CatcherRule,
    response: WebhookEndpoint,
  },
  'webhooks.check': {
    method: 'POST',
    path: '/webhooks/:id/check',
    summary:
      "Check the endpoint's receiver: send it a signed event, forgeries, replays, a duplicate and an unknown type, and say which answers were safe",
    tag: 'Webhooks',
    params: ById,
    body: z.strictObject({}).optional(),
    response: WebhookCheck,
  },
  'webhook_deliveries.list': {
    method: 'GET',
    path: '/webhook-deliveries',
    summary: 'Deliveries with every attempt, newest first',
    tag: 'Webhooks',
    query: z.strictObject({
      endpoint_id: idOf('webhookEndpoint', 'endpoint_id').optional(),
      event_id: idOf('event', 'event_id').optional(),
      limit: PagingQuery.limit,
    }),
    response: listOf(Delivery),
  },
  'webhook_deliveries.retrieve': {
    method: 'GET',
    path: '/webhook-deliveries/:id',
    summary: 'One delivery with its attempts',
    tag: 'Webhooks',
    params: z.strictObject({ id: idOf('delivery') }),
    response: Delivery,
  },
  'webhook_deliveries.retry': {
    method: 'POST',
    path: '/webhook-deliveries/:id/retry',
    summary: 'Attempt a pending or failed delivery again now, whatever its backoff said',
    tag: 'Webhooks',
    params: z.strictObject({ id: idOf('delivery') }),
    body: z.strictObject({}).optional(),
    response: Delivery,
  },
  'events.resend': {
    method: 'POST',
    path: '/events/:id/resend',
    summary: 'Send an event to an endpoint again',
    tag: 'Events',
    params: z.strictObject({ id: idOf('event') }),
    body: z.strictObject({ endpoint_id: idOf('webhookEndpoint', 'endpoint_id') }),
    response: Delivery,
  },
  'events.trigger': {
    method: 'POST',
    path: '/events/trigger',
    summary: 'Record an event of any type with a sample payload and overrides',
    tag: 'Events',
    body: TriggerRequest,
    response: Event,
  },
  'catcher.receive': {
    method: 'POST',
    path: '/catcher/:id',
    summary: 'The built-in catcher: a webhook receiver (authenticated by the signature it checks, not by a bearer)',
    tag: 'Webhooks',
    auth: false,
    params: z.strictObject({ id: idOf('webhookEndpoint') }),
    body: z.unknown(),
    response: z.object({ received: z.boolean(), signature_valid: z.boolean() }),
  },
  'catcher.list': {
    method: 'GET',
    path: '/catcher/messages',
    summary: 'What the catcher received, newest first',
    tag: 'Webhooks',
    query: z.strictObject({ endpoint_id: idOf('webhookEndpoint', 'endpoint_id').optional() }),
    response: listOf(CaughtMessage),
  },
});
