import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Duration } from 'luxon';
import { z } from 'zod';
import { startHost, type RunningHost } from './host.js';
import { dataDirFromWorkspace } from './cli/workspace.js';
import { seedDemoIfNew } from '../node/demo/seed.js';
import { createApiClient, createZeroClient, type ApiClient, type ZeroClient } from '../engine/api/client.js';
import { VERSION_SPELLINGS, generationOf } from '../engine/versions.js';
import type { CallInput, ResponseOf } from '../engine/api/contract.js';
import type { Api, OperationId } from '../engine/api/index.js';
import type { ReadyInfo } from '../engine/api/bootstrap.js';
import type { TariffDeskEvent } from './kit/types.js';
import { EventJournal } from './kit/event-journal.js';
import { EVENT_TYPES, type EventType } from '../engine/webhooks/schemas.js';
import { canonicalEventType } from '../engine/wire-profile.js';
import { api } from '../engine/api/index.js';
import { CLIENT_HEADER, type OwnClient } from '../engine/schemas/traffic.js';

export type { TariffDeskEvent };
/** The body of `POST /connect/token`; `callback_url` is filled in when absent. */
export type ConnectTokenBody = Partial<NonNullable<CallInput<Api['connect_token.create']>['body']>>;
/** The service clock as `GET /clock` answers it. */
export type ClockState = ResponseOf<Api['clock.retrieve']>;
/** The connect token object, as `GET /connect/token` shows it. */
export type ConnectTokenObject = ResponseOf<Api['connect_token.retrieve']>;
/** A receiver check's answer (`POST /webhooks/{id}/check`): each message sent, the answer it wanted and the one it got. */
export type WebhookCheck = ResponseOf<Api['webhooks.check']>;
/** How `completeConnect` ends a session: the test helper's body without the token. */
export type CompleteConnectBody = Omit<
  NonNullable<CallInput<Api['testHelpers.connect.complete']>['body']>,
  'connect_token'
>;

export interface TariffDeskOptions {
  /** Seed the demo world (four locations with tariffs, a catcher webhook endpoint) on a new data folder. Default false. */
  demo?: boolean;
  /** Start from this workspace folder (or bundle file), in a new temporary data folder. */
  workspace?: string;
  /** Keep the database in this folder (kept on stop). Default: a new temporary folder, removed on stop. */
  dataDir?: string;
  /** Start the service clock at this instant (it runs on from there); default real time. */
  clock?: string | Date;
  /** Also serve the admin app in a browser (`appUrl`). Default false. */
  app?: boolean;
  /** Interface to bind (default 127.0.0.1). Every port is picked by the system. */
  host?: string;
  /**
   * The API version requests are answered in when they name none: `'2025-09-14.anode'` (Anode, the
   * default) or `'2024-08-24'` (Zero; `'2024-08-24.zero'` too). `client` and `zero` name their own.
   */
  apiVersion?: string;
  /** Worker threads for heavy requests (bills, costs, imports): default the machine's cores less one, at least 1; 0 turns the pool off. */
  workers?: number;
}

export interface CheckReceiverOptions {
  /**
   * For a bare URL: the Standard Webhooks secret (`whsec_…`) the receiver verifies with, given to
   * the temporary endpoint. Needed under the `spec` profile; under `published` the install's key
   * in /jwks.json signs, and no secret is needed.
   */
  secret?: string;
}

export interface WaitForEventOptions {
  /** Milliseconds before the wait fails (default 10 000). */
  timeout?: number;
  /** Only an event this accepts resolves the wait. */
  match?: (event: TariffDeskEvent) => boolean;
}

export interface TariffDeskClock {
  /** The service clock now. */
  get(): Promise<ClockState>;
  /** Run from `instant` on (real time plus a fixed offset); firing what falls due when moving forward. */
  set(instant: string | Date): Promise<ClockState>;
  /** Move forward by an ISO 8601 duration (`PT90M`, `P1D`) or by seconds, firing what falls due in order. */
  advance(duration: string | number): Promise<ClockState>;
  /** Stand still at `instant` (default: the clock's now). */
  freeze(instant?: string | Date): Promise<ClockState>;
  /** Back to real time. */
  real(): Promise<ClockState>;
}

export interface TariffDesk {
  /** The ready information, as `tariff-desk serve --json` prints it. */
  info: ReadyInfo;
  apiUrl: string;
  connectServiceUrl: string;
  connectWebUrl: string;
  /** The admin app, when started with `app: true`. */
  appUrl: string | undefined;
  accountId: string;
  testKey: string;
  liveKey: string;
  dataDir: string;
  /** The API version requests that name none are answered in (the `apiVersion` option's generation). */
  apiVersion: string;
  /** The typed client of Anode (`2025-09-14.anode`), logged in with the test key; it names its version on every request. */
  client: ApiClient;
  /** The typed client of Zero (`2024-08-24`), logged in with the test key; it names its version on every request. */
  zero: ZeroClient;
  /** Creates a connect token (test mode) and answers the token string. */
  connectToken(body?: ConnectTokenBody): Promise<string>;
  /** Ends the token's session as a customer would (the test helper route); answers the token object. */
  completeConnect(token: string, how: CompleteConnectBody): Promise<ConnectTokenObject>;
  /**
   * Checks a webhook receiver: sends it a correctly signed event, forgeries, replays, a duplicate
   * and an unknown type, and answers which answers were the safe ones (`passed` when all were).
   * `target` is an endpoint id (`whe_…`), or a URL, for which a temporary endpoint is registered
   * (with `options.secret`) and removed afterwards.
   */
  checkReceiver(target: string, options?: CheckReceiverOptions): Promise<WebhookCheck>;
  /**
   * The first event of `type` recorded since the start (or the last reset) that no earlier wait
   * returned and `match` accepts; read from the events journal, so an event recorded before the
   * wait began is found too.
   */
  waitForEvent(type: EventType | (string & {}), opts?: WaitForEventOptions): Promise<TariffDeskEvent>;
  clock: TariffDeskClock;
  /** Back to the start state (the demo, the workspace or the empty world, and the start clock) without restarting. */
  reset(): Promise<void>;
  /** Closes every port and removes a temporary data folder. */
  stop(): Promise<void>;
}

/** How often the journal is read while a wait is open (an event of this process also wakes it at once). */
const POLL_MS = 100;
/** Idle keep-alive of the in-process service, longer than any pause of a shared event loop. */
const KIT_KEEP_ALIVE_MS = 72_000;

const iso = (t: string | Date) => (typeof t === 'string' ? t : t.toISOString());

/**
 * Seconds of an ISO 8601 duration (`P1D`, `PT15M`) or a number of seconds. A bad argument is the
 * caller's mistake, refused before any request: a `TypeError` (docs/testing.md).
 */
export function durationSeconds(d: string | number): number {
  if (typeof d === 'number') {
    if (!Number.isFinite(d)) throw new TypeError(`clock.advance: ${d} is not a number of seconds`);
    return Math.round(d);
  }
  const parsed = typeof d === 'string' ? Duration.fromISO(d) : undefined;
  if (!parsed?.isValid)
    throw new TypeError(`clock.advance: ${JSON.stringify(d)} is not an ISO 8601 duration (e.g. PT90M, P1D)`);
  return Math.round(parsed.as('seconds'));
}

/** The options `startTariffDesk` knows; JavaScript callers get no compile error for a misspelt one. */
const Options = z.strictObject({
  demo: z.boolean().optional(),
  workspace: z.string().optional(),
  dataDir: z.string().optional(),
  clock: z.union([z.string(), z.date()]).optional(),
  app: z.boolean().optional(),
  host: z.string().optional(),
  apiVersion: z.enum(VERSION_SPELLINGS as [string, ...string[]]).optional(),
  workers: z.number().int().min(0).max(64).optional(),
}) satisfies z.ZodType<TariffDeskOptions>;

/** The options, checked before anything starts: a mistake names the option (`TypeError`). */
function checkedOptions(opts: unknown): TariffDeskOptions {
  const known = Object.keys(Options.shape).join(', ');
  const badClock = (clock: unknown) =>
    new TypeError(
      `startTariffDesk: clock: ${clock instanceof Date ? 'an invalid Date' : JSON.stringify(clock)} is not an instant: ` +
        'give an RFC 3339 date-time with its offset (2026-12-24T18:00:00+01:00) or a Date',
    );
  const r = Options.safeParse(opts ?? {});
  if (!r.success) {
    const issue = r.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => `'${k}'`).join(', ');
      throw new TypeError(
        `startTariffDesk: unknown option${issue.keys.length > 1 ? 's' : ''} ${keys} (the options are ${known})`,
      );
    }
    if (issue.path[0] === 'clock') throw badClock((opts as { clock: unknown }).clock);
    const at = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new TypeError(`startTariffDesk: ${at}${issue.message} (the options are ${known})`);
  }
  const clock = r.data.clock;
  // The route's own check of an instant, said with the option's name.
  const now = typeof clock === 'string' ? clock : clock?.toISOString();
  if (now !== undefined && !api['clock.set'].body.safeParse({ mode: 'offset', now }).success) throw badClock(clock);
  return r.data;
}

/** Whether `type` is an event type of either profile (`connect.session.complete` or `connect_session.complete`). */
const isEventType = (type: string) => Object.hasOwn(EVENT_TYPES, canonicalEventType(type));

/** A receiver check of an endpoint, or of a URL through a temporary endpoint removed afterwards. */
async function checkReceiver(
  client: ApiClient,
  target: string,
  { secret }: CheckReceiverOptions = {},
): Promise<WebhookCheck> {
  if (typeof target !== 'string' || !(target.startsWith('whe_') || /^https?:\/\//.test(target)))
    throw new TypeError(
      `checkReceiver: ${JSON.stringify(target)} is neither an endpoint id (whe_…) nor an http(s) URL`,
    );
  if (target.startsWith('whe_')) {
    if (secret !== undefined)
      throw new TypeError('checkReceiver: an endpoint has its own secret; give secret only with a URL');
    return client.call('webhooks.check', { params: { id: target } });
  }
  if (secret === undefined && (await client.call('settings.retrieve')).wire_profile === 'spec')
    throw new TypeError(
      "checkReceiver: under the spec profile a receiver verifies with its endpoint's secret: give the one it has, checkReceiver(url, { secret: 'whsec_…' }), or check its endpoint by id",
    );
  const endpoint = await client.call('webhooks.create', {
    body: { url: target, description: 'checkReceiver (temporary)', ...(secret !== undefined ? { secret } : {}) },
  });
  try {
    return await client.call('webhooks.check', { params: { id: endpoint.id } });
  } finally {
    await client.call('webhooks.delete', { params: { id: endpoint.id } });
  }
}

/** What calls on a stopped instance are refused with. */
const stoppedError = () => new Error('this Tariff Desk was stopped (td.stop()); start another with startTariffDesk');

/**
 * Starts a whole Tariff Desk (REST API, connect service, connect web app) in this process on
 * ports the system picks, with a typed client logged in with the test key: the harness an
 * integrator's tests start once per suite. Instances are independent; several run side by side.
 */
export async function startTariffDesk(options: TariffDeskOptions = {}): Promise<TariffDesk> {
  const opts = checkedOptions(options);
  if (opts.workspace !== undefined && opts.dataDir !== undefined)
    throw new Error('startTariffDesk: a workspace starts in a new temporary data folder; leave out dataDir');
  const temporary = opts.dataDir === undefined;
  const dataDir =
    opts.workspace !== undefined
      ? dataDirFromWorkspace(resolve(opts.workspace))
      : opts.dataDir !== undefined
        ? resolve(opts.dataDir)
        : mkdtempSync(join(tmpdir(), 'tariff-desk-kit-'));
  let host: RunningHost;
  try {
    // The demo is seeded below, after the clock is set, so its dates follow the start clock.
    host = await startHost({
      dataDir,
      host: opts.host,
      apiPort: 0,
      connectPort: 0,
      connectWebPort: 0,
      appPort: opts.app ? 0 : false,
      demo: false,
      ...(opts.apiVersion !== undefined ? { apiVersion: generationOf(opts.apiVersion) } : {}),
      ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
      // The service shares this process's event loop: when the caller's own work (the demo seed
      // below, a test's sums) holds the loop past a short keep-alive, the server closes a socket
      // the client is just reusing, and that request fails with ECONNRESET. A long keep-alive
      // leaves closing idle sockets to the client, whose timer runs once the loop is free.
      limits: { keepAliveTimeoutMs: KIT_KEEP_ALIVE_MS },
    });
  } catch (e) {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  // As `serve --workspace` prints it; `app_url` only with `app: true`.
  const info: ReadyInfo =
    opts.workspace !== undefined ? { ...host.info, workspace: resolve(opts.workspace) } : host.info;
  let stopped = false;
  const client = createApiClient({
    baseUrl: info.api_url,
    // A call after stop() is refused as such, not as a connection the closed port refused.
    fetch: (url, init) => (stopped ? Promise.reject(stoppedError()) : fetch(url, init)),
    credentials: { accountId: info.account_id, apiKey: info.test_key },
    // A bearer's expiry follows the service clock: renew it after the clock moves.
    renewAfter: ['clock.set', 'clock.advance', 'workspace.import'] satisfies OperationId[],
    // Marked, so the Traffic page names the kit's requests (and shows them by default).
    headers: { [CLIENT_HEADER]: 'kit' satisfies OwnClient },
  });
  // Zero's client shares nothing but the address and the key: its own bearer, its own version.
  const zero = createZeroClient({
    baseUrl: info.api_url,
    fetch: (url, init) => (stopped ? Promise.reject(stoppedError()) : fetch(url, init)),
    credentials: { accountId: info.account_id, apiKey: info.test_key },
    renewAfter: ['clock.set', 'clock.advance', 'workspace.import'],
    headers: { [CLIENT_HEADER]: 'kit' satisfies OwnClient },
  });
  // A wait reads the events journal every 100 ms: marked apart, so the default view hides that polling.
  const journal = new EventJournal(client.withHeaders({ [CLIENT_HEADER]: 'kit-wait' satisfies OwnClient }));
  let startWorld: ResponseOf<Api['workspace.export']>['files'];
  const waits = new Set<{ fail(e: Error): void }>();

  try {
    if (opts.clock !== undefined) await client.call('clock.set', { body: { mode: 'offset', now: iso(opts.clock) } });
    if (opts.demo) await seedDemoIfNew(host.service, { accountId: info.account_id, liveMode: false });
    // The start state, for reset: the world and the clock as they are now.
    startWorld = (await client.call('workspace.export')).files;
    await journal.baseline();
  } catch (e) {
    await host.stop();
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }

  // An event recorded in this process wakes the waits at once; the journal stays the source of truth.
  const wakers = new Set<() => void>();
  host.service.events.onEvent(() => setImmediate(() => wakers.forEach((w) => w())));

  const clockApi: TariffDeskClock = {
    get: () => client.call('clock.retrieve'),
    set: (instant) => client.call('clock.set', { body: { mode: 'offset', now: iso(instant) } }),
    // A long advance answers 202 and goes on in slices; a test wants the world after it landed.
    advance: async (d) => {
      const state = await client.call('clock.advance', { body: { seconds: durationSeconds(d) } });
      if (!state.advancing) return state;
      await host.service.timeTravel.settled();
      return client.call('clock.retrieve');
    },
    freeze: async (instant) =>
      client.call('clock.set', {
        body: { mode: 'frozen', now: instant === undefined ? (await client.call('clock.retrieve')).now : iso(instant) },
      }),
    real: () => client.call('clock.set', { body: { mode: 'real' } }),
  };

  return {
    info,
    apiUrl: info.api_url,
    connectServiceUrl: info.connect_service_url,
    connectWebUrl: info.connect_web_url,
    appUrl: info.app_url,
    accountId: info.account_id,
    testKey: info.test_key,
    liveKey: info.live_key,
    dataDir,
    apiVersion: info.api_version,
    client,
    zero,
    clock: clockApi,

    async connectToken(body = {}) {
      const created = await client.call('connect_token.create', {
        // The flow's end is never followed when a test completes it with completeConnect.
        body: { callback_url: `${info.connect_web_url}/complete`, ...body },
      });
      return created.connect_token;
    },

    completeConnect: (token, how) =>
      client.call('testHelpers.connect.complete', { body: { connect_token: token, ...how } }),

    checkReceiver: (target, options) => checkReceiver(client, target, options),

    waitForEvent(type, { timeout = 10_000, match } = {}) {
      if (stopped) return Promise.reject(stoppedError());
      if (typeof type !== 'string' || !isEventType(type))
        return Promise.reject(
          new TypeError(
            `waitForEvent: ${JSON.stringify(type)} is not an event type (the types are ${Object.keys(EVENT_TYPES).join(', ')})`,
          ),
        );
      return new Promise<TariffDeskEvent>((resolveWait, rejectWait) => {
        let poll: NodeJS.Timeout | undefined;
        let settled = false;
        const finish = (then: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          clearTimeout(poll);
          wakers.delete(check);
          waits.delete(wait);
          then();
        };
        const wait = { fail: (e: Error) => finish(() => rejectWait(e)) };
        // A throwing `match` rejects the wait rather than escaping as an unhandled rejection.
        const look = () => journal.read().then(() => journal.take(type, match));
        const check = () => {
          if (settled) return;
          look().then((hit) => {
            if (hit) return finish(() => resolveWait(hit));
            clearTimeout(poll);
            poll = setTimeout(check, POLL_MS);
          }, wait.fail);
        };
        const timer = setTimeout(
          () =>
            // One last read, so an event recorded just before the deadline is not reported missing.
            look().then((hit) => {
              if (hit) return finish(() => resolveWait(hit));
              wait.fail(
                new Error(
                  `waitForEvent('${type}'${match ? ', with match' : ''}) timed out after ${timeout} ms: ${journal.summary()}`,
                ),
              );
            }, wait.fail),
          timeout,
        );
        waits.add(wait);
        wakers.add(check);
        check();
      });
    },

    async reset() {
      await client.call('workspace.import', { body: { files: startWorld, replace: true } });
      // The import emptied the journal: everything recorded from now on is new.
      journal.restart(undefined);
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      for (const w of [...waits]) w.fail(new Error('waitForEvent: the Tariff Desk was stopped while waiting'));
      // A bearer renewed after a clock move may still be on its way: let it land before the ports close.
      await Promise.all([client.bearer().catch(() => undefined), zero.bearer().catch(() => undefined)]);
      await host.stop();
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
