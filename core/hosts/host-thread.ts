import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { ReadyInfo } from '../engine/api/bootstrap.js';
import type { HostOptions } from './host.js';
import type { HostCommandName, HostCommands } from './host-commands.js';
import { ApiError, type ErrorType } from '../engine/errors.js';
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
  /** Runs one of the shell's commands (`host-commands.ts`) where the service runs; an `ApiError` comes back as one. */
  command<K extends HostCommandName>(
    name: K,
    ...args: Parameters<HostCommands[K]>
  ): Promise<Awaited<ReturnType<HostCommands[K]>>>;
  /** Settles when the thread ends: after `stop`, or with the error that ended it. */
  ended: Promise<void>;
}

/** The message that starts the service on the thread (`host-worker.ts`). */
export const THREAD = 'tariffDeskHostThread';

/** What the thread is told once running: stop, or run a command and reply with its id. */
export type ThreadMessage = 'stop' | { id: number; name: HostCommandName; args: unknown[] };

interface Reply {
  id: number;
  result?: unknown;
  error?: { status?: number; type?: ErrorType; code?: string; message: string };
}

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
    const { hostCommands } = await import('./host-commands.js');
    const running = await startHost(opts);
    const commands = hostCommands(running) as Record<HostCommandName, (...a: unknown[]) => unknown>;
    let stopped: () => void;
    const ended = new Promise<void>((done) => (stopped = done));
    return {
      info: running.info,
      ended,
      stop: () => running.stop().then(stopped),
      command: async (name, ...args) => commands[name](...args) as never,
    };
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
  let next = 0;
  const waiting = new Map<number, { done: (v: unknown) => void; fail: (e: unknown) => void }>();
  return new Promise((resolve, reject) => {
    ended.then(() => reject(new Error('the host thread stopped before it was ready')), reject);
    worker.on('message', (m: { ready?: ReadyInfo; failed?: unknown; reply?: Reply }) => {
      if (m.reply) {
        const w = waiting.get(m.reply.id);
        waiting.delete(m.reply.id);
        const e = m.reply.error;
        if (!e) return w?.done(m.reply.result);
        return w?.fail(
          e.code && e.status && e.type ? new ApiError(e.status, e.type, e.code, e.message) : new Error(e.message),
        );
      }
      if (!m.ready) return reject(m.failed);
      resolve({
        info: m.ready,
        ended,
        async stop() {
          worker.postMessage('stop' satisfies ThreadMessage);
          await ended;
        },
        command: (name, ...args) =>
          new Promise((done, fail) => {
            const id = ++next;
            waiting.set(id, { done: done as (v: unknown) => void, fail });
            worker.postMessage({ id, name, args } satisfies ThreadMessage);
          }),
      });
    });
  });
}
