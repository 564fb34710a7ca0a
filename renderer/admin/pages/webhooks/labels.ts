import type { z } from 'zod';
import { Event } from '../../../../core/engine/schemas/misc';
import {
  type Delivery,
  type Faults,
  TriggerRequest,
  type WebhookEndpoint,
} from '../../../../core/engine/webhooks/schemas';

/** What the Webhooks page's parts share: the event types, the names it shows, the shapes it reads. */

export const TYPES = TriggerRequest.shape.type.options;
/** The signature schemes, as the page names them. */
export const SCHEMES = { 'standard-webhooks': 'Standard Webhooks', ps256: 'PS256' } as const;
/** The endpoint faults of the schema, labelled. */
export const FAULTS = {
  wrong_signature: 'Wrong signature',
  stale_timestamp: 'Stale timestamp',
  duplicate: 'Duplicate delivery',
  out_of_order: 'Out of order',
} satisfies Record<keyof Faults, string>;

export type Endpoint = z.output<typeof WebhookEndpoint>;
export type DeliveryOut = z.output<typeof Delivery>;

/** The event type of a caught body; the catcher stores whatever was posted, JSON or not. */
export function eventTypeOf(body: string): string {
  const parsed = Event.pick({ type: true }).safeParse(safeJson(body));
  return parsed.success ? parsed.data.type : 'not an event';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
