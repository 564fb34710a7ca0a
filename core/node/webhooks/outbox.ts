import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import { isoSeconds } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { Codes, unprocessable } from '../../engine/errors.js';
import { canonicalEventType, type WireProfile } from '../../engine/wire-profile.js';
import { eventNameIn, takesEitherName } from '../../engine/webhooks/names.js';
import { zeroEventData } from '../../engine/zero/shapes.js';
import type { Generation } from '../../engine/versions.js';
import type { Attempt, WebhookEndpoint } from '../../engine/webhooks/schemas.js';
import type { EventRecord, EventService } from '../services/events.js';
import type { EndpointStore } from './endpoints.js';
import type { DeliveryLog, StoredCheckMark } from './delivery-log.js';
import type { DeliveryRow } from './types.js';

/** This many permanently failed deliveries in a row disable an endpoint. */
export const AUTO_DISABLE_AFTER = 5;
/** Deliveries whose endpoint exists and is enabled: a disabled endpoint's are held, not due. */
const SENDABLE =
  "d.status = 'pending' AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND json_extract(e.body, '$.disabled') = 0)";
const INSERT_ATTEMPT = 'INSERT INTO webhook_attempts (delivery_id, body) VALUES (?, ?)';

/** What the outbox needs of the rest of the webhook service. */
export interface OutboxDeps {
  db: Db;
  clock: Clock;
  ids: IdGenerator;
  /** The service clock's now, epoch ms: deliveries fall due by it. */
  now: () => number;
  events: EventService;
  endpoints: EndpointStore;
  log: DeliveryLog;
  wireProfile: (accountId: string) => WireProfile;
  /** The API generation an account's events are written in (its default version). */
  apiGeneration: (accountId: string) => Generation;
  /** Told when deliveries are due now (the worker). */
  due: () => void;
}

/**
 * The persisted outbox: a delivery queued in the transaction that records its event, resends,
 * "retry now", what is due, each attempt and the delivery's new state, and the failure streak
 * that disables an endpoint.
 */
export class Outbox {
  constructor(private readonly d: OutboxDeps) {
    d.events.onEvent((scope, e) => this.enqueue(scope, e));
  }

  /**
   * Whether an endpoint wants an event of canonical type `type`. Under `published`, and in Zero,
   * its filter names events by their production names (the canonical names are accepted too);
   * under `spec` in Anode, by the canonical names only.
   */
  private matches(e: WebhookEndpoint, type: string, either: boolean) {
    if (e.disabled) return false;
    if (e.enabled_events.includes('*')) return true;
    return either
      ? e.enabled_events.some((name) => canonicalEventType(name) === type)
      : e.enabled_events.includes(type);
  }

  /** Called inside the transaction that records the event: the outbox row exists exactly when the event does. */
  private enqueue(scope: Scope, event: EventRecord): void {
    const either = takesEitherName(this.d.wireProfile(scope.accountId), this.d.apiGeneration(scope.accountId));
    for (const e of this.d.endpoints.table.all(scope))
      if (this.matches(e, event.type, either)) this.add(scope, e, event.id);
    setImmediate(() => this.d.due());
  }

  private add(scope: Scope, e: WebhookEndpoint, eventId: string): string {
    const { db } = this.d;
    const id = this.d.ids('dlv');
    const now = isoSeconds(this.d.clock.now());
    // Out-of-order fault: hold messages briefly, all until one moment, so several go out newest first.
    let due = this.d.now();
    if (e.faults.out_of_order) {
      const held = db
        .prepare(
          "SELECT MAX(next_attempt_at) AS t FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'pending' AND attempts = 0",
        )
        .get(e.id) as { t: number | null };
      due = held.t !== null && held.t > due ? held.t : due + 1500;
    }
    db.prepare(
      "INSERT INTO webhook_deliveries (id, account_id, live_mode, endpoint_id, event_id, status, attempts, next_attempt_at, time_created, time_updated) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)",
    ).run(id, scope.accountId, scope.liveMode ? 1 : 0, e.id, eventId, due, now, now);
    return id;
  }

  /** Sends any stored event to any endpoint of the same account and mode again. */
  resend(scope: Scope, eventId: string, endpointId: string) {
    this.d.events.get(scope, eventId);
    const e = this.d.endpoints.get(scope, endpointId);
    const id = this.add(scope, e, eventId);
    setImmediate(() => this.d.due());
    return this.d.log.delivery(scope, id);
  }

  /**
   * Makes a pending or failed delivery due now: one more attempt at once, whatever its backoff
   * said. A failed delivery is reopened; if its retries are spent, that attempt is its last.
   */
  retryNow(scope: Scope, id: string) {
    const d = this.d.log.delivery(scope, id);
    if (d.check)
      throw unprocessable(
        Codes.webhookDeliveryCheck,
        `Delivery '${id}' was a receiver check's message, not an event's: run the check again (POST /webhooks/${d.endpoint_id}/check).`,
      );
    if (d.status === 'delivered')
      throw unprocessable('webhook_delivery_delivered', `Delivery '${id}' was delivered; resend its event instead.`);
    const e = this.d.endpoints.storedById(d.endpoint_id);
    if (!e)
      throw unprocessable('webhook_endpoint_deleted', `Delivery '${id}' was for an endpoint that has been deleted.`);
    if (e.disabled)
      throw unprocessable(
        'webhook_endpoint_disabled',
        `Endpoint '${e.id}' is disabled (${e.disabled_reason ?? 'by you'}): enable it to retry its deliveries.`,
      );
    this.d.db
      .prepare("UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, time_updated = ? WHERE id = ?")
      .run(this.d.now(), isoSeconds(this.d.clock.now()), id);
    setImmediate(() => this.d.due());
    return this.d.log.delivery(scope, id);
  }

  due(limit: number): DeliveryRow[] {
    return this.d.db
      .prepare(
        `SELECT d.* FROM webhook_deliveries d WHERE ${SENDABLE} AND d.next_attempt_at <= ? ORDER BY d.seq LIMIT ?`,
      )
      .all(this.d.now(), limit) as DeliveryRow[];
  }

  /** When the next sendable delivery falls due; a disabled endpoint's held ones would wake the worker for nothing. */
  nextDueAt(): number | undefined {
    const r = this.d.db
      .prepare(`SELECT MIN(d.next_attempt_at) AS t FROM webhook_deliveries d WHERE ${SENDABLE}`)
      .get() as { t: number | null };
    return r.t ?? undefined;
  }

  /** The message body: the event envelope, its `type` named as the profile and the generation name it on the wire. */
  eventBody(row: DeliveryRow, profile: WireProfile = 'spec', generation: Generation = 'anode'): string | undefined {
    const r = this.d.db.prepare('SELECT body FROM events WHERE id = ?').get(row.event_id) as
      { body: string } | undefined;
    if (!r) return undefined;
    const { object_id: _o, ...e } = JSON.parse(r.body) as EventRecord & { object_id: string };
    const type = eventNameIn(profile, generation, e.type);
    // In Zero the object is written in Zero's shape (a location, a tariff element), as GET /events shows it.
    return JSON.stringify(generation === 'zero' ? { ...e, type, data: zeroEventData(e.data) } : { ...e, type });
  }

  /** Records one attempt and the delivery's new state, in one transaction. */
  recordAttempt(
    row: DeliveryRow,
    attempt: Attempt,
    next: { status: DeliveryRow['status']; next_attempt_at: number | null; disable?: string },
  ): void {
    const { db } = this.d;
    db.transaction(() => {
      db.prepare(INSERT_ATTEMPT).run(row.id, JSON.stringify(attempt));
      db.prepare(
        'UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, time_updated = ? WHERE id = ?',
      ).run(next.status, next.next_attempt_at, isoSeconds(this.d.clock.now()), row.id);
      const reason =
        next.disable ??
        (next.status === 'failed' && this.failureStreak(row.endpoint_id) >= AUTO_DISABLE_AFTER
          ? `${AUTO_DISABLE_AFTER} deliveries in a row failed`
          : undefined);
      if (reason) this.d.endpoints.disable(row.endpoint_id, reason);
    })();
  }

  /** Extra attempts (fault injection: duplicates) are logged without changing the delivery. */
  logExtraAttempt(row: DeliveryRow, attempt: Attempt): void {
    this.d.db.prepare(INSERT_ATTEMPT).run(row.id, JSON.stringify(attempt));
  }

  private failureStreak(endpointId: string): number {
    const rows = this.d.db
      .prepare(
        // A receiver check's messages never count: the check wants some of them refused.
        "SELECT status FROM webhook_deliveries d WHERE endpoint_id = ? AND status IN ('delivered', 'failed') AND NOT EXISTS (SELECT 1 FROM webhook_check_marks m WHERE m.delivery_id = d.id) ORDER BY time_updated DESC, seq DESC LIMIT ?",
      )
      .all(endpointId, AUTO_DISABLE_AFTER) as { status: string }[];
    let n = 0;
    for (const r of rows) {
      if (r.status !== 'failed') break;
      n++;
    }
    return n;
  }

  /**
   * Logs one message of a receiver check as a delivery of its endpoint, marked as the check's:
   * settled at once (never pending, so never retried), and left out of the failure streak.
   */
  recordCheckMessage(scope: Scope, endpointId: string, eventId: string, mark: StoredCheckMark, attempt: Attempt): void {
    const { db } = this.d;
    const id = this.d.ids('dlv');
    const now = isoSeconds(this.d.clock.now());
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    db.transaction(() => {
      db.prepare(
        'INSERT INTO webhook_deliveries (id, account_id, live_mode, endpoint_id, event_id, status, attempts, next_attempt_at, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, 1, NULL, ?, ?)',
      ).run(id, scope.accountId, scope.liveMode ? 1 : 0, endpointId, eventId, ok ? 'delivered' : 'failed', now, now);
      db.prepare('INSERT INTO webhook_check_marks (delivery_id, body) VALUES (?, ?)').run(id, JSON.stringify(mark));
      db.prepare(INSERT_ATTEMPT).run(id, JSON.stringify(attempt));
    })();
  }
}
