import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { DocumentTable, type Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import { isoSeconds } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { invalid, notFound, unprocessable } from '../../engine/errors.js';
import type {
  CatcherRule,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '../../engine/webhooks/schemas.js';
import { newSecret } from './signing.js';

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_GRACE_MS = 24 * 3600 * 1000;
/** The catcher's rule until a tester sets one (and for endpoints stored before rules existed). */
const ANSWER_OK: CatcherRule = { kind: 'ok' };

/**
 * The name an endpoint gets when it is created without one, and that endpoints stored before names
 * existed are given (migration 16 writes the same): its description, "Catcher", or the URL's host.
 */
export function endpointName(e: Pick<WebhookEndpoint, 'catcher' | 'description' | 'url'>): string {
  const d = e.description.trim();
  if (d) return d.slice(0, 100);
  if (e.catcher) return 'Catcher';
  try {
    return new URL(e.url).host || e.url;
  } catch {
    return e.url || 'Endpoint';
  }
}

/** Webhook endpoints: their URL or catcher, secrets and rotation, faults, catcher rule, and disabling. */
export class EndpointStore {
  readonly table: DocumentTable<WebhookEndpoint>;
  private readonly endpointById;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    /** Where the built-in catcher listens now. */
    private readonly apiUrl: () => string,
    /** Told when an endpoint is enabled again: its held deliveries are due. */
    private readonly resumed: () => void,
  ) {
    this.table = new DocumentTable<WebhookEndpoint>(db, 'webhook_endpoints', [], () => ({}));
    this.endpointById = db.prepare('SELECT body FROM webhook_endpoints WHERE id = ?');
  }

  private catcherUrl(id: string) {
    return `${this.apiUrl()}/catcher/${id}`;
  }

  /** Catcher endpoints follow the API wherever it is bound now (ports may change between runs). */
  present(e: WebhookEndpoint): WebhookEndpoint {
    // Endpoints stored before catcher rules existed carry none: they answer normally.
    return e.catcher
      ? {
          ...e,
          name: (e.name as string | undefined) ?? endpointName(e),
          url: this.catcherUrl(e.id),
          catcher_rule: (e.catcher_rule as CatcherRule | undefined) ?? ANSWER_OK,
        }
      : { ...e, catcher_rule: null, name: (e.name as string | undefined) ?? endpointName(e) };
  }

  create(scope: Scope, input: z.output<typeof WebhookEndpointCreate>): WebhookEndpoint {
    if (!input.url && !input.catcher) throw invalid('url_missing', 'url: give a URL, or catcher: true.');
    const id = this.ids('whe');
    const e: WebhookEndpoint = {
      id,
      object: 'webhook_endpoint',
      live_mode: scope.liveMode,
      url: input.catcher ? this.catcherUrl(id) : input.url!,
      name:
        input.name ?? endpointName({ catcher: !!input.catcher, description: input.description, url: input.url ?? '' }),
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
    return this.table.insert(scope, e);
  }

  get(scope: Scope, id: string): WebhookEndpoint {
    return this.present(this.stored(scope, id));
  }

  /** The endpoint as stored: writes start from this, so the catcher's current address is never saved. */
  private stored(scope: Scope, id: string): WebhookEndpoint {
    const e = this.table.get(scope, id);
    if (!e) throw notFound('webhook_endpoint', id);
    return e;
  }

  /** An endpoint by id whatever its scope (the worker and the catcher act for the service itself). */
  byId(id: string): WebhookEndpoint | undefined {
    const e = this.storedById(id);
    return e ? this.present(e) : undefined;
  }

  /** As stored, whatever its scope. */
  storedById(id: string): WebhookEndpoint | undefined {
    const row = this.endpointById.get(id) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as WebhookEndpoint) : undefined;
  }

  list(
    scope: Scope,
    page: { limit?: number | undefined; starting_after?: string | undefined; ending_before?: string | undefined },
  ) {
    const r = this.table.list(scope, {}, page);
    return { ...r, data: r.data.map((e) => this.present(e)) };
  }

  update(scope: Scope, id: string, patch: z.output<typeof WebhookEndpointUpdate>): WebhookEndpoint {
    const cur = this.stored(scope, id);
    const next: WebhookEndpoint = {
      ...cur,
      ...(patch.url !== undefined && !cur.catcher ? { url: patch.url } : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
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
    this.table.replace(scope, next);
    if (cur.disabled && !next.disabled) this.resumed();
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
    this.table.replace(scope, next);
    return this.present(next);
  }

  /** The account and mode an endpoint belongs to: the catcher takes no bearer, yet the account's fault rules apply to it. */
  scopeOfEndpoint(id: string): Scope | null {
    const row = this.db.prepare('SELECT account_id, live_mode FROM webhook_endpoints WHERE id = ?').get(id) as
      { account_id: string; live_mode: number } | undefined;
    return row ? { accountId: row.account_id, liveMode: row.live_mode === 1 } : null;
  }

  /** Deletes the endpoint; its pending deliveries fail, as nothing will send them. */
  delete(scope: Scope, id: string): WebhookEndpoint {
    const e = this.get(scope, id);
    this.db.transaction(() => {
      this.table.delete(scope, id);
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
    this.table.replace(scope, next);
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

  /** Disables an endpoint on the service's own account (a 410, or too many failures in a row). */
  disable(endpointId: string, reason: string): void {
    const e = this.storedById(endpointId);
    if (!e) return;
    this.db
      .prepare('UPDATE webhook_endpoints SET body = ? WHERE id = ?')
      .run(JSON.stringify({ ...e, disabled: true, disabled_reason: reason }), endpointId);
  }
}
