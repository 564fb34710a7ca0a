import type { ServiceClock } from '../../engine/clock.js';
import { isoSeconds } from '../../engine/clock.js';
import { CLOCK_MAX, CLOCK_MIN, type ClockMode } from '../../engine/clock.js';
import { Codes, invalid, unprocessable } from '../../engine/errors.js';
import type { LifecycleService } from './lifecycle.js';
import type { SettingsStore } from './settings.js';
import type { Journal } from '../traffic/journal.js';
import type { Scope } from '../db/documents.js';
import type { WriteVersion } from '../db/database.js';
import type { ClockWork, JournalClock } from '../../engine/schemas/traffic.js';

/**
 * Work that falls due by the clock: it says when it is next due, and runs what is due now,
 * saying in a few words what it did (nothing said, nothing done).
 */
export interface DueWork {
  /** Which work it is, as the journal names it. */
  name: ClockWork;
  nextDueAt(): number | undefined;
  run(): Promise<string | void> | string | void;
  /**
   * `nextDueAt` reads stored data only, not the clock: it is asked again only after a write,
   * and the work is run on the way only when due (and always where a move lands).
   */
  fromData?: boolean;
}

/**
 * More steps than any sensible jump needs (a century of daily market publications in a few
 * zones); a runaway (a receiver failing forever) stops here.
 */
export const MAX_STEPS = 200_000;

/** Work runs in slices of about this long; between them the event loop serves other requests. */
export const SLICE_MS = 4;

/** Advances further than this answer 202 at once and go on in the background (`advancing` in the state). */
export const LONG_ADVANCE_MS = 31 * 86_400_000;

/** A jump under way: where it goes, and how far every due piece of work has run. */
interface Travel {
  from: number;
  target: number;
  steps: number;
  /** True once it has landed on the target; false when cancelled or the clock was replaced. */
  done: Promise<boolean>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Moves the service clock and fires what would have happened meanwhile: each piece of due
 * work (lifecycle events, owed webhook retries) runs at its own instant, in time order, with
 * the clock standing at that instant, so what it records carries the virtual time. Moving
 * back fires nothing: sent events are marked, delivered messages are done.
 */
export class TimeTravel {
  private readonly work: DueWork[] = [];
  private current: Travel | undefined;
  private cancelled = false;

  private readonly known = new Map<DueWork, { version: number; at: number | undefined }>();

  constructor(
    private readonly clock: ServiceClock,
    lifecycle: LifecycleService,
    private readonly settings: SettingsStore,
    private readonly journal: Journal,
    /** Moves on every write; work whose due time comes from data is asked again only when it moved. */
    private readonly writes?: WriteVersion,
  ) {
    this.work.push({
      name: 'tariff_lifecycle',
      fromData: true,
      nextDueAt: () => lifecycle.nextDueAt(),
      run: () => {
        const n = lifecycle.runDue();
        return n ? `${n} tariff lifecycle event${n === 1 ? '' : 's'} recorded` : undefined;
      },
    });
  }

  /** Hosts add the work they own (the webhook worker). */
  add(work: DueWork): void {
    this.work.push(work);
  }

  state() {
    const t = this.current;
    return {
      object: 'clock' as const,
      mode: this.clock.mode,
      now: isoSeconds(this.clock.now()),
      offset_seconds: this.clock.mode === 'real' ? 0 : this.clock.offsetSeconds(),
      ...(t
        ? {
            advancing: {
              from: isoSeconds(t.from),
              target: isoSeconds(t.target),
              done_until: isoSeconds(this.clock.now()),
              steps: t.steps,
            },
          }
        : {}),
    };
  }

  /** Where the jump under way began (undefined when the clock stands still or runs). */
  advancingFrom(): number | undefined {
    return this.current?.from;
  }

  /** Resolves when the jump under way (if any) has landed; for hosts and tests. */
  async settled(): Promise<void> {
    await this.current?.done.catch(() => undefined);
  }

  /** Stops a jump under way at its next step (the host is closing the database). */
  cancel(): void {
    this.cancelled = true;
  }

  async set(mode: ClockMode, at?: number, scope?: Scope) {
    this.refuseWhileAdvancing();
    if (mode !== 'real') {
      if (at === undefined) throw invalid('now_missing', `now is required for mode ${mode}.`);
      checkRange(at);
    }
    const before = this.clock.millis();
    const fromMode = this.clock.mode;
    const target = at ?? Date.now();
    if (mode === 'real' || target <= before) {
      this.clock.set(mode, at);
      this.save();
      // Forward to real time at once: what fell due runs now. A move back fires nothing.
      if (this.clock.millis() > before) await this.runDue(scope);
    } else {
      // The jump ran what was due up to and at the target; only the mode is left to set.
      await this.start(target, scope).done;
      this.clock.set(mode, at);
      this.save();
    }
    this.moved(before, fromMode, scope);
    return this.state();
  }

  /**
   * Moves forward by `ms`. A short move answers once it has landed; a long one answers at
   * once with its progress (`advancing`) and goes on in slices, so other requests are served.
   */
  async advance(ms: number, scope?: Scope) {
    if (ms < 0) throw invalid('clock_advance_negative', 'The clock only advances; set it with PUT /clock to go back.');
    this.refuseWhileAdvancing();
    const target = this.clock.millis() + ms;
    checkRange(target);
    const mode = this.clock.mode;
    const travel = this.start(target, scope);
    const landed = travel.done.then((whole) => whole && this.moved(travel.from, mode, scope));
    if (ms <= LONG_ADVANCE_MS) await landed;
    else void landed.catch((err: unknown) => this.failed(err, travel, scope));
    return this.state();
  }

  /** A jump in the background has no request to fail: the journal says where and why it stopped. */
  private failed(err: unknown, travel: Travel, scope?: Scope): void {
    if (this.cancelled) return;
    const reason = err instanceof Error ? err.message : String(err);
    const clock: JournalClock = {
      action: 'stopped',
      from: isoSeconds(travel.from),
      target: isoSeconds(travel.target),
      at: isoSeconds(this.clock.now()),
      reason,
    };
    this.note(`clock advance stopped: ${reason}`, clock, scope, 500);
  }

  /**
   * Runs work that may set the clock itself (a workspace import, a scenario restore bring their
   * own): a clock it leaves elsewhere is a move like any other, with its row in the journal.
   */
  async tracked<T>(work: () => T | Promise<T>, scope?: Scope): Promise<T> {
    const before = this.clock.millis();
    const fromMode = this.clock.mode;
    const saved = this.clock.saved();
    const out = await work();
    const now = this.clock.saved();
    if (now.mode !== saved.mode || now.value !== saved.value) this.moved(before, fromMode, scope);
    return out;
  }

  /** A move of the clock is a journal entry of its own, written where it landed. */
  private moved(from: number, fromMode: ClockMode, scope?: Scope): void {
    const clock: JournalClock = {
      action: 'moved',
      from: isoSeconds(from),
      to: isoSeconds(this.clock.now()),
      from_mode: fromMode,
      mode: this.clock.mode,
    };
    this.note(`clock moved ${clock.from} → ${clock.to} (${clock.mode})`, clock, scope);
  }

  private refuseWhileAdvancing(): void {
    if (this.current)
      throw unprocessable(
        Codes.clockAdvancing,
        `The clock is advancing to ${isoSeconds(this.current.target)}; GET /clock shows its progress.`,
      );
  }

  private start(target: number, scope?: Scope): Travel {
    const travel: Travel = { from: this.clock.millis(), target, steps: 0, done: Promise.resolve(false) };
    this.current = travel;
    travel.done = this.travel(travel, scope).finally(() => {
      this.current = undefined;
      try {
        this.save();
      } catch (err) {
        // Cancelled by a closing service: the database may be gone, and the last slice was saved.
        if (!this.cancelled) throw err;
      }
    });
    return travel;
  }

  /**
   * Steps the clock through every due instant up to the target, running the work due at each,
   * in slices of about SLICE_MS: between slices the clock is saved (a restart goes on from
   * there) and the event loop serves what waits.
   */
  private async travel(travel: Travel, scope?: Scope): Promise<boolean> {
    const { target } = travel;
    // The clock as this jump left it: set by anyone else meanwhile (a workspace import or a
    // scenario restore brings its own), the world was replaced and the jump stops there.
    let left = this.clock.saved();
    const replaced = () => {
      const now = this.clock.saved();
      return now.mode !== left.mode || now.value !== left.value;
    };
    let slice = performance.now();
    for (; travel.steps < MAX_STEPS; travel.steps++) {
      if (performance.now() - slice >= SLICE_MS) {
        this.save();
        await nextTurn();
        slice = performance.now();
      }
      if (this.cancelled || replaced()) return false;
      const now = this.clock.millis();
      let next = Infinity;
      for (const w of this.work) next = Math.min(next, this.dueAt(w) ?? Infinity);
      if (!(next <= target)) break;
      this.clock.advance(Math.max(0, next - now));
      left = this.clock.saved();
      await this.runDue(scope, false);
      if (replaced()) return false;
    }
    if (this.cancelled) return false;
    this.clock.advance(Math.max(0, target - this.clock.millis()));
    await this.runDue(scope);
    return true;
  }

  /** When the work is next due; for work read from data, remembered until the next write. */
  private dueAt(w: DueWork): number | undefined {
    if (!w.fromData || !this.writes) return w.nextDueAt();
    const version = this.writes.current();
    const k = this.known.get(w);
    if (k && k.version === version) return k.at;
    const at = w.nextDueAt();
    this.known.set(w, { version: this.writes.current(), at });
    return at;
  }

  /**
   * Runs what is due (on the way, work read from data only when it is due; `all` where a move
   * lands); each thing done goes to the journal at the virtual time it happened.
   */
  private async runDue(scope?: Scope, all = true): Promise<void> {
    for (const w of this.work) {
      if (!all && w.fromData && !((this.dueAt(w) ?? Infinity) <= this.clock.millis())) continue;
      const done = await w.run();
      if (done) {
        const at = isoSeconds(this.clock.now());
        this.note(done, { action: 'fired', work: w.name, at, summary: done }, scope);
      }
    }
  }

  /**
   * An entry of the clock's own: its words in `path` (as older clients read them), what it did
   * in `clock`, at the virtual instant it happened.
   */
  private note(what: string, clock: JournalClock, scope: Scope | undefined, status = 200): void {
    if (!scope) return;
    this.journal.add({
      time: clock.action === 'moved' ? clock.to : clock.at,
      surface: 'clock',
      method: 'CLOCK',
      path: what,
      clock,
      status,
      latency_ms: 0,
      request_headers: {},
      request_body: '',
      response_body: '',
      fault: null,
      account_id: scope.accountId,
      live_mode: scope.liveMode,
    });
  }

  private save(): void {
    this.settings.setClock(this.clock.saved());
  }
}

function checkRange(at: number): void {
  if (!(at >= CLOCK_MIN && at < CLOCK_MAX))
    throw invalid('clock_out_of_range', 'The clock must stay between 2000-01-01 and 2100-01-01.');
}
