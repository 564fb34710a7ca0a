import { z } from 'zod';

/** The service's notion of "now", injectable so tests and demos can fix time. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * An instant as the service writes it: RFC 3339 in UTC, whole seconds, the fraction cut off.
 * Strict parsers (Swift's ISO8601DateFormatter by default, several Java and Go layouts) refuse
 * fractions, and the reference writes none; fractions are still read on input.
 */
export function isoSeconds(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19) + 'Z';
}
export function fixedClock(iso: string): Clock & { set(iso: string): void; advance(ms: number): void } {
  let t = new Date(iso).getTime();
  return {
    now: () => new Date(t),
    set: (s) => void (t = new Date(s).getTime()),
    advance: (ms) => void (t += ms),
  };
}

export const ClockMode = z.enum(['real', 'offset', 'frozen']).meta({ id: 'ClockMode' });
export type ClockMode = z.infer<typeof ClockMode>;

/** Virtual time stays within these years: far enough for any contract, near enough for every zone's rules. */
export const CLOCK_MIN = Date.UTC(2000, 0, 1);
export const CLOCK_MAX = Date.UTC(2100, 0, 1);

/** What is kept of a clock: its mode and the one number that mode needs. */
export interface ClockSetting {
  mode: ClockMode;
  /** offset: milliseconds added to real time; frozen: the instant it stands at. */
  value: number;
}

/**
 * The host's one service clock: real time (the default), real time shifted by a fixed offset,
 * or frozen at an instant. Everything time-dependent reads it, so moving it moves the whole
 * service. Listeners hear every change (the host persists it and runs what fell due).
 */
export class ServiceClock implements Clock {
  private setting: ClockSetting = { mode: 'real', value: 0 };
  private readonly listeners = new Set<(before: number, after: number) => void>();

  constructor(private readonly real: () => number = Date.now) {}

  now(): Date {
    return new Date(this.millis());
  }

  millis(): number {
    const { mode, value } = this.setting;
    return mode === 'frozen' ? value : mode === 'offset' ? this.real() + value : this.real();
  }

  get mode(): ClockMode {
    return this.setting.mode;
  }

  /** Offset from real time, in whole seconds (0 when real). */
  offsetSeconds(): number {
    return Math.round((this.millis() - this.real()) / 1000);
  }

  saved(): ClockSetting {
    return { ...this.setting };
  }

  /** Restores a saved setting without notifying (start-up). */
  restore(s: ClockSetting): void {
    this.setting = { ...s };
  }

  /** Real time; or `at` shifted along with real time (offset); or `at` standing still (frozen). */
  set(mode: ClockMode, at?: number): void {
    const before = this.millis();
    if (mode === 'real') this.setting = { mode, value: 0 };
    else if (at === undefined) throw new Error(`clock mode ${mode} needs an instant`);
    else this.setting = mode === 'frozen' ? { mode, value: at } : { mode, value: at - this.real() };
    this.changed(before);
  }

  /** Moves the clock by `ms` (a real clock becomes an offset one). */
  advance(ms: number): void {
    const before = this.millis();
    if (this.setting.mode === 'frozen') this.setting = { mode: 'frozen', value: this.setting.value + ms };
    else this.setting = { mode: 'offset', value: this.setting.value + ms };
    this.changed(before);
  }

  onChange(fn: (before: number, after: number) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(before: number): void {
    const after = this.millis();
    for (const l of this.listeners) l(before, after);
  }
}
