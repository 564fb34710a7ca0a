import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startHost } from './host.js';
import { THREAD, type ThreadHostOptions, type ThreadMessage } from './host-thread.js';
import { hostCommands, type HostCommandName } from './host-commands.js';
import { ApiError } from '../engine/errors.js';

/** The thread's side of `startHostThread`: start, say ready (or why not), run commands, stop when told. */
function serveOnThread(opts: ThreadHostOptions): void {
  const port = parentPort!;
  startHost(opts).then(
    (running) => {
      const commands = hostCommands(running) as Record<HostCommandName, (...a: unknown[]) => unknown>;
      port.on('message', (m: ThreadMessage) => {
        // process.exit on a worker ends the thread alone.
        if (m === 'stop') return void running.stop().then(() => process.exit(0));
        void (async () => commands[m.name](...m.args))().then(
          (result) => port.postMessage({ reply: { id: m.id, result } }),
          (e: unknown) =>
            port.postMessage({
              reply: {
                id: m.id,
                error:
                  e instanceof ApiError
                    ? { status: e.status, type: e.type, code: e.code, message: e.message }
                    : { message: e instanceof Error ? e.message : String(e) },
              },
            }),
        );
      });
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
