import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startHost } from './host.js';
import { THREAD, type ThreadHostOptions } from './host-thread.js';

/** The thread's side of `startHostThread`: start, say ready (or why not), stop when told. */
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
