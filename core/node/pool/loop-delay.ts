import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The seconds of one measured window. */
export const LOOP_WINDOW_S = 10;

/**
 * The main thread's event-loop delay (`perf_hooks.monitorEventLoopDelay`), in windows of
 * `LOOP_WINDOW_S`: what `GET /health` reports is the last whole window, so one stall long
 * ago does not stand for ever, and a stall now shows within a window.
 */
export class LoopDelay {
  private readonly h: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private last: { p99: number; max: number } | undefined;
  private started = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.h.enable();
    this.timer = setInterval(() => {
      this.last = this.read();
      this.h.reset();
      this.started = performance.now();
    }, LOOP_WINDOW_S * 1000);
    this.timer.unref();
  }

  private read() {
    const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
    return this.h.count === 0 ? { p99: 0, max: 0 } : { p99: ms(this.h.percentile(99)), max: ms(this.h.max) };
  }

  snapshot(): { p99: number; max: number; window_s: number } {
    if (this.last) return { ...this.last, window_s: LOOP_WINDOW_S };
    return { ...this.read(), window_s: Math.round((performance.now() - this.started) / 100) / 10 };
  }

  stop(): void {
    clearInterval(this.timer);
    this.h.disable();
  }
}
