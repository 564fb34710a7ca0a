import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { fromZod } from '../../engine/api/validate.js';
import { strictDeep } from '../../engine/schemas/strict.js';
import { EVENT_TYPES, type EventType } from '../../engine/webhooks/schemas.js';
import type { EventRecord, EventService } from '../services/events.js';
import { samplePayload, type SampleSubjects } from './samples.js';

/** What `POST /events/trigger` needs of the service. */
export interface TriggerDeps {
  db: Db;
  clock: Clock;
  ids: IdGenerator;
  events: EventService;
}

/** Records an event of any type with a sample payload and the caller's overrides, validated against its schema. */
export function triggerEvent(
  d: TriggerDeps,
  scope: Scope,
  type: EventType,
  overrides: Record<string, unknown> = {},
  subjects?: SampleSubjects,
): EventRecord {
  const data = deepMerge(samplePayload(type, scope, d.clock.now(), d.ids, subjects), overrides);
  // Strict all the way down: an override the payload does not know is refused, not dropped.
  const schema = strictDeep(EVENT_TYPES[type].data as z.ZodType);
  const parsed = schema.safeParse(data, { reportInput: true });
  if (!parsed.success) throw fromZod(parsed.error, 'body', schema);
  const p = data as { id?: string; tariff_id?: string };
  // The event is about its data's own id; a lifecycle event's data has none but names its tariff.
  const objectId = p.id ?? p.tariff_id ?? 'none';
  return d.db.transaction(() => d.events.record(scope, type, objectId, data as Record<string, unknown>))();
}

/** Objects merged key by key; anything else (arrays, values) replaced by the override. */
function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (
    base &&
    over &&
    typeof base === 'object' &&
    typeof over === 'object' &&
    !Array.isArray(base) &&
    !Array.isArray(over)
  ) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = deepMerge(out[k], v);
    return out;
  }
  return over;
}
