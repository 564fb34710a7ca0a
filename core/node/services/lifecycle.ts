import type { Db } from '../db/database.js';
import type { Clock } from '../../engine/clock.js';
import type { EventService } from './events.js';
import { contractInstant } from '../../engine/schedule/contract.js';

const DAY = 86_400_000;
/** `tariff.expiring` goes out this long before a contract ends. */
export const EXPIRING_NOTICE_MS = 7 * DAY;

interface Candidate {
  id: string;
  account_id: string;
  live_mode: number;
  location_id: string;
  end: string;
  timezone: string;
  expiring_sent: number;
  expired_sent: number;
}

/**
 * Tariff lifecycle events, `tariff.expiring` (seven days before `contract_end_date`) and
 * `tariff.expired`, each sent once per tariff, in time order. They are due by the service
 * clock, so moving the clock forward fires what would have happened; moving it back sends
 * nothing again (what was sent is recorded).
 */
export class LifecycleService {
  private readonly candidates;
  private readonly mark;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventService,
  ) {
    // Only tariffs with an end date and an event still owed; the zone reads a bare date's midnight.
    this.candidates = db.prepare(`
      SELECT t.id, t.account_id, t.live_mode, t.location_id,
             json_extract(t.body, '$.contract_end_date') AS end,
             json_extract(l.body, '$.timezone') AS timezone,
             EXISTS (SELECT 1 FROM tariff_lifecycle x WHERE x.tariff_id = t.id AND x.kind = 'tariff.expiring') AS expiring_sent,
             EXISTS (SELECT 1 FROM tariff_lifecycle x WHERE x.tariff_id = t.id AND x.kind = 'tariff.expired') AS expired_sent
      FROM tariffs t JOIN locations l ON l.id = t.location_id
      WHERE json_extract(t.body, '$.contract_end_date') IS NOT NULL
        AND NOT (EXISTS (SELECT 1 FROM tariff_lifecycle x WHERE x.tariff_id = t.id AND x.kind = 'tariff.expired'))`);
    this.mark = db.prepare('INSERT OR IGNORE INTO tariff_lifecycle (tariff_id, kind, time_sent) VALUES (?, ?, ?)');
  }

  /** The earliest instant a lifecycle event still owed falls due. */
  nextDueAt(): number | undefined {
    let next = Infinity;
    for (const t of this.candidates.all() as Candidate[]) {
      const end = contractInstant(t.end, t.timezone);
      if (!Number.isFinite(end)) continue;
      next = Math.min(next, t.expiring_sent ? end : end - EXPIRING_NOTICE_MS);
    }
    return Number.isFinite(next) ? next : undefined;
  }

  /** Records every lifecycle event due by now that was not sent yet; returns how many. */
  runDue(): number {
    const now = this.clock.now().getTime();
    const due: { at: number; kind: 'tariff.expiring' | 'tariff.expired'; t: Candidate }[] = [];
    for (const t of this.candidates.all() as Candidate[]) {
      const end = contractInstant(t.end, t.timezone);
      if (!Number.isFinite(end)) continue;
      if (!t.expiring_sent && now >= end - EXPIRING_NOTICE_MS)
        due.push({ at: end - EXPIRING_NOTICE_MS, kind: 'tariff.expiring', t });
      if (!t.expired_sent && now >= end) due.push({ at: end, kind: 'tariff.expired', t });
    }
    due.sort((a, b) => a.at - b.at || (a.kind === 'tariff.expiring' ? -1 : 1));
    const sentAt = new Date(now).toISOString();
    this.db.transaction(() => {
      for (const { kind, t } of due) {
        const scope = { accountId: t.account_id, liveMode: t.live_mode === 1 };
        this.events.record(scope, kind, t.id, {
          location_id: t.location_id,
          tariff_id: t.id,
          account_id: t.account_id,
          live_mode: scope.liveMode,
        });
        this.mark.run(t.id, kind, sentAt);
      }
    })();
    return due.length;
  }
}
