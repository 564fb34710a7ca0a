import type { FastifyInstance } from 'fastify';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createService, type Service, type ServiceOptions } from '../node/service.js';
import { buildApi } from '../node/http/app.js';
import { outboundFetch } from '../node/webhooks/outbound.js';
import { buildConnectServer } from '../node/connect/server.js';
import { buildConnectWeb } from '../node/connect/web.js';
import { ConnectFlow } from '../node/connect/flow.js';
import { WebhookWorker, type WorkerOptions } from '../node/webhooks/worker.js';
import { buildAppServer } from '../node/http/app-server.js';
import { applyListenerLimits, type ListenerLimits } from '../node/http/listener.js';
import { isLoopbackBind } from '../node/http/loopback.js';
import { seedDemoIfNew } from '../node/demo/seed.js';
import { poolWorkerFile, rendererDist } from './paths.js';
import { availableParallelism } from 'node:os';
import { PRIVATE_FILE_MODE } from '../node/db/data-folder.js';
import type { ReadyInfo } from '../engine/api/bootstrap.js';
import { DEFAULT_PORTS, HOST_FILE } from './constants.js';
import { VERSION_OF, type Generation } from '../engine/versions.js';

export interface HostOptions extends Omit<ServiceOptions, 'pool'> {
  /** The pool's limits and, in tests, its test hook (`PoolOptions`); its file and size the host sets. */
  pool?: Partial<NonNullable<ServiceOptions['pool']>>;
  /** Interface to bind; loopback unless told otherwise. */
  host?: string;
  apiPort?: number;
  connectPort?: number;
  connectWebPort?: number;
  /** The admin app in a browser; false serves none. */
  appPort?: number | false;
  /** Seed the demo account on a first start (default true). */
  demo?: boolean;
  /** The service's default API version, for every account that chose none (`serve --api-version`). */
  apiVersion?: Generation;
  /** Delivery worker options (tests shorten timeouts and schedules). */
  webhooks?: WorkerOptions;
  /** Timeouts and connection cap of every listener (`LISTENER_LIMITS` unless told; tests lower them). */
  limits?: Partial<ListenerLimits>;
  /** Worker threads for heavy requests: the machine's cores less one, at least 1 (`defaultWorkers`); 0 turns the pool off. */
  workers?: number;
  /** How long a stopping host lets requests and work in flight finish (`STOP_GRACE_MS`). */
  stopGraceMs?: number;
}

/** The pool's size unless told: a core for the main thread, the rest for workers, at least one worker. */
export const defaultWorkers = (): number => Math.max(1, availableParallelism() - 1);

export type { ReadyInfo };

export interface RunningHost {
  info: ReadyInfo;
  service: Service;
  stop(): Promise<void>;
}

/** How often the host looks for lifecycle events that fell due. */
export const LIFECYCLE_TICK_MS = 60_000;

export { DEFAULT_PORTS, HOST_FILE };

/** How long a stopping host lets requests in flight finish before it cuts their connections. */
export const STOP_GRACE_MS = 2_000;

/**
 * Closes a server gracefully but surely: requests in flight may finish within `ms`; then the
 * connections still open are cut (a held catcher answer must not keep the host from stopping).
 */
async function closeWithin(app: FastifyInstance, ms: number): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), ms);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

function urlOf(app: FastifyInstance, host: string): string {
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('server is not listening');
  const h = host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${addr.port}`;
}

/** The start-up line of a host bound beyond loopback: what other machines can reach, and what they cannot. */
export function exposureWarning(host: string, app: boolean): string {
  const surfaces = ['the API', 'the connect service', 'the connect web app', ...(app ? ['the admin app'] : [])];
  return (
    `Warning: listening on ${host}, not loopback: ${surfaces.join(', ')} are reachable from other machines; ` +
    `the API keys (/bootstrap.json) are handed to this machine only.`
  );
}

/** Starts the whole service (API, connect service, connect web app) on one data folder. */
export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const host = opts.host ?? '127.0.0.1';
  const service = createService({
    ...opts,
    pool: {
      file: poolWorkerFile(),
      log: (line) => process.stderr.write(`tariff-desk: ${line}\n`),
      ...opts.pool,
      workers: opts.workers ?? opts.pool?.workers ?? defaultWorkers(),
    },
  });
  const renderer = rendererDist();
  const credentials = service.accounts.ensureDefault();
  if (opts.apiVersion) service.settings.setApiGeneration(undefined, opts.apiVersion);
  const api = buildApi(service, { corsOrigins: () => [urls.app, urls.connectWeb] });
  // Addresses are known once the ports are bound; the flow and pages read them late.
  const urls = { api: '', connect: '', connectWeb: '', app: '' };
  const flow = new ConnectFlow(service, { connectWebUrl: () => urls.connectWeb });
  const connect = buildConnectServer(service, (m) => flow.handle(m), { allowOrigin: () => urls.connectWeb });
  const connectWeb = buildConnectWeb(service, flow, {
    distDir: renderer,
    // CONNECT_API_URL names the connect service the web app talks to (set when serving).
    connectApiUrl: () => process.env.CONNECT_API_URL ?? urls.connect,
    connectWebUrl: () => urls.connectWeb,
  });
  const appServer =
    opts.appPort === false
      ? undefined
      : buildAppServer(renderer, () => ({ ...info, app_url: urls.app }), { now: () => service.clock.now() });
  const servers = [api, connect, connectWeb, ...(appServer ? [appServer] : [])];
  for (const s of servers) applyListenerLimits(s.server, opts.limits);
  // The outbox runs on the service clock, so moving the clock delivers owed retries.
  // Deliveries to the catcher run in process; others share one bounded pool of connections.
  const outbound = outboundFetch({ api: { app: api, url: () => urls.api } });
  const worker = new WebhookWorker(service.webhooks, {
    now: () => service.clock.millis(),
    fetch: outbound.fetch,
    ...opts.webhooks,
  });
  service.timeTravel.add({
    name: 'webhook_retries',
    fromData: true,
    nextDueAt: () => service.webhooks.nextDueAt(),
    run: async () => {
      const due = (service.webhooks.nextDueAt() ?? Infinity) <= service.clock.millis();
      await worker.settle();
      return due ? 'webhook outbox: deliveries due by now attempted' : undefined;
    },
  });
  try {
    await api.listen({ host, port: opts.apiPort ?? DEFAULT_PORTS.api });
    await connect.listen({ host, port: opts.connectPort ?? DEFAULT_PORTS.connect });
    await connectWeb.listen({ host, port: opts.connectWebPort ?? DEFAULT_PORTS.connectWeb });
    if (appServer)
      await appServer.listen({ host, port: opts.appPort === undefined ? DEFAULT_PORTS.app : (opts.appPort as number) });
  } catch (err) {
    await Promise.allSettled(servers.map((s) => s.close()));
    service.close();
    throw err;
  }
  urls.api = urlOf(api, host);
  urls.connect = urlOf(connect, host);
  urls.connectWeb = urlOf(connectWeb, host);
  if (appServer) urls.app = urlOf(appServer, host);
  if (!isLoopbackBind(host)) process.stderr.write(exposureWarning(host, !!appServer) + '\n');
  service.webhooks.apiUrl = urls.api;
  const hostFile = opts.dataDir === ':memory:' ? undefined : join(opts.dataDir, HOST_FILE);
  if (hostFile)
    writeFileSync(hostFile, JSON.stringify({ pid: process.pid, api_url: urls.api }) + '\n', {
      mode: PRIVATE_FILE_MODE,
    });
  if (opts.demo !== false) await seedDemoIfNew(service, { accountId: credentials.account_id, liveMode: false });
  // Deliveries owed before a restart go out now.
  worker.start();
  // Lifecycle events fall due by the service clock; a minute is fine-grained enough for contract dates.
  service.lifecycle.runDue();
  const lifecycle = setInterval(() => service.lifecycle.runDue(), LIFECYCLE_TICK_MS);
  lifecycle.unref();
  const info: ReadyInfo = {
    event: 'ready',
    api_url: urls.api,
    connect_service_url: urls.connect,
    connect_web_url: urls.connectWeb,
    ...(appServer ? { app_url: urls.app } : {}),
    account_id: credentials.account_id,
    test_key: credentials.test_key,
    live_key: credentials.live_key,
    data_dir: opts.dataDir,
    wire_profile: service.settings.wireProfile(credentials.account_id),
    api_version: VERSION_OF[service.settings.apiGeneration(credentials.account_id)],
  };
  let stopped = false;
  return {
    info,
    service,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(lifecycle);
      service.timeTravel.cancel();
      await service.timeTravel.settled();
      await worker.stop();
      await outbound.close();
      // Heavy work in flight finishes (and is answered) within the same grace as the requests.
      const grace = opts.stopGraceMs ?? STOP_GRACE_MS;
      await Promise.allSettled([...servers.map((s) => closeWithin(s, grace)), service.work.close(grace)]);
      service.close();
      if (hostFile) rmSync(hostFile, { force: true });
    },
  };
}
