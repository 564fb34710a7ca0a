import type { ServiceClock } from '../../engine/clock.js';
import { CLOCK_MAX, CLOCK_MIN, type ClockMode } from '../../engine/clock.js';
import { invalid } from '../../engine/errors.js';
import type { LifecycleService } from './lifecycle.js';
import type { SettingsStore } from './settings.js';
import type { Journal } from '../traffic/journal.js';
import type { Scope } from '../db/documents.js';

/**
 * Work that falls due by the clock: it says when it is next due, and runs what is due now,
 * saying in a few words what it did (nothing said, nothing done).
 */
export interface DueWork {
  nextDueAt(): number | undefined;
  run(): Promise<string | void> | string | void;
}

/** More steps than any sensible jump needs; a runaway (a receiver failing forever) stops here. */
const MAX_STEPS = 10_000;

/**
 * Moves the service clock and fires what would have happened meanwhile: each piece of due
 * work (lifecycle events, owed webhook retries) runs at its own instant, in time order, with
 * the clock standing at that instant, so what it records carries the virtual time. Moving
 * back fires nothing: sent events are marked, delivered messages are done.
 */
export class TimeTravel {
  private readonly work: DueWork[] = [];

  constructor(
    private readonly clock: ServiceClock,
    lifecycle: LifecycleService,
    private readonly settings: SettingsStore,
    private readonly journal: Journal,
  ) {
    this.work.push({
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
    return {
      object: 'clock' as const,
      mode: this.clock.mode,
      now: this.clock.now().toISOString(),
      offset_seconds: this.clock.mode === 'real' ? 0 : this.clock.offsetSeconds(),
    };
  }

  async set(mode: ClockMode, at?: number, scope?: Scope) {
    if (mode !== 'real') {
      if (at === undefined) throw invalid('now_missing', `now is required for mode ${mode}.`);
      checkRange(at);
    }
    const before = this.clock.millis();
    const target = at ?? Date.now();
    if (mode === 'real' || target <= before) {
      this.clock.set(mode, at);
    } else {
      await this.travel(target, scope);
      this.clock.set(mode, at);
    }
    this.save();
    await this.runDue(scope);
    return this.state();
  }

  async advance(ms: number, scope?: Scope) {
    if (ms < 0) throw invalid('clock_advance_negative', 'The clock only advances; set it with PUT /clock to go back.');
    const target = this.clock.millis() + ms;
    checkRange(target);
    await this.travel(target, scope);
    this.save();
    return this.state();
  }

  /** Steps the clock through every due instant up to `target`, running the work due at each. */
  private async travel(target: number, scope?: Scope): Promise<void> {
    for (let step = 0; step < MAX_STEPS; step++) {
      const now = this.clock.millis();
      const next = Math.min(...this.work.map((w) => w.nextDueAt() ?? Infinity));
      if (!(next <= target)) break;
      this.clock.advance(Math.max(0, next - now));
      await this.runDue(scope);
    }
    this.clock.advance(Math.max(0, target - this.clock.millis()));
    await this.runDue(scope);
  }

  /** Runs what is due; each thing done goes to the journal at the virtual time it happened. */
  private async runDue(scope?: Scope): Promise<void> {
    for (const w of this.work) {
      const done = await w.run();
      if (done && scope) {
        this.journal.add({
          time: this.clock.now().toISOString(),
          surface: 'clock',
          method: 'CLOCK',
          path: done,
          status: 200,
          latency_ms: 0,
          request_headers: {},
          request_body: '',
          response_body: '',
          fault: null,
          account_id: scope.accountId,
          live_mode: scope.liveMode,
        });
      }
    }
  }

  private save(): void {
    this.settings.setClock(this.clock.saved());
  }
}

function checkRange(at: number): void {
  if (!(at >= CLOCK_MIN && at < CLOCK_MAX))
    throw invalid('clock_out_of_range', 'The clock must stay between 2000-01-01 and 2100-01-01.');
}
