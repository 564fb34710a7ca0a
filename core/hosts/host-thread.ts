import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { ReadyInfo } from '../engine/api/bootstrap.js';
import type { HostOptions } from './host.js';
import { packageRoot } from './paths.js';

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
  'dataDir' | 'host' | 'apiPort' | 'connectPort' | 'connectWebPort' | 'appPort' | 'demo' | 'apiVersion' | 'workers'
>;

export interface HostThread {
  info: ReadyInfo;
  stop(): Promise<void>;
  /** Settles when the thread ends: after `stop`, or with the error that ended it. */
  ended: Promise<void>;
}

/** The message that starts the service on the thread (`host-worker.ts`). */
export const THREAD = 'tariffDeskHostThread';

/**
 * Runs the host on a worker thread of this process with its own heap limits (`SERVICE_HEAP`):
 * the headless command line's way to size the service's heap itself, since a running process
 * cannot change its own. Same process, same pid. This module loads none of the service: the
 * command line's own thread stays small, and only the thread loads the service's modules.
 */
export async function startHostThread(opts: ThreadHostOptions): Promise<HostThread> {
  // The TypeScript sources (`npm run dev`, through tsx) cannot be loaded by a worker thread:
  // there the host runs on this thread, with the process's heap.
  if (import.meta.url.endsWith('.ts')) {
    const { startHost } = await import('./host.js');
    const running = await startHost(opts);
    let stopped: () => void;
    const ended = new Promise<void>((done) => (stopped = done));
    return { info: running.info, ended, stop: () => running.stop().then(stopped) };
  }
  const worker = new Worker(join(packageRoot(), 'dist', 'node', 'host-worker.js'), {
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
