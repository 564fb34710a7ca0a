import type { Db } from '../db/database.js';
import type { Clock } from '../../engine/clock.js';
import type { EventService } from './events.js';
import { contractInstant } from '../../engine/schedule/contract.js';
import { isoSeconds } from '../../engine/clock.js';

const DAY = 86_400_000;
/** `tariff.expiring` goes out this long before a contract ends. */
export const EXPIRING_NOTICE_MS = 7 * DAY;

/** The UTC date `days` after `at`, as text comparable with a stored contract end date. */
const dateAfter = (at: number, days: number) => new Date(at + days * DAY).toISOString().slice(0, 10);

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
  private readonly endingBefore;
  private readonly dueBy;
  private readonly first;
  private readonly mark;
  /** End instants by stored end and zone: contracts share month ends and zones, and luxon is the cost here. */
  private readonly instants = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventService,
  ) {
    // Only tariffs still owing an event (`lifecycle_owed`, kept by triggers), read by end date
    // through its index, so the work stays the same however many tariffs the folder holds.
    const owed = `FROM lifecycle_owed o JOIN tariffs t ON t.id = o.tariff_id JOIN locations l ON l.id = t.location_id`;
    const expiringSent = `EXISTS (SELECT 1 FROM tariff_lifecycle x WHERE x.tariff_id = t.id AND x.kind = 'tariff.expiring')`;
    const select = `SELECT t.id, t.account_id, t.live_mode, t.location_id, o.end_date AS end,
             json_extract(l.body, '$.timezone') AS timezone, ${expiringSent} AS expiring_sent, 0 AS expired_sent ${owed}`;
    this.endingBefore = db.prepare(`${select} WHERE o.end_date < ?`);
    // Ending by `near`: either event may be due; ending between `near` and `far`: only an unsent tariff.expiring.
    this.dueBy = db.prepare<{ near: string; far: string }>(
      `${select} WHERE o.end_date < :near
       UNION ALL ${select} WHERE o.end_date >= :near AND o.end_date < :far AND NOT ${expiringSent}`,
    );
    this.first = db.prepare(`SELECT o.end_date ${owed} ORDER BY o.end_date LIMIT 1`).pluck();
    this.mark = db.prepare('INSERT OR IGNORE INTO tariff_lifecycle (tariff_id, kind, time_sent) VALUES (?, ?, ?)');
  }

  private endOf(t: Candidate): number {
    const key = `${t.end}|${t.timezone}`;
    let at = this.instants.get(key);
    if (at === undefined) {
      if (this.instants.size >= 10_000) this.instants.clear();
      at = contractInstant(t.end, t.timezone);
      this.instants.set(key, at);
    }
    return at;
  }

  /** The earliest instant a lifecycle event still owed falls due. */
  nextDueAt(): number | undefined {
    const first = this.first.get() as string | undefined;
    if (first === undefined) return undefined;
    // Contracts ending ten local days after the first are due after it ends: only those before can be next.
    let next = Infinity;
    for (const t of this.endingBefore.all(dateAfter(Date.parse(first.slice(0, 10)), 10)) as Candidate[]) {
      const end = this.endOf(t);
      if (!Number.isFinite(end)) continue;
      next = Math.min(next, t.expiring_sent ? end : end - EXPIRING_NOTICE_MS);
    }
    return Number.isFinite(next) ? next : undefined;
  }

  /** Records every lifecycle event due by now that was not sent yet; returns how many. */
  runDue(): number {
    const now = this.clock.now().getTime();
    const due: { at: number; kind: 'tariff.expiring' | 'tariff.expired'; t: Candidate }[] = [];
    // By local end date (zones are within 14 h of UTC): two days off or more, tariff.expired is
    // not due; nine days off or more, neither is.
    for (const t of this.dueBy.all({ near: dateAfter(now, 2), far: dateAfter(now, 9) }) as Candidate[]) {
      const end = this.endOf(t);
      if (!Number.isFinite(end)) continue;
      if (!t.expiring_sent && now >= end - EXPIRING_NOTICE_MS)
        due.push({ at: end - EXPIRING_NOTICE_MS, kind: 'tariff.expiring', t });
      if (!t.expired_sent && now >= end) due.push({ at: end, kind: 'tariff.expired', t });
    }
    if (due.length === 0) return 0;
    due.sort((a, b) => a.at - b.at || (a.kind === 'tariff.expiring' ? -1 : 1));
    const sentAt = isoSeconds(now);
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
