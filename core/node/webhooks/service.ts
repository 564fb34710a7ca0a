import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import { DocumentTable } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { EventRecord, EventService } from '../services/events.js';
import { Codes, invalid, notFound, unprocessable } from '../../engine/errors.js';
import { fromZod } from '../../engine/api/validate.js';
import { strictDeep } from '../../engine/schemas/strict.js';
import { newSecret, verifyPs256, verifyStandard, type Verification } from './signing.js';
import { SigningKeyStore } from './keys.js';
import type { SettingsService } from '../services/settings.js';
import { canonicalEventType, PROFILES, wireEventName, type WireProfile } from '../../engine/wire-profile.js';
import { schemeOfHeaders } from '../../engine/webhooks/signature.js';
import type { CaughtMessage } from '../../engine/api/routes/webhooks.js';
import {
  EVENT_TYPES,
  type Attempt,
  type CatcherRule,
  type EventType,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
} from '../../engine/webhooks/schemas.js';
import { samplePayload, type SampleSubjects } from './samples.js';
import type { CheckMark } from '../../engine/webhooks/check.js';
import type { Fetch } from './worker.js';
import { isoSeconds } from '../../engine/clock.js';

export interface DeliveryRow {
  id: string;
  account_id: string;
  live_mode: number;
  endpoint_id: string;
  event_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number | null;
  time_created: string;
  time_updated: string;
}

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_GRACE_MS = 24 * 3600 * 1000;
/** This many permanently failed deliveries in a row disable an endpoint. */
export const AUTO_DISABLE_AFTER = 5;
/** Messages the built-in catcher keeps. */
const CATCHER_KEEP = 1000;
/** The catcher's rule until a tester sets one (and for endpoints stored before rules existed). */
const ANSWER_OK: CatcherRule = { kind: 'ok' };
/** Deliveries whose endpoint exists and is enabled: a disabled endpoint's are held, not due. */
const SENDABLE =
  "d.status = 'pending' AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND json_extract(e.body, '$.disabled') = 0)";

/** Webhook endpoints, the persisted outbox and its attempt log, resend, trigger and the catcher (docs/webhooks.md). */
export class WebhookService {
  readonly endpoints: DocumentTable<WebhookEndpoint>;
  private readonly endpointById;
  /** Where the built-in catcher listens; set by the host once the API port is bound. */
  apiUrl = 'http://127.0.0.1:7071';
  /** Told when deliveries are due now (the worker). */
  onDue: () => void = () => {};
  /** How long the worker waits for an answer; the catcher's `timeout` rule holds longer (the worker sets it). */
  deliveryTimeoutMs = 10_000;
  /** The install's PS256 signing keys (the `published` profile). */
  readonly keys: SigningKeyStore;
  /** Outbound HTTP: the worker sets the one deliveries use, so a receiver check goes out the same way. */
  outbound: Fetch = (url, init) => (globalThis.fetch as unknown as Fetch)(url, init);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly events: EventService,
    /** Each account's wire profile: it picks the signature scheme and event names when a message is sent. */
    private readonly settings: Pick<SettingsService, 'wireProfile'>,
    /** The service clock's now, epoch ms: it schedules the outbox and dates signatures. */
    readonly now: () => number = Date.now,
  ) {
    this.keys = new SigningKeyStore(db, clock);
    this.endpoints = new DocumentTable<WebhookEndpoint>(db, 'webhook_endpoints', [], () => ({}));
    this.endpointById = db.prepare('SELECT body FROM webhook_endpoints WHERE id = ?');
    events.onEvent((scope, e) => this.enqueue(scope, e));
  }

  private catcherUrl(id: string) {
    return `${this.apiUrl}/catcher/${id}`;
  }

  /** Catcher endpoints follow the API wherever it is bound now (ports may change between runs). */
  present(e: WebhookEndpoint): WebhookEndpoint {
    // Endpoints stored before catcher rules existed carry none: they answer normally.
    return e.catcher
      ? { ...e, url: this.catcherUrl(e.id), catcher_rule: (e.catcher_rule as CatcherRule | undefined) ?? ANSWER_OK }
      : { ...e, catcher_rule: null };
  }

  create(scope: Scope, input: z.output<typeof WebhookEndpointCreate>): WebhookEndpoint {
    if (!input.url && !input.catcher) throw invalid('url_missing', 'url: give a URL, or catcher: true.');
    const id = this.ids('whe');
    const e: WebhookEndpoint = {
      id,
      object: 'webhook_endpoint',
      live_mode: scope.liveMode,
      url: input.catcher ? this.catcherUrl(id) : input.url!,
      enabled_events: input.enabled_events,
      description: input.description,
      disabled: input.disabled,
      disabled_reason: null,
      retry_schedule: input.retry_schedule,
      secret: input.secret ?? newSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      faults: {
        wrong_signature: false,
        stale_timestamp: false,
        duplicate: false,
        out_of_order: false,
        ...Object.fromEntries(Object.entries(input.faults ?? {}).filter(([, v]) => v !== undefined)),
      },
      catcher: !!input.catcher,
      catcher_rule: input.catcher ? ANSWER_OK : null,
      time_created: isoSeconds(this.clock.now()),
    };
    return this.endpoints.insert(scope, e);
  }

  get(scope: Scope, id: string): WebhookEndpoint {
    return this.present(this.stored(scope, id));
  }

  /** The endpoint as stored: writes start from this, so the catcher's current address is never saved. */
  private stored(scope: Scope, id: string): WebhookEndpoint {
    const e = this.endpoints.get(scope, id);
    if (!e) throw notFound('webhook_endpoint', id);
    return e;
  }

  /** An endpoint by id whatever its scope (the worker and the catcher act for the service itself). */
  byId(id: string): WebhookEndpoint | undefined {
    const e = this.storedById(id);
    return e ? this.present(e) : undefined;
  }

  private storedById(id: string): WebhookEndpoint | undefined {
    const row = this.endpointById.get(id) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as WebhookEndpoint) : undefined;
  }

  list(
    scope: Scope,
    page: { limit?: number | undefined; starting_after?: string | undefined; ending_before?: string | undefined },
  ) {
    const r = this.endpoints.list(scope, {}, page);
    return { ...r, data: r.data.map((e) => this.present(e)) };
  }

  update(scope: Scope, id: string, patch: z.output<typeof WebhookEndpointUpdate>): WebhookEndpoint {
    const cur = this.stored(scope, id);
    const next: WebhookEndpoint = {
      ...cur,
      ...(patch.url !== undefined && !cur.catcher ? { url: patch.url } : {}),
      ...(patch.enabled_events ? { enabled_events: patch.enabled_events } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.retry_schedule ? { retry_schedule: patch.retry_schedule } : {}),
      ...(patch.disabled !== undefined
        ? { disabled: patch.disabled, disabled_reason: patch.disabled ? 'disabled by you' : null }
        : {}),
      faults: {
        ...cur.faults,
        ...Object.fromEntries(Object.entries(patch.faults ?? {}).filter(([, v]) => v !== undefined)),
      },
    };
    this.endpoints.replace(scope, next);
    if (cur.disabled && !next.disabled) this.onDue();
    return this.present(next);
  }

  /** How the catcher answers this endpoint from now on; only catcher endpoints have a rule. */
  setCatcherRule(scope: Scope, id: string, rule: CatcherRule): WebhookEndpoint {
    const cur = this.stored(scope, id);
    if (!cur.catcher)
      throw unprocessable(
        'webhook_endpoint_not_catcher',
        `Endpoint '${id}' delivers to ${cur.url}, not to the built-in catcher: only the catcher answers by a rule.`,
      );
    const next: WebhookEndpoint = { ...cur, catcher_rule: rule };
    this.endpoints.replace(scope, next);
    return this.present(next);
  }

  /** The account and mode an endpoint belongs to: the catcher takes no bearer, yet the account's fault rules apply to it. */
  scopeOfEndpoint(id: string): Scope | null {
    const row = this.db.prepare('SELECT account_id, live_mode FROM webhook_endpoints WHERE id = ?').get(id) as
      { account_id: string; live_mode: number } | undefined;
    return row ? { accountId: row.account_id, liveMode: row.live_mode === 1 } : null;
  }

  delete(scope: Scope, id: string): WebhookEndpoint {
    const e = this.get(scope, id);
    this.db.transaction(() => {
      this.endpoints.delete(scope, id);
      this.db
        .prepare(
          "UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE endpoint_id = ? AND status = 'pending'",
        )
        .run(id);
    })();
    return e;
  }

  /** A new secret; the previous one keeps signing for a day so receivers can switch over. */
  rotateSecret(scope: Scope, id: string): WebhookEndpoint {
    const cur = this.stored(scope, id);
    const next: WebhookEndpoint = {
      ...cur,
      secret: newSecret(),
      previous_secret: cur.secret,
      previous_secret_expires_at: isoSeconds(this.clock.now().getTime() + ROTATION_GRACE_MS),
    };
    this.endpoints.replace(scope, next);
    return this.present(next);
  }

  /** Secrets that sign now: the current one, and the previous one during its grace period. */
  signingSecrets(e: WebhookEndpoint): string[] {
    const prev =
      e.previous_secret &&
      e.previous_secret_expires_at &&
      Date.parse(e.previous_secret_expires_at) > this.clock.now().getTime()
        ? [e.previous_secret]
        : [];
    return [e.secret, ...prev];
  }

  /** The wire profile of an account, which decides how its messages are signed and named when sent. */
  wireProfile(accountId: string): WireProfile {
    return this.settings.wireProfile(accountId);
  }

  /**
   * Whether an endpoint wants an event of canonical type `type`. Under `published` its filter
   * names events by their production names (the canonical names are accepted too); under
   * `spec`, by the canonical names only.
   */
  private matches(e: WebhookEndpoint, type: string, profile: WireProfile) {
    if (e.disabled) return false;
    if (e.enabled_events.includes('*')) return true;
    return profile === 'spec'
      ? e.enabled_events.includes(type)
      : e.enabled_events.some((name) => canonicalEventType(name) === type);
  }

  /** Called inside the transaction that records the event: the outbox row exists exactly when the event does. */
  private enqueue(scope: Scope, event: EventRecord): void {
    const profile = this.wireProfile(scope.accountId);
    for (const e of this.endpoints.all(scope))
      if (this.matches(e, event.type, profile)) this.addDelivery(scope, e, event.id);
    setImmediate(() => this.onDue());
  }

  private addDelivery(scope: Scope, e: WebhookEndpoint, eventId: string): string {
    const id = this.ids('dlv');
    const now = isoSeconds(this.clock.now());
    // Out-of-order fault: hold messages briefly, all until one moment, so several go out newest first.
    let due = this.now();
    if (e.faults.out_of_order) {
      const held = this.db
        .prepare(
          "SELECT MAX(next_attempt_at) AS t FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'pending' AND attempts = 0",
        )
        .get(e.id) as { t: number | null };
      due = held.t !== null && held.t > due ? held.t : due + 1500;
    }
    this.db
      .prepare(
        "INSERT INTO webhook_deliveries (id, account_id, live_mode, endpoint_id, event_id, status, attempts, next_attempt_at, time_created, time_updated) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)",
      )
      .run(id, scope.accountId, scope.liveMode ? 1 : 0, e.id, eventId, due, now, now);
    return id;
  }

  /** Sends any stored event to any endpoint of the same account and mode again. */
  resend(scope: Scope, eventId: string, endpointId: string) {
    this.events.get(scope, eventId);
    const e = this.get(scope, endpointId);
    const id = this.addDelivery(scope, e, eventId);
    setImmediate(() => this.onDue());
    return this.delivery(scope, id);
  }

  /**
   * Makes a pending or failed delivery due now: one more attempt at once, whatever its backoff
   * said. A failed delivery is reopened; if its retries are spent, that attempt is its last.
   */
  retryNow(scope: Scope, id: string) {
    const d = this.delivery(scope, id);
    if (d.check)
      throw unprocessable(
        Codes.webhookDeliveryCheck,
        `Delivery '${id}' was a receiver check's message, not an event's: run the check again (POST /webhooks/${d.endpoint_id}/check).`,
      );
    if (d.status === 'delivered')
      throw unprocessable('webhook_delivery_delivered', `Delivery '${id}' was delivered; resend its event instead.`);
    const e = this.storedById(d.endpoint_id);
    if (!e)
      throw unprocessable('webhook_endpoint_deleted', `Delivery '${id}' was for an endpoint that has been deleted.`);
    if (e.disabled)
      throw unprocessable(
        'webhook_endpoint_disabled',
        `Endpoint '${e.id}' is disabled (${e.disabled_reason ?? 'by you'}): enable it to retry its deliveries.`,
      );
    this.db
      .prepare("UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, time_updated = ? WHERE id = ?")
      .run(this.now(), isoSeconds(this.clock.now()), id);
    setImmediate(() => this.onDue());
    return this.delivery(scope, id);
  }

  /** Records an event of any type with a sample payload and the caller's overrides, validated against its schema. */
  trigger(
    scope: Scope,
    type: EventType,
    overrides: Record<string, unknown> = {},
    subjects?: SampleSubjects,
  ): EventRecord {
    const data = deepMerge(samplePayload(type, scope, this.clock.now(), this.ids, subjects), overrides);
    // Strict all the way down: an override the payload does not know is refused, not dropped.
    const schema = strictDeep(EVENT_TYPES[type].data as z.ZodType);
    const parsed = schema.safeParse(data, { reportInput: true });
    if (!parsed.success) throw fromZod(parsed.error, 'body', schema);
    const d = data as { id?: string; tariff_id?: string };
    // The event is about its data's own id; a lifecycle event's data has none but names its tariff.
    const objectId = d.id ?? d.tariff_id ?? 'none';
    return this.db.transaction(() => this.events.record(scope, type, objectId, data as Record<string, unknown>))();
  }

  // ---- deliveries ----

  due(limit: number): DeliveryRow[] {
    return this.db
      .prepare(
        `SELECT d.* FROM webhook_deliveries d WHERE ${SENDABLE} AND d.next_attempt_at <= ? ORDER BY d.seq LIMIT ?`,
      )
      .all(this.now(), limit) as DeliveryRow[];
  }

  /** When the next sendable delivery falls due; a disabled endpoint's held ones would wake the worker for nothing. */
  nextDueAt(): number | undefined {
    const r = this.db
      .prepare(`SELECT MIN(d.next_attempt_at) AS t FROM webhook_deliveries d WHERE ${SENDABLE}`)
      .get() as {
      t: number | null;
    };
    return r.t ?? undefined;
  }

  /** The message body: the event envelope, its `type` named as the profile names it on the wire. */
  eventBody(row: DeliveryRow, profile: WireProfile = 'spec'): string | undefined {
    const r = this.db.prepare('SELECT body FROM events WHERE id = ?').get(row.event_id) as { body: string } | undefined;
    if (!r) return undefined;
    const { object_id: _o, ...e } = JSON.parse(r.body) as EventRecord & { object_id: string };
    return JSON.stringify(profile === 'spec' ? e : { ...e, type: wireEventName(profile, e.type) });
  }

  /** Records one attempt and the delivery's new state, in one transaction. */
  recordAttempt(
    row: DeliveryRow,
    attempt: Attempt,
    next: { status: DeliveryRow['status']; next_attempt_at: number | null; disable?: string },
  ): void {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO webhook_attempts (delivery_id, body) VALUES (?, ?)')
        .run(row.id, JSON.stringify(attempt));
      this.db
        .prepare(
          'UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, time_updated = ? WHERE id = ?',
        )
        .run(next.status, next.next_attempt_at, isoSeconds(this.clock.now()), row.id);
      const reason =
        next.disable ??
        (next.status === 'failed' && this.failureStreak(row.endpoint_id) >= AUTO_DISABLE_AFTER
          ? `${AUTO_DISABLE_AFTER} deliveries in a row failed`
          : undefined);
      if (reason) this.disable(row.endpoint_id, reason);
    })();
  }

  /** Extra attempts (fault injection: duplicates) are logged without changing the delivery. */
  logExtraAttempt(row: DeliveryRow, attempt: Attempt): void {
    this.db
      .prepare('INSERT INTO webhook_attempts (delivery_id, body) VALUES (?, ?)')
      .run(row.id, JSON.stringify(attempt));
  }

  private failureStreak(endpointId: string): number {
    const rows = this.db
      .prepare(
        // A receiver check's messages never count: the check wants some of them refused.
        "SELECT status FROM webhook_deliveries d WHERE endpoint_id = ? AND status IN ('delivered', 'failed') AND NOT EXISTS (SELECT 1 FROM webhook_check_marks m WHERE m.delivery_id = d.id) ORDER BY time_updated DESC, seq DESC LIMIT ?",
      )
      .all(endpointId, AUTO_DISABLE_AFTER) as { status: string }[];
    let n = 0;
    for (const r of rows) {
      if (r.status !== 'failed') break;
      n++;
    }
    return n;
  }

  private disable(endpointId: string, reason: string): void {
    const e = this.storedById(endpointId);
    if (!e) return;
    this.db
      .prepare('UPDATE webhook_endpoints SET body = ? WHERE id = ?')
      .run(JSON.stringify({ ...e, disabled: true, disabled_reason: reason }), endpointId);
  }

  attempts(deliveryId: string): Attempt[] {
    return (
      this.db.prepare('SELECT body FROM webhook_attempts WHERE delivery_id = ? ORDER BY seq').all(deliveryId) as {
        body: string;
      }[]
    ).map((r) => ({
      // Attempts logged before PS256 existed were all Standard Webhooks.
      scheme: 'standard-webhooks',
      explanation: 'Standard Webhooks (logged before attempts recorded their scheme).',
      ...(JSON.parse(r.body) as Partial<Attempt>),
    })) as Attempt[];
  }

  /** The mark of a receiver check's message (with the type it sent), or undefined for an event's delivery. */
  private checkMark(deliveryId: string): (CheckMark & { event_type: string }) | undefined {
    const r = this.db.prepare('SELECT body FROM webhook_check_marks WHERE delivery_id = ?').get(deliveryId) as
      { body: string } | undefined;
    return r ? (JSON.parse(r.body) as CheckMark & { event_type: string }) : undefined;
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

  /**
   * Logs one message of a receiver check as a delivery of its endpoint, marked as the check's:
   * settled at once (never pending, so never retried), and left out of the failure streak.
   */
  recordCheckMessage(
    scope: Scope,
    endpointId: string,
    eventId: string,
    mark: CheckMark & { event_type: string },
    attempt: Attempt,
  ): void {
    const id = this.ids('dlv');
    const now = isoSeconds(this.clock.now());
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO webhook_deliveries (id, account_id, live_mode, endpoint_id, event_id, status, attempts, next_attempt_at, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, 1, NULL, ?, ?)',
        )
        .run(id, scope.accountId, scope.liveMode ? 1 : 0, endpointId, eventId, ok ? 'delivered' : 'failed', now, now);
      this.db
        .prepare('INSERT INTO webhook_check_marks (delivery_id, body) VALUES (?, ?)')
        .run(id, JSON.stringify(mark));
      this.db
        .prepare('INSERT INTO webhook_attempts (delivery_id, body) VALUES (?, ?)')
        .run(id, JSON.stringify(attempt));
    })();
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

  // ---- the built-in catcher ----

  /**
   * Records what the catcher received, which signature scheme it carries, and whether that
   * verifies: Standard Webhooks with the endpoint's secrets, PS256 with this service's
   * published keys by kid. The explanation says what passed and what failed.
   */
  catch(endpointId: string, headers: Record<string, string | string[] | undefined>, body: string): CaughtMessage {
    const e = this.byId(endpointId);
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
    const scheme = schemeOfHeaders(flat);
    let check: Verification;
    if (!e)
      check = {
        valid: false,
        error: 'unknown endpoint',
        explanation: `No endpoint ${endpointId}: nothing to check against.`,
      };
    else if (scheme === 'ps256') check = verifyPs256(flat, body, (kid) => this.keys.publishedKey(kid), this.now());
    else if (scheme === 'standard-webhooks')
      check = verifyStandard(
        flat,
        body,
        this.signingSecrets(e).map((secret, i) => ({
          secret,
          label: i === 0 ? 'current secret' : 'previous secret (in its 24 h grace)',
        })),
        this.now(),
      );
    else
      check = {
        valid: false,
        // The library's words for this case, as the catcher has always recorded them.
        error: 'Missing required headers',
        explanation:
          'Neither webhook-signature (Standard Webhooks, spec profile) nor Flatpeak-Signature (PS256, published profile) is present.',
      };
    const msg: CaughtMessage = {
      id: this.ids('msg'),
      rule: e?.catcher_rule ?? null,
      endpoint_id: endpointId,
      received_at: isoSeconds(this.clock.now()),
      headers: flat,
      body,
      signature_valid: check.valid,
      signature_error: check.error,
      scheme,
      explanation: check.explanation,
    };
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO catcher_messages (endpoint_id, body) VALUES (?, ?)')
        .run(endpointId, JSON.stringify(msg));
      // The catcher keeps the latest messages only.
      this.db
        .prepare('DELETE FROM catcher_messages WHERE seq <= (SELECT MAX(seq) FROM catcher_messages) - ?')
        .run(CATCHER_KEEP);
    })();
    return msg;
  }

  caught(scope: Scope, endpointId: string | undefined, limit = 50) {
    const mine = new Set(this.endpoints.all(scope).map((e) => e.id));
    const rows = this.db.prepare('SELECT body FROM catcher_messages ORDER BY seq DESC LIMIT 500').all() as {
      body: string;
    }[];
    return rows
      .map((r) =>
        caughtOf(JSON.parse(r.body) as Omit<CaughtMessage, 'scheme' | 'explanation' | 'rule'> & Partial<CaughtMessage>),
      )
      .filter((m) => mine.has(m.endpoint_id) && (!endpointId || m.endpoint_id === endpointId))
      .slice(0, limit);
  }
}

/** A stored caught message; those caught before the catcher knew two schemes were all checked as Standard Webhooks. */
function caughtOf(m: Omit<CaughtMessage, 'scheme' | 'explanation' | 'rule'> & Partial<CaughtMessage>): CaughtMessage {
  return {
    ...m,
    rule: m.rule ?? null,
    scheme: m.scheme !== undefined ? m.scheme : schemeOfHeaders(m.headers),
    explanation:
      m.explanation ??
      (m.signature_valid
        ? 'Standard Webhooks (webhook-signature): verified.'
        : `Standard Webhooks (webhook-signature): FAILED: ${m.signature_error ?? 'unknown reason'}.`),
  };
}

/** The scheme an account's messages are signed with now. */
export const schemeOf = (profile: WireProfile) => PROFILES[profile].signature;

function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (
    base &&
    over &&
    typeof base === 'object' &&
    typeof over === 'object' &&
    !Array.isArray(base) &&
    !Array.isArray(over)
  ) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = deepMerge(out[k], v);
    return out;
  }
  return over;
}
