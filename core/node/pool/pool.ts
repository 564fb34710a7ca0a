import { Piscina } from 'piscina';
import { ApiError, Codes } from '../../engine/errors.js';
import type { HeavyResult, HeavyTask } from './heavy.js';
import type { TestDirective, WorkerAnswer, WorkerData, WorkerTask } from './messages.js';

export type { TestDirective };

/** How long one request's work may run in a worker before the worker is ended (`PoolOptions.timeLimitMs`). */
export const WORK_TIME_LIMIT_MS = 60_000;
/** Tasks waiting for a worker, per worker, before the next is refused `busy`. */
export const QUEUE_PER_WORKER = 16;
/** The seconds a client is told to wait after `busy` or `worker_failed`. */
export const RETRY_AFTER_S = 1;

export interface PoolOptions {
  /** Worker threads, at least 1. */
  workers: number;
  /** The worker's entry module (dist/node/pool-worker.js). */
  file: string;
  /** The database folder the workers read. */
  dataDir: string;
  /** Tasks that may wait for a worker; past it, 503 `busy` (default `QUEUE_PER_WORKER` per worker). */
  maxQueue?: number;
  timeLimitMs?: number;
  /** Tests only: a directive for a task's worker (end it, hold it), given by the test's own code. */
  testHook?: (task: HeavyTask) => TestDirective | undefined;
  /** Where a failed worker is reported, with the request's id. */
  log?: (line: string) => void;
}

export interface PoolStats {
  size: number;
  busy: number;
  queued: number;
  max_queued: number;
}

const busy = () =>
  new ApiError(
    503,
    'api_error',
    Codes.busy,
    'The service is busy with heavy requests; nothing was done. Try again shortly.',
    { retry_after: RETRY_AFTER_S },
  );

const workerFailed = () =>
  new ApiError(
    503,
    'api_error',
    Codes.workerFailed,
    'The worker computing this request stopped before it answered; nothing was stored. Try again.',
    { retry_after: RETRY_AFTER_S },
  );

/** The body's own ArrayBuffer to transfer, or a copy where the bytes share theirs (a pooled small buffer). */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const ab = bytes.buffer;
  if (ab instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === ab.byteLength) return ab;
  return new Uint8Array(bytes).buffer;
}

/**
 * The service's worker threads for CPU-heavy requests (piscina): each worker reads the database
 * on its own read-only connection and answers JSON text; every write stays with the writer on
 * the main thread. A worker that ends or overruns its time limit fails its one request with
 * 503 `worker_failed` and piscina starts another in its place.
 */
export class WorkPool {
  private readonly pool: Piscina<WorkerTask, WorkerAnswer>;
  private readonly maxQueue: number;
  private readonly timeLimitMs: number;
  private inFlight = 0;
  private closing = false;
  /** Called when the last request in flight settles, while closing. */
  private drained?: () => void;

  constructor(private readonly opts: PoolOptions) {
    const workers = Math.max(1, Math.floor(opts.workers));
    this.maxQueue = opts.maxQueue ?? workers * QUEUE_PER_WORKER;
    this.timeLimitMs = opts.timeLimitMs ?? WORK_TIME_LIMIT_MS;
    const workerData: WorkerData = { dataDir: opts.dataDir, testHooks: !!opts.testHook };
    this.pool = new Piscina({
      filename: opts.file,
      // Started by the first heavy requests, not with the host: most hosts (a test's, a quick
      // command's) never need one, and a worker ended while it loads its modules is wasted work.
      // Once started they stay: starting one costs tens of milliseconds and a connection.
      minThreads: 0,
      maxThreads: workers,
      // The longest timer Node keeps (a larger one fires at once, ending idle workers).
      idleTimeout: 2 ** 31 - 1,
      // The bound is checked here, so a refusal is the error object and not piscina's own.
      maxQueue: Number.MAX_SAFE_INTEGER,
      concurrentTasksPerWorker: 1,
      workerData,
    });
    // A worker that dies between tasks is replaced by piscina; nothing waits on it.
    this.pool.on('error', (e: unknown) => opts.log?.(`pool worker ended: ${String(e)}`));
  }

  get size(): number {
    return Math.max(1, Math.floor(this.opts.workers));
  }

  stats(): PoolStats {
    const queued = this.pool.queueSize;
    return { size: this.size, busy: Math.max(0, this.inFlight - queued), queued, max_queued: this.maxQueue };
  }

  /** Runs one heavy request on a worker, the body's bytes transferred (not copied). */
  async run(task: HeavyTask, bytes: Uint8Array, requestId: string): Promise<HeavyResult> {
    // Every worker busy and the queue full: refused before anything is started.
    if (this.closing || this.inFlight >= this.size + this.maxQueue) throw busy();
    const buffer = ownBuffer(bytes);
    const test = this.opts.testHook?.(task);
    this.inFlight++;
    let answer: WorkerAnswer;
    try {
      answer = await this.pool.run(
        { task, bytes: buffer, ...(test ? { test } : {}) },
        { transferList: [buffer], signal: AbortSignal.timeout(this.timeLimitMs) },
      );
    } catch (e) {
      const why = (e as Error)?.name === 'AbortError' ? `ran past ${this.timeLimitMs} ms` : String(e);
      this.opts.log?.(`request ${requestId}: ${task.op} failed in a worker (${why}); the worker is replaced`);
      throw workerFailed();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.drained?.();
    }
    if ('done' in answer) return answer.done;
    if ('error' in answer) {
      const { status, type, code, message, extra } = answer.error;
      throw new ApiError(status, type, code, message, extra);
    }
    throw new Error(answer.failure);
  }

  /** Stops taking work; running and queued work may finish within `graceMs`, then the workers are ended. */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), graceMs)));
    const drained = new Promise<void>((done) => {
      this.drained = done;
      if (this.inFlight === 0) done();
    });
    const outcome = await Promise.race([drained.then(() => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late') this.opts.log?.(`stopping: ${this.inFlight} heavy requests cut after ${graceMs} ms`);
    await this.pool.destroy();
  }
}
