/**
 * Request limits: a per-account rate limit (a token bucket refilled per second), and login
 * throttling that slows brute force by account and client address.
 */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one token; returns the seconds to wait when none is left. */
  take(key: string, perMinute: number): number | undefined {
    const t = this.now();
    const cap = Math.max(1, perMinute);
    const b = this.buckets.get(key) ?? { tokens: cap, at: t };
    // The service clock may be moved back (time travel, a scenario): no time passed then, none is owed.
    b.tokens = Math.min(cap, b.tokens + (Math.max(0, t - b.at) / 60_000) * cap);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil(((1 - b.tokens) / cap) * 60));
  }
}

export class LoginThrottle {
  private failures = new Map<string, { count: number; until: number; last: number }>();
  static readonly FREE_ATTEMPTS = 5;
  static readonly MAX_LOCKOUT_MS = 300_000;

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait before another attempt is heard, or undefined. */
  blocked(key: string): number | undefined {
    const f = this.failures.get(key);
    if (!f) return undefined;
    // Never longer than the longest lockout, whichever way the service clock was moved since.
    const wait = Math.min(f.until - this.now(), LoginThrottle.MAX_LOCKOUT_MS);
    return wait > 0 ? Math.ceil(wait / 1000) : undefined;
  }

  failed(key: string): void {
    const t = this.now();
    const f = this.failures.get(key);
    // Failures fade after ten quiet minutes.
    const count = f && t - f.last < 600_000 ? f.count + 1 : 1;
    const over = count - LoginThrottle.FREE_ATTEMPTS;
    const until = over >= 0 ? t + Math.min(LoginThrottle.MAX_LOCKOUT_MS, 1000 * 2 ** over) : 0;
    this.failures.set(key, { count, until, last: t });
  }

  succeeded(key: string): void {
    this.failures.delete(key);
  }
}
