import type { WebhookService } from './service.js';
import type { DeliveryRow, Fetch } from './types.js';
import type { Attempt, WebhookEndpoint } from '../../engine/webhooks/schemas.js';
import type { WireProfile } from '../../engine/wire-profile.js';
import { VERSION_OF } from '../../engine/versions.js';
import { ps256Headers, schemeOf, signedHeaders } from './signing.js';
import { OUTBOUND_CONNECTIONS } from './outbound.js';
import { isoSeconds } from '../../engine/clock.js';
import { refusalCause } from '../../engine/webhooks/clock-words.js';
import { isShifted, offsetInWords } from '../../engine/clock-words.js';

/** Delays between attempts. Compressed retries within about a minute for local testing. */
export const SCHEDULES: Record<WebhookEndpoint['retry_schedule'], number[]> = {
  compressed: [1_000, 2_000, 4_000, 8_000, 15_000, 30_000],
  standard: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
};

export interface WorkerOptions {
  /** Outbound HTTP, injectable so tests can fix it. */
  fetch?: Fetch;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  now?: () => number;
  /** Overrides SCHEDULES (tests shorten them). */
  schedules?: Partial<typeof SCHEDULES>;
  /** Attempts in flight at once, over all endpoints (each endpoint's own go one at a time). */
  concurrency?: number;
}

/** At most `size` tasks at once; the rest wait their turn in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((go) => this.waiting.push(go));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

const RESPONSE_LOG_LIMIT = 4096;

/** `Retry-After` as milliseconds from now: seconds or an HTTP date; capped at a day. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const s = Number(value);
  const ms = Number.isFinite(s) ? s * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 86_400_000) : undefined;
}

/** The event's own time (service time) from the message body, for a refusal's note. */
function eventTimeOf(body: string): string | null {
  try {
    const t = (JSON.parse(body) as { time_created?: unknown }).time_created;
    return typeof t === 'string' ? t : null;
  } catch {
    return null;
  }
}

/**
 * Delivers the outbox: at least once, endpoints in parallel and each endpoint's messages in
 * order, with backoff, Retry-After, 410 disabling, and every attempt logged. Survives restarts
 * because everything it needs is in the database.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private stopped = true;
  private readonly fetch: Fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly schedules: typeof SCHEDULES;
  private idle: Promise<void> = Promise.resolve();
  private readonly slots: Slots;

  constructor(
    private readonly svc: WebhookService,
    opts: WorkerOptions = {},
  ) {
    this.fetch = opts.fetch ?? (globalThis.fetch as unknown as Fetch);
    this.now = opts.now ?? Date.now;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    svc.deliveryTimeoutMs = this.timeoutMs;
    svc.outbound = this.fetch;
    this.schedules = { ...SCHEDULES, ...opts.schedules };
    // A burst of events to many endpoints waits here; each attempt's timeout starts when it is sent.
    this.slots = new Slots(opts.concurrency ?? OUTBOUND_CONNECTIONS);
    svc.onDue = () => this.kick();
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.idle;
  }

  /** Delivers everything due now and resolves when the outbox is idle (time travel waits on it). */
  async settle(): Promise<void> {
    this.kick();
    while (this.running) await this.idle;
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = true;
    this.idle = this.drain().finally(() => {
      this.running = false;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
        return;
      }
      const next = this.svc.nextDueAt();
      if (next !== undefined)
        this.timer = setTimeout(() => this.kick(), Math.max(10, Math.min(next - this.now(), 60_000)));
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const due = this.svc.due(500);
      if (due.length === 0) return;
      const byEndpoint = new Map<string, DeliveryRow[]>();
      for (const d of due) {
        const rows = byEndpoint.get(d.endpoint_id);
        if (rows) rows.push(d);
        else byEndpoint.set(d.endpoint_id, [d]);
      }
      let progressed = false;
      await Promise.all(
        [...byEndpoint.entries()].map(async ([endpointId, rows]) => {
          const e = this.svc.byId(endpointId);
          if (!e || e.disabled) return; // held until the endpoint is enabled again
          if (e.faults.out_of_order) rows.reverse();
          for (const row of rows) {
            if (this.stopped) return;
            const current = this.svc.byId(endpointId);
            if (!current || current.disabled) return;
            await this.slots.run(() => this.attempt(current, row));
            progressed = true;
          }
        }),
      );
      if (!progressed) return;
    }
  }

  /** The headers of one attempt, signed by the scheme of the account's profile now, with the endpoint's faults applied. */
  private async sign(
    e: WebhookEndpoint,
    row: DeliveryRow,
    body: string,
    profile: WireProfile,
    now: Date,
    offsetSeconds: number,
    version: string,
  ): Promise<{ headers: Record<string, string>; scheme: Attempt['scheme']; explanation: string }> {
    const stamp = e.faults.stale_timestamp ? new Date(now.getTime() - 600_000) : now;
    const notes = [
      ...(e.faults.stale_timestamp ? ['timestamp ten minutes old (stale_timestamp fault)'] : []),
      ...(isShifted(offsetSeconds)
        ? [`timestamp in real time, while the service clock is ${offsetInWords(offsetSeconds)}`]
        : []),
      `profile ${profile}`,
      `API version ${version}`,
    ];
    const scheme = schemeOf(profile);
    if (scheme === 'ps256') {
      const key = await this.svc.keys.current();
      const headers = e.faults.wrong_signature
        ? ps256Headers(stamp, body, { kid: key.kid, privateKey: await this.svc.keys.unpublishedKey() }, version)
        : ps256Headers(stamp, body, key, version);
      const by = e.faults.wrong_signature
        ? `a key nobody publishes, under kid ${key.kid} (wrong_signature fault)`
        : `key ${key.kid}, the current key in /jwks.json`;
      return {
        headers,
        scheme,
        explanation: `PS256: RSA-PSS SHA-256 over "{timestamp}.{raw body}" signed with ${by}; ${notes.join('; ')}.`,
      };
    }
    const secrets = e.faults.wrong_signature
      ? ['whsec_' + Buffer.from('not-the-endpoint-secret-000000').toString('base64')]
      : this.svc.signingSecrets(e);
    const by = e.faults.wrong_signature
      ? 'a secret the endpoint does not have (wrong_signature fault)'
      : secrets.length > 1
        ? "the endpoint's current and previous secrets (rotation grace)"
        : "the endpoint's secret";
    return {
      headers: signedHeaders(row.event_id, stamp, body, secrets, version),
      scheme,
      explanation: `Standard Webhooks: HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{raw body}" with ${by}; ${notes.join('; ')}.`,
    };
  }

  private async send(
    e: WebhookEndpoint,
    row: DeliveryRow,
    body: string,
    profile: WireProfile,
    version: string,
  ): Promise<{ attempt: Attempt; retryAfter?: number | undefined }> {
    const now = this.now();
    // Signed at the real time of sending: a receiver judges the timestamp by its own clock, and
    // the service clock may be hours or years away from it. The event keeps the service's time.
    const real = new Date(this.svc.realNow());
    const offsetSeconds = Math.round((now - real.getTime()) / 1000);
    const { headers, scheme, explanation } = await this.sign(e, row, body, profile, real, offsetSeconds, version);
    const started = performance.now();
    let status: number | null = null;
    let responseBody = '';
    let error: string | null = null;
    let retryAfter: number | undefined;
    try {
      const res = await this.fetch(e.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'manual',
      });
      status = res.status;
      responseBody = (await res.text()).slice(0, RESPONSE_LOG_LIMIT);
      retryAfter = retryAfterMs(res.headers.get('retry-after'), this.now());
    } catch (err) {
      const ex = err as Error & { cause?: { code?: string } };
      error = ex.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : (ex.cause?.code ?? ex.message);
    }
    const signedAt = Math.floor(real.getTime() / 1000) - (e.faults.stale_timestamp ? 600 : 0);
    return {
      attempt: {
        attempt: row.attempts + 1,
        time: isoSeconds(now),
        signed_at: isoSeconds(signedAt * 1000),
        request: { url: e.url, headers, body },
        status,
        latency_ms: Math.round((performance.now() - started) * 10) / 10,
        response_body: responseBody,
        error,
        scheme,
        explanation,
        clock_note: refusalCause({
          status,
          offsetSeconds,
          signedAt,
          eventTime: eventTimeOf(body),
          staleFault: e.faults.stale_timestamp,
        }),
      },
      retryAfter,
    };
  }

  private async attempt(e: WebhookEndpoint, row: DeliveryRow): Promise<void> {
    // The profile and the version in force now decide the scheme and the event names, whenever the event was queued.
    const profile = this.svc.wireProfile(row.account_id);
    const generation = this.svc.apiGeneration(row.account_id);
    const version = VERSION_OF[generation];
    const body = this.svc.eventBody(row, profile, generation);
    if (!body)
      return this.svc.recordAttempt(
        row,
        {
          attempt: row.attempts + 1,
          time: isoSeconds(this.now()),
          signed_at: isoSeconds(this.svc.realNow()),
          request: { url: e.url, headers: {}, body: '' },
          status: null,
          latency_ms: 0,
          response_body: '',
          error: 'event no longer exists',
          scheme: schemeOf(profile),
          explanation: 'Not sent: the event no longer exists.',
          clock_note: null,
        },
        { status: 'failed', next_attempt_at: null },
      );
    const { attempt, retryAfter } = await this.send(e, row, body, profile, version);
    if (e.faults.duplicate) this.svc.logExtraAttempt(row, (await this.send(e, row, body, profile, version)).attempt);
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    if (ok) return this.svc.recordAttempt(row, attempt, { status: 'delivered', next_attempt_at: null });
    if (attempt.status === 410)
      return this.svc.recordAttempt(row, attempt, {
        status: 'failed',
        next_attempt_at: null,
        disable: 'the endpoint answered 410 Gone',
      });
    const delays = this.schedules[e.retry_schedule];
    const delay = delays[row.attempts];
    if (delay === undefined) return this.svc.recordAttempt(row, attempt, { status: 'failed', next_attempt_at: null });
    this.svc.recordAttempt(row, attempt, {
      status: 'pending',
      next_attempt_at: this.now() + Math.max(delay, retryAfter ?? 0),
    });
  }
}
