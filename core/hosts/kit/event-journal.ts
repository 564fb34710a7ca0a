import type { ApiClient } from '../../engine/api/client.js';
import { canonicalEventType } from '../../engine/wire-profile.js';
import type { TariffDeskEvent } from './types.js';

const PAGE = 100;

/**
 * The events journal read forward from a cursor: every event recorded after the start (or the
 * last reset), oldest first, each handed to a wait at most once.
 */
export class EventJournal {
  private cursor: string | undefined;
  private log: TariffDeskEvent[] = [];
  private ids = new Set<string>();
  private taken = new Set<string>();
  private reading: Promise<void> | undefined;
  /** Moved by every restart: a read begun before one must not bring old events back. */
  private generation = 0;

  constructor(private readonly client: ApiClient) {}

  /** Forgets what was read; `cursor` is the newest event before the start (none: the journal was empty). */
  restart(cursor: string | undefined): void {
    this.generation++;
    this.cursor = cursor;
    this.log = [];
    this.ids = new Set();
    this.taken = new Set();
    this.reading = undefined;
  }

  /** Everything recorded so far counts as before the start. */
  async baseline(): Promise<void> {
    const newest = await this.client.call('events.list', { query: { limit: 1 } });
    this.restart(newest.data[0]?.id);
  }

  /** One read of what is new since the cursor; concurrent callers share it. */
  read(): Promise<void> {
    const generation = this.generation;
    const reading = (this.reading ??= this.readNew(generation)
      .catch((e: unknown) => {
        // A cursor the reset removed: the restart already says where to read from.
        if (generation !== this.generation) return;
        throw e;
      })
      .finally(() => {
        if (this.reading === reading) this.reading = undefined;
      }));
    return reading;
  }

  private async readNew(generation: number): Promise<void> {
    if (this.cursor === undefined) {
      // The journal held nothing at the start, so all of it is new: read newest first, paged back.
      const all: TariffDeskEvent[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await this.client.call('events.list', {
          query: { limit: PAGE, ...(after ? { starting_after: after } : {}) },
        });
        all.push(...page.data);
        if (!page.has_more || page.data.length === 0) break;
        after = page.data.at(-1)!.id;
      }
      if (generation === this.generation) this.append(all.reverse());
      return;
    }
    for (;;) {
      const page = await this.client.call('events.list', { query: { limit: PAGE, ending_before: this.cursor } });
      if (generation !== this.generation) return;
      // A page before the cursor lists the oldest of the newer events, newest first.
      this.append([...page.data].reverse());
      if (!page.has_more || page.data.length === 0) return;
    }
  }

  private append(events: TariffDeskEvent[]): void {
    for (const e of events) {
      if (this.ids.has(e.id)) continue;
      this.ids.add(e.id);
      this.log.push(e);
      this.cursor = e.id;
    }
  }

  /** The first matching event not yet handed out, marked as taken. */
  take(type: string, match?: (e: TariffDeskEvent) => boolean): TariffDeskEvent | undefined {
    const want = canonicalEventType(type);
    const hit = this.log.find(
      (e) => !this.taken.has(e.id) && canonicalEventType(e.type) === want && (match ? match(e) : true),
    );
    if (hit) this.taken.add(hit.id);
    return hit;
  }

  /** What the journal held since the start, for a timeout's message. */
  summary(): string {
    if (this.log.length === 0) return 'no event was recorded since the start';
    const n = this.log.length;
    const shown = this.log
      .slice(-10)
      .map((e) => `${e.type} ${e.id}${this.taken.has(e.id) ? ' (returned before)' : ''}`);
    return `${n} ${n === 1 ? 'event' : 'events'} since the start${n > 10 ? ', the last 10' : ''}: ${shown.join(', ')}`;
  }
}
