import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import { isoSeconds } from '../../engine/clock.js';
import { notFound } from '../../engine/errors.js';
import type { Attempt } from '../../engine/webhooks/schemas.js';
import type { CheckMark } from '../../engine/webhooks/check.js';
import type { DeliveryRow } from './types.js';

/** The mark a receiver check leaves on each of its messages, with the event type it sent. */
export type StoredCheckMark = CheckMark & { event_type: string };

/** Reads the outbox as the API answers it: deliveries with their attempt log and any receiver check's mark. */
export class DeliveryLog {
  constructor(private readonly db: Db) {}

  attempts(deliveryId: string): Attempt[] {
    return (
      this.db.prepare('SELECT body FROM webhook_attempts WHERE delivery_id = ? ORDER BY seq').all(deliveryId) as {
        body: string;
      }[]
    ).map((r) => {
      const a = JSON.parse(r.body) as Partial<Attempt> & Pick<Attempt, 'time'>;
      return {
        // Attempts logged before PS256 existed were all Standard Webhooks.
        scheme: 'standard-webhooks',
        explanation: 'Standard Webhooks (logged before attempts recorded their scheme).',
        // Attempts logged before signatures carried real time were signed at their own time.
        signed_at: a.time,
        clock_note: null,
        ...a,
      };
    }) as Attempt[];
  }

  /** The mark of a receiver check's message, or undefined for an event's delivery. */
  private checkMark(deliveryId: string): StoredCheckMark | undefined {
    const r = this.db.prepare('SELECT body FROM webhook_check_marks WHERE delivery_id = ?').get(deliveryId) as
      { body: string } | undefined;
    return r ? (JSON.parse(r.body) as StoredCheckMark) : undefined;
  }

  private view(row: DeliveryRow) {
    const mark = this.checkMark(row.id);
    const type =
      mark?.event_type ??
      (this.db.prepare('SELECT type FROM events WHERE id = ?').get(row.event_id) as { type: string } | undefined)
        ?.type ??
      'unknown';
    return {
      id: row.id,
      object: 'webhook_delivery' as const,
      live_mode: row.live_mode === 1,
      endpoint_id: row.endpoint_id,
      event_id: row.event_id,
      event_type: type,
      status: row.status,
      attempts: row.attempts,
      next_attempt_at:
        row.status === 'pending' && row.next_attempt_at !== null ? isoSeconds(row.next_attempt_at) : null,
      time_created: row.time_created,
      attempt_log: this.attempts(row.id),
      check: mark ? { id: mark.id, name: mark.name, expected: mark.expected, passed: mark.passed } : null,
    };
  }

  delivery(scope: Scope, id: string) {
    const row = this.db
      .prepare('SELECT * FROM webhook_deliveries WHERE id = ? AND account_id = ? AND live_mode = ?')
      .get(id, scope.accountId, scope.liveMode ? 1 : 0) as DeliveryRow | undefined;
    if (!row) throw notFound('webhook_delivery', id);
    return this.view(row);
  }

  deliveries(
    scope: Scope,
    filter: { endpoint_id?: string | undefined; event_id?: string | undefined; limit?: number | undefined },
  ) {
    const where = ['account_id = ?', 'live_mode = ?'];
    const args: (string | number)[] = [scope.accountId, scope.liveMode ? 1 : 0];
    if (filter.endpoint_id) {
      where.push('endpoint_id = ?');
      args.push(filter.endpoint_id);
    }
    if (filter.event_id) {
      where.push('event_id = ?');
      args.push(filter.event_id);
    }
    const limit = filter.limit ?? 30;
    const rows = this.db
      .prepare(`SELECT * FROM webhook_deliveries WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`)
      .all(...args, limit + 1) as DeliveryRow[];
    return { data: rows.slice(0, limit).map((r) => this.view(r)), has_more: rows.length > limit };
  }
}
