import { z } from 'zod';
import { idOf, resource, Timestamp } from '../schemas/common.js';
import { Tariff } from '../schemas/tariff.js';
import { Location } from '../schemas/location.js';
import { PROFILES } from '../wire-profile.js';
import { CheckMark, CheckResult } from './check.js';
import { Customer, Device } from '../schemas/customer.js';

/** How a webhook message is signed: the `spec` profile's Standard Webhooks, or the `published` profile's PS256. */
export const WebhookSignatureScheme = z.enum(['standard-webhooks', 'ps256']).meta({
  id: 'WebhookSignatureScheme',
  description: 'standard-webhooks (spec profile) or ps256 (published profile).',
});

export const RetrySchedule = z.enum(['compressed', 'standard']);

export const Faults = z
  .strictObject({
    wrong_signature: z.boolean().default(false).meta({ description: 'Sign with a secret the receiver does not know.' }),
    stale_timestamp: z
      .boolean()
      .default(false)
      .meta({ description: 'Send a timestamp ten minutes old (webhook-timestamp or Flatpeak-Timestamp).' }),
    duplicate: z
      .boolean()
      .default(false)
      .meta({ description: 'Deliver every message twice with the same webhook-id (and event id).' }),
    out_of_order: z
      .boolean()
      .default(false)
      .meta({ description: 'Hold messages briefly and deliver the newest first.' }),
  })
  .meta({ id: 'WebhookFaults' });
export type Faults = z.infer<typeof Faults>;
/** A change to some faults: the ones not named stay as they are (no defaults here). */
const FaultsPatch = z.strictObject({
  wrong_signature: z.boolean().optional(),
  stale_timestamp: z.boolean().optional(),
  duplicate: z.boolean().optional(),
  out_of_order: z.boolean().optional(),
});

/**
 * How the built-in catcher answers an endpoint's deliveries: normally (200), with a status of
 * the tester's choice (a 410 disables the endpoint as any receiver's would), slowly, or not in
 * time (held past the delivery timeout).
 */
export const CatcherRule = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('ok').meta({ description: 'Answer 200 at once.' }) }),
    z.strictObject({
      kind: z.literal('status'),
      status: z.number().int().min(200).max(599).meta({ description: 'The HTTP status to answer, e.g. 500 or 410.' }),
      body: z.string().max(4096).optional().meta({ description: 'The answer body; a short JSON error when absent.' }),
    }),
    z.strictObject({
      kind: z.literal('slow'),
      delay_ms: z.number().int().min(1).max(60_000).meta({ description: 'How long to wait before answering 200.' }),
      body: z.string().max(4096).optional(),
    }),
    z.strictObject({
      kind: z.literal('timeout').meta({ description: 'Hold the request until the sender gives up.' }),
    }),
  ])
  .meta({ id: 'CatcherRule' });
export type CatcherRule = z.infer<typeof CatcherRule>;

/** Names are this service's own: the reference's endpoints have none. */
const EXTENSION = 'Tariff Desk’s extension beyond the reference.';
const endpointName = z.string().trim().min(1, 'must not be empty').max(100);

export const WebhookEndpoint = z
  .object({
    ...resource('webhookEndpoint', 'webhook_endpoint'),
    url: z.string(),
    name: z.string().meta({ description: `The endpoint's name, shown in lists. ${EXTENSION}` }),
    enabled_events: z.array(z.string()),
    description: z.string(),
    disabled: z.boolean(),
    disabled_reason: z.string().nullable(),
    retry_schedule: RetrySchedule,
    secret: z.string().meta({ description: 'whsec_… signing secret (Standard Webhooks).' }),
    previous_secret: z
      .string()
      .nullable()
      .meta({ description: 'Still signs until previous_secret_expires_at, during rotation.' }),
    previous_secret_expires_at: Timestamp.nullable(),
    faults: Faults,
    catcher: z.boolean().meta({ description: 'true when the URL is the built-in catcher.' }),
    catcher_rule: CatcherRule.nullable().meta({
      description: "How the catcher answers this endpoint's deliveries; null unless catcher is true.",
    }),
    time_created: Timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 bytes. */
function isSecret(s: string): boolean {
  const b64 = s.slice('whsec_'.length);
  if (!s.startsWith('whsec_') || !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(b64))
    return false;
  const bytes = (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  return bytes >= 24 && bytes <= 64;
}

const eventTypes = z
  .array(z.string().regex(/^(\*|[a-z_]+(\.[a-z_]+)+)$/, 'must be an event type such as tariff.created, or *'))
  .min(1)
  .max(50);

export const WebhookEndpointCreate = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .meta({ description: 'http(s) address to deliver to; omit with catcher: true.' }),
    catcher: z.boolean().optional().meta({ description: 'Deliver to the built-in catcher.' }),
    name: endpointName.optional().meta({
      description: `The endpoint's name, shown in lists; when absent, its description, or "Catcher", or the URL's host. ${EXTENSION}`,
    }),
    enabled_events: eventTypes.default(['*']),
    description: z.string().max(500).default(''),
    disabled: z.boolean().default(false),
    retry_schedule: RetrySchedule.default('compressed'),
    faults: FaultsPatch.optional(),
    secret: z
      .string()
      .max(100)
      .refine(isSecret, 'must be whsec_ and the base64 of 24 to 64 random bytes')
      .optional()
      .meta({
        description:
          'The Standard Webhooks signing secret, when the receiver already has one (its configuration); made by the service when absent.',
      }),
  })
  .meta({ id: 'WebhookEndpointCreate' });

export const WebhookEndpointUpdate = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    name: endpointName.optional().meta({ description: `A new name for the endpoint. ${EXTENSION}` }),
    enabled_events: eventTypes.optional(),
    description: z.string().max(500).optional(),
    disabled: z.boolean().optional(),
    retry_schedule: RetrySchedule.optional(),
    faults: FaultsPatch.optional(),
  })
  .meta({ id: 'WebhookEndpointUpdate' });

export const Attempt = z
  .object({
    attempt: z.number().int(),
    time: Timestamp.meta({ description: 'When the attempt was made, by the service clock.' }),
    signed_at: Timestamp.meta({
      description:
        'The instant the signature is dated (webhook-timestamp, Flatpeak-Timestamp): real time, whatever the service clock says, so a receiver judges it by its own clock.',
    }),
    request: z.object({ url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
    status: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'HTTP status, or null when no answer came (error says why).' }),
    latency_ms: z.number(),
    response_body: z.string().meta({ description: 'First 4 KiB.' }),
    error: z.string().nullable(),
    scheme: WebhookSignatureScheme.meta({
      description: "How this attempt was signed, by the account's wire profile when it was sent.",
    }),
    explanation: z.string().meta({ description: 'How this attempt was signed, in words (key id, faults applied).' }),
    clock_note: z.string().nullable().meta({
      description:
        'Set when the receiver refused the attempt (a 4xx) while the service clock was away from real time: the likely cause, in words. Null otherwise.',
    }),
  })
  .meta({ id: 'WebhookAttempt' });
export type Attempt = z.infer<typeof Attempt>;

export const Delivery = z
  .object({
    id: z.string(),
    object: z.literal('webhook_delivery'),
    live_mode: z.boolean(),
    endpoint_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    next_attempt_at: Timestamp.nullable(),
    time_created: Timestamp,
    attempt_log: z.array(Attempt),
    check: CheckMark.nullable().meta({
      description:
        "Set on a receiver check's message (POST /webhooks/{id}/check): not an event's delivery, never retried, never counted toward disabling the endpoint; null for an event's delivery.",
    }),
  })
  .meta({ id: 'WebhookDelivery' });

/** The answer of a receiver check: each message sent, the answer it wanted and the one it got. */
export const WebhookCheck = z
  .object({
    ...resource('webhookCheck', 'webhook_check'),
    endpoint_id: idOf('webhookEndpoint', 'endpoint_id'),
    url: z.string().meta({ description: 'Where the messages went.' }),
    scheme: WebhookSignatureScheme.meta({ description: "How they were signed, by the account's wire profile." }),
    passed: z.boolean().meta({ description: 'true when every check passed.' }),
    checks: z.array(CheckResult).meta({ description: 'One per check, in the order they ran.' }),
    time_created: Timestamp,
  })
  .meta({ id: 'WebhookCheck' });
export type WebhookCheck = z.infer<typeof WebhookCheck>;

// Event payload schemas: they validate trigger overrides and document the webhooks in OpenAPI.
const envelope = <T extends z.ZodType>(type: string, data: T) =>
  z.object({
    id: idOf('event'),
    object: z.literal('event'),
    // The name of either wire profile (location.created, or location.create under `published`).
    type: z.enum([...new Set(Object.values(PROFILES).map((p) => p.eventNames[type] ?? type))] as [string, ...string[]]),
    live_mode: z.boolean(),
    data,
    time_created: Timestamp,
  });

export const ConnectSessionComplete = z.object({
  id: idOf('connectToken'),
  object: z.literal('connect_token'),
  location_id: idOf('location'),
  price_available: z.boolean(),
  tariff_id: z.string().nullable().optional().meta({ description: 'The tariff the session stored.' }),
  customer_id: z.string().nullable().optional(),
  customer_reference_id: z.string().nullable().optional(),
  location_reference_id: z.string().nullable().optional(),
});

/** The data of tariff lifecycle events: which tariff, where, and whose. */
const TariffLifecycle = z.object({
  location_id: z.string(),
  tariff_id: z.string(),
  account_id: z.string(),
  live_mode: z.boolean(),
});

export const EVENT_TYPES = {
  'connect.session.complete': { summary: 'A customer completed a connect session.', data: ConnectSessionComplete },
  // The object itself is the data, as in the connect completion: `data.id`, `data.object`.
  'tariff.created': { summary: 'A tariff was created (API or connect).', data: Tariff },
  'tariff.updated': { summary: 'A tariff was changed.', data: Tariff },
  'tariff.deleted': { summary: 'A tariff was deleted or disconnected.', data: Tariff },
  'location.created': { summary: 'A location was created.', data: Location },
  'location.updated': { summary: 'A location was changed.', data: Location },
  'location.deleted': { summary: 'A location and its tariffs were deleted.', data: Location },
  'tariff.expiring': {
    summary: 'A tariff contract ends in seven days.',
    data: TariffLifecycle,
  },
  'tariff.expired': { summary: 'A tariff contract ended.', data: TariffLifecycle },
  'tariff.fetch.failed': {
    summary: 'A pending DIRECT connection failed: the provider did not deliver the tariff.',
    data: TariffLifecycle,
  },
  // The data of these is the object itself.
  'customer.created': { summary: 'A customer was created (API or connect).', data: Customer },
  'customer.updated': { summary: 'A customer was changed.', data: Customer },
  'customer.deleted': {
    summary: 'A customer was deleted, with its locations (each also has its location.deleted).',
    data: Customer,
  },
  'device.created': { summary: 'A device was created.', data: Device },
  'device.updated': { summary: 'A device was changed.', data: Device },
  'device.deleted': { summary: 'A device was deleted.', data: Device },
} as const;
export type EventType = keyof typeof EVENT_TYPES;

export const eventSchemas = Object.entries(EVENT_TYPES).map(([type, e]) => ({
  name: type,
  summary: e.summary,
  schema: envelope(type, e.data).meta({ id: `Event_${type.replace(/\./g, '_')}` }),
}));

export const TriggerRequest = z
  .strictObject({
    type: z.enum(Object.keys(EVENT_TYPES) as [EventType, ...EventType[]]),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'Overrides merged onto a sample payload; the result must match the event schema.' }),
  })
  .meta({ id: 'TriggerRequest' });
