import { z } from 'zod';

/**
 * An account's wire profile: `spec` (the default) speaks the service's own interface;
 * `published` speaks the forms the production service's documentation and clients use where
 * the two disagree. Every surface reads the differences from this one table.
 */
export const WireProfile = z.enum(['spec', 'published']).meta({ id: 'WireProfile' });
export type WireProfile = z.infer<typeof WireProfile>;

export type SignatureScheme = 'standard-webhooks' | 'ps256';

export interface ProfileRules {
  /** Event type names on the wire, by the canonical (`spec`) name; names not listed are the same. */
  eventNames: Readonly<Record<string, string>>;
  /** Status of a created location. */
  createdStatus: 200 | 201;
  /** What DELETE of a location or tariff answers: the object, or 202 `{"message":"Accepted"}`. */
  deleteAnswer: 'object' | 'accepted';
  /** How webhooks are signed. */
  signature: SignatureScheme;
}

export const PROFILES: Readonly<Record<WireProfile, ProfileRules>> = {
  spec: {
    eventNames: {},
    createdStatus: 200,
    deleteAnswer: 'object',
    signature: 'standard-webhooks',
  },
  published: {
    eventNames: {
      'connect.session.complete': 'connect_session.complete',
      'location.created': 'location.create',
      'location.updated': 'location.update',
      'location.deleted': 'location.delete',
      'customer.created': 'customer.create',
      'customer.updated': 'customer.update',
      'customer.deleted': 'customer.delete',
      'device.created': 'device.create',
      'device.updated': 'device.update',
      'device.deleted': 'device.delete',
    },
    createdStatus: 201,
    deleteAnswer: 'accepted',
    signature: 'ps256',
  },
};

/** The name an event of canonical type `type` goes out under. */
export const wireEventName = (profile: WireProfile, type: string): string => PROFILES[profile].eventNames[type] ?? type;

/** The canonical type of an event name of either profile (filters accept both). */
export function canonicalEventType(name: string): string {
  for (const rules of Object.values(PROFILES))
    for (const [canonical, wire] of Object.entries(rules.eventNames)) if (wire === name) return canonical;
  return name;
}

/** The answer of a DELETE under the `published` profile. */
export const Accepted = z.object({ message: z.literal('Accepted') }).meta({ id: 'Accepted' });

/** The version header production clients send and read. */
export const API_VERSION_HEADER = 'flatpeak-version';
/** The current API generation's version (Anode); core/engine/versions.ts lists every generation. */
export const API_VERSION = '2025-09-14.anode';
