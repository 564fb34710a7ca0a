import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { DocumentTable, Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { EventRecord, EventService } from '../services/events.js';
import type { SettingsService } from '../services/settings.js';
import type { WireProfile } from '../../engine/wire-profile.js';
import type { Generation } from '../../engine/versions.js';
import type { CaughtMessage } from '../../engine/api/routes/webhooks.js';
import type {
  Attempt,
  CatcherRule,
  EventType,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '../../engine/webhooks/schemas.js';
import { SigningKeyStore } from './keys.js';
import { EndpointStore } from './endpoints.js';
import { DeliveryLog, type StoredCheckMark } from './delivery-log.js';
import { Outbox } from './outbox.js';
import { Catcher } from './catcher.js';
import { triggerEvent } from './trigger.js';
import type { SampleSubjects } from './samples.js';
import type { DeliveryRow, Fetch } from './types.js';

/**
 * The webhook service as the API, the worker and the receiver check see it (docs/webhooks.md):
 * endpoints, the persisted outbox and its attempt log, resend, trigger and the catcher, each a
 * room of its own, brought together here.
 */
export class WebhookService {
  /** The endpoints as stored (workspaces export and import them as they are). */
  readonly endpoints: DocumentTable<WebhookEndpoint>;
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
  private readonly store: EndpointStore;
  private readonly log: DeliveryLog;
  private readonly outbox: Outbox;
  private readonly catcher: Catcher;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly events: EventService,
    /** Each account's wire profile: it picks the signature scheme and event names when a message is sent. */
    private readonly settings: Pick<SettingsService, 'wireProfile' | 'apiGeneration'>,
    /** The service clock's now, epoch ms: it schedules the outbox. */
    readonly now: () => number = Date.now,
    /**
     * Real time, epoch ms: signatures are dated by it (a receiver judges their age by its own
     * clock), however far the service clock has been moved.
     */
    readonly realNow: () => number = Date.now,
  ) {
    this.keys = new SigningKeyStore(db, clock);
    this.store = new EndpointStore(
      db,
      clock,
      ids,
      () => this.apiUrl,
      () => this.onDue(),
    );
    this.endpoints = this.store.table;
    this.log = new DeliveryLog(db);
    this.outbox = new Outbox({
      db,
      clock,
      ids,
      now,
      events,
      endpoints: this.store,
      log: this.log,
      wireProfile: (a) => this.wireProfile(a),
      apiGeneration: (a) => this.apiGeneration(a),
      due: () => this.onDue(),
    });
    this.catcher = new Catcher({ db, clock, ids, realNow, endpoints: this.store, keys: this.keys });
  }

  // ---- endpoints ----

  present = (e: WebhookEndpoint) => this.store.present(e);
  create = (scope: Scope, input: z.output<typeof WebhookEndpointCreate>) => this.store.create(scope, input);
  get = (scope: Scope, id: string) => this.store.get(scope, id);
  byId = (id: string) => this.store.byId(id);
  list: EndpointStore['list'] = (scope, page) => this.store.list(scope, page);
  update = (scope: Scope, id: string, patch: z.output<typeof WebhookEndpointUpdate>) =>
    this.store.update(scope, id, patch);
  setCatcherRule = (scope: Scope, id: string, rule: CatcherRule) => this.store.setCatcherRule(scope, id, rule);
  scopeOfEndpoint = (id: string) => this.store.scopeOfEndpoint(id);
  delete = (scope: Scope, id: string) => this.store.delete(scope, id);
  rotateSecret = (scope: Scope, id: string) => this.store.rotateSecret(scope, id);
  signingSecrets = (e: WebhookEndpoint) => this.store.signingSecrets(e);

  /** The wire profile of an account, which decides how its messages are signed and named when sent. */
  wireProfile(accountId: string): WireProfile {
    return this.settings.wireProfile(accountId);
  }

  /** The API generation an account's events are written in: its default version, read when each message is sent. */
  apiGeneration(accountId: string): Generation {
    return this.settings.apiGeneration(accountId);
  }

  // ---- the outbox ----

  resend: Outbox['resend'] = (scope, eventId, endpointId) => this.outbox.resend(scope, eventId, endpointId);
  retryNow: Outbox['retryNow'] = (scope, id) => this.outbox.retryNow(scope, id);
  due = (limit: number): DeliveryRow[] => this.outbox.due(limit);
  nextDueAt = () => this.outbox.nextDueAt();
  eventBody = (row: DeliveryRow, profile?: WireProfile, generation?: Generation) =>
    this.outbox.eventBody(row, profile, generation);
  recordAttempt: Outbox['recordAttempt'] = (row, attempt, next) => this.outbox.recordAttempt(row, attempt, next);
  logExtraAttempt = (row: DeliveryRow, attempt: Attempt) => this.outbox.logExtraAttempt(row, attempt);
  recordCheckMessage = (scope: Scope, endpointId: string, eventId: string, mark: StoredCheckMark, attempt: Attempt) =>
    this.outbox.recordCheckMessage(scope, endpointId, eventId, mark, attempt);

  /** Records an event of any type with a sample payload and the caller's overrides, validated against its schema. */
  trigger(scope: Scope, type: EventType, overrides?: Record<string, unknown>, subjects?: SampleSubjects): EventRecord {
    const { db, clock, ids, events } = this;
    return triggerEvent({ db, clock, ids, events }, scope, type, overrides, subjects);
  }

  // ---- the delivery log ----

  attempts = (deliveryId: string) => this.log.attempts(deliveryId);
  delivery: DeliveryLog['delivery'] = (scope, id) => this.log.delivery(scope, id);
  deliveries: DeliveryLog['deliveries'] = (scope, filter) => this.log.deliveries(scope, filter);

  // ---- the built-in catcher ----

  catch = (endpointId: string, headers: Record<string, string | string[] | undefined>, body: string): CaughtMessage =>
    this.catcher.catch(endpointId, headers, body);
  caught = (scope: Scope, endpointId: string | undefined, limit?: number) =>
    this.catcher.caught(scope, endpointId, limit);
}
