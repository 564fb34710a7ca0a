import { workerData } from 'node:worker_threads';
import { ApiError } from '../../engine/errors.js';
import { runHeavy } from './heavy.js';
import { openReader } from './reader.js';
import { readySolver } from '../battery-solver.js';
import type { WorkerAnswer, WorkerData, WorkerTask } from './messages.js';

// A pool worker (piscina): heavy requests from their bytes, on a read-only connection. It never writes.
const data = workerData as WorkerData;
// The battery solver (WebAssembly) is loaded before the worker takes its first task.
await readySolver();
let reader: ReturnType<typeof openReader> | undefined;

export default function work(msg: WorkerTask): WorkerAnswer {
  if (data.testHooks && msg.test === 'exit') process.exit(70);
  if (data.testHooks && msg.test === 'hang') for (;;);
  reader ??= openReader(data.dataDir);
  try {
    return { done: runHeavy(reader(msg.task.now), msg.task, new Uint8Array(msg.bytes)) };
  } catch (e) {
    if (e instanceof ApiError)
      return { error: { status: e.status, type: e.type, code: e.code, message: e.message, extra: e.extra } };
    // A fault of the work itself, not of the worker: the main thread answers it as it would its own.
    return { failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}
