import type { Db } from '../db/database.js';
import type { Scope, Page } from '../db/documents.js';
import { DocumentTable } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { notFound } from '../../engine/errors.js';
import { isoSeconds } from '../../engine/clock.js';

export interface EventRecord {
  id: string;
  object: 'event';
  type: string;
  live_mode: boolean;
  data: Record<string, unknown>;
  time_created: string;
}

export type EventListener = (scope: Scope, event: EventRecord) => void;

/** Stored events (envelope in docs/webhooks.md, Events); listeners (the webhook outbox) hear each one. */
export class EventService {
  private readonly table: DocumentTable<EventRecord & { object_id: string }, 'type' | 'object_id'>;
  private listeners: EventListener[] = [];

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.table = new DocumentTable(db, 'events', ['type', 'object_id'], (e) => ({
      type: e.type,
      object_id: e.object_id,
    }));
  }

  onEvent(l: EventListener): void {
    this.listeners.push(l);
  }

  /** Records an event inside the caller's transaction, so it exists exactly when the change does. */
  record(scope: Scope, type: string, objectId: string, data: Record<string, unknown>): EventRecord {
    const e: EventRecord = {
      id: this.ids('evt'),
      object: 'event',
      type,
      live_mode: scope.liveMode,
      data,
      time_created: isoSeconds(this.clock.now()),
    };
    this.table.insert(scope, { ...e, object_id: objectId });
    for (const l of this.listeners) l(scope, e);
    return e;
  }

  private strip({ object_id: _o, ...e }: EventRecord & { object_id: string }): EventRecord {
    return e;
  }

  get(scope: Scope, id: string): EventRecord {
    const e = this.table.get(scope, id);
    if (!e) throw notFound('event', id);
    return this.strip(e);
  }

  list(scope: Scope, filter: { type?: string | undefined; object_id?: string | undefined }, page: Page) {
    const r = this.table.list(scope, { type: filter.type, object_id: filter.object_id }, page);
    return { ...r, data: r.data.map((e) => this.strip(e)) };
  }
}
