import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { eventNameIn } from '../../../../core/engine/webhooks/names';
import { generationOf } from '../../../../core/engine/versions';
import { canonicalEventType } from '../../../../core/engine/wire-profile';
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

/** The event id of a caught body, if it is an event. */
export function eventIdOf(body: string): string | undefined {
  const parsed = Event.pick({ id: true }).safeParse(safeJson(body));
  return parsed.success ? parsed.data.id : undefined;
}

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

/**
 * How the page names an event type (given by either name): as the account's receivers get it,
 * Zero's names for an account of Zero (`connect_session.complete`), else its wire profile's.
 * The app's own requests are answered in Anode, so the page names them itself.
 */
export function useEventName(): (type: string) => string {
  const { api, liveMode } = useApp();
  const settings = useQuery({ queryKey: ['settings', liveMode], queryFn: () => api.call('settings.retrieve') });
  const profile = settings.data?.wire_profile ?? 'spec';
  const generation = (settings.data && generationOf(settings.data.api_version)) ?? 'anode';
  return (type) => eventNameIn(profile, generation, canonicalEventType(type));
}
