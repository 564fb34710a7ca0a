import type { FastifyInstance } from 'fastify';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createService, type Service, type ServiceOptions } from '../node/service.js';
import { buildApi } from '../node/http/app.js';
import { buildConnectServer } from '../node/connect/server.js';
import { buildConnectWeb } from '../node/connect/web.js';
import { ConnectFlow } from '../node/connect/flow.js';
import { WebhookWorker, type WorkerOptions } from '../node/webhooks/worker.js';
import { buildAppServer } from '../node/http/app-server.js';
import { seedDemoIfNew } from '../node/demo/seed.js';
import { rendererDist } from './paths.js';
import type { ReadyInfo } from '../engine/api/bootstrap.js';

export interface HostOptions extends ServiceOptions {
  /** Interface to bind; loopback unless told otherwise. */
  host?: string;
  apiPort?: number;
  connectPort?: number;
  connectWebPort?: number;
  /** The admin app in a browser; false serves none. */
  appPort?: number | false;
  /** Seed the demo account on a first start (default true). */
  demo?: boolean;
  /** Delivery worker options (tests shorten timeouts and schedules). */
  webhooks?: WorkerOptions;
}

export type { ReadyInfo };

export interface RunningHost {
  info: ReadyInfo;
  service: Service;
  stop(): Promise<void>;
}

/** How often the host looks for lifecycle events that fell due. */
export const LIFECYCLE_TICK_MS = 60_000;

export const DEFAULT_PORTS = { api: 7071, connect: 7072, connectWeb: 7070, app: 7073 } as const;

/**
 * A running host leaves this file in its data folder (its process id and API address), so the
 * command line can tell that the folder is in use and go through the host's API instead.
 */
export const HOST_FILE = 'host.json';

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

/** Starts the whole service (API, connect service, connect web app) on one data folder. */
export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const host = opts.host ?? '127.0.0.1';
  const service = createService(opts);
  const renderer = rendererDist();
  const credentials = service.accounts.ensureDefault();
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
    opts.appPort === false ? undefined : buildAppServer(renderer, () => ({ ...info, app_url: urls.app }));
  const servers = [api, connect, connectWeb, ...(appServer ? [appServer] : [])];
  // The outbox runs on the service clock, so moving the clock delivers owed retries.
  const worker = new WebhookWorker(service.webhooks, { now: () => service.clock.millis(), ...opts.webhooks });
  service.timeTravel.add({
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
  service.webhooks.apiUrl = urls.api;
  const hostFile = opts.dataDir === ':memory:' ? undefined : join(opts.dataDir, HOST_FILE);
  if (hostFile) writeFileSync(hostFile, JSON.stringify({ pid: process.pid, api_url: urls.api }) + '\n');
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
  };
  let stopped = false;
  return {
    info,
    service,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(lifecycle);
      await worker.stop();
      await Promise.allSettled(servers.map((s) => closeWithin(s, STOP_GRACE_MS)));
      service.close();
      if (hostFile) rmSync(hostFile, { force: true });
    },
  };
}

/**
 * The heap of the headless host's service thread. Node sizes a process's heap for the machine
 * (a 4 GiB limit on 24 GiB): the young generation grows to 32 MiB, and the old one may grow to
 * about four times what is live before a full collection, so under load the host held 250 MiB
 * and more while under 40 MiB of it was live. V8 scales that growth by the limit: at 1 GiB it
 * is about 1.6 times, and the young generation here is collected at 8 MiB, which keeps the
 * loaded host under 200 MiB (docs/performance.md, Memory). 1 GiB is some 25 times the live heap
 * of a busy host; a thread that outgrows it ends the command with an error.
 */
export const SERVICE_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 1024 };

/** What a host thread can be told: plain values, as they cross to another thread. */
export type ThreadHostOptions = Pick<
  HostOptions,
  'dataDir' | 'host' | 'apiPort' | 'connectPort' | 'connectWebPort' | 'appPort' | 'demo'
>;

export interface HostThread {
  info: ReadyInfo;
  stop(): Promise<void>;
  /** Settles when the thread ends: after `stop`, or with the error that ended it. */
  ended: Promise<void>;
}

const THREAD = 'tariffDeskHostThread';

/**
 * Runs the host on a worker thread of this process with its own heap limits (`SERVICE_HEAP`):
 * the headless command line's way to size the service's heap itself, since a running process
 * cannot change its own. Same process, same pid; the thread loads this module again.
 */
export async function startHostThread(opts: ThreadHostOptions): Promise<HostThread> {
  // The TypeScript sources (`npm run dev`, through tsx) cannot be loaded by a worker thread:
  // there the host runs on this thread, with the process's heap.
  if (import.meta.url.endsWith('.ts')) {
    const running = await startHost(opts);
    let stopped: () => void;
    const ended = new Promise<void>((done) => (stopped = done));
    return { info: running.info, ended, stop: () => running.stop().then(stopped) };
  }
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { [THREAD]: opts },
    resourceLimits: SERVICE_HEAP,
  });
  let failure: unknown;
  worker.once('error', (e) => (failure = e));
  const ended = new Promise<void>((done, fail) =>
    worker.once('exit', (code) =>
      failure || code !== 0 ? fail(failure ?? new Error(`the host thread stopped (${code})`)) : done(),
    ),
  );
  return new Promise((resolve, reject) => {
    ended.then(() => reject(new Error('the host thread stopped before it was ready')), reject);
    worker.once('message', (m: { ready?: ReadyInfo; failed?: unknown }) => {
      if (!m.ready) return reject(m.failed);
      resolve({
        info: m.ready,
        ended,
        async stop() {
          worker.postMessage('stop');
          await ended;
        },
      });
    });
  });
}

/** The thread's side: start, say ready (or why not), stop when told. */
function serveOnThread(opts: ThreadHostOptions): void {
  const port = parentPort!;
  startHost(opts).then(
    (running) => {
      // process.exit on a worker ends the thread alone.
      port.once('message', () => void running.stop().then(() => process.exit(0)));
      port.postMessage({ ready: running.info });
    },
    (failed: unknown) => {
      try {
        port.postMessage({ failed });
      } catch {
        port.postMessage({ failed: new Error(String(failed)) });
      }
      process.exit(1);
    },
  );
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[THREAD])
  serveOnThread((workerData as Record<string, ThreadHostOptions>)[THREAD]!);
