import {
  heavyBeyondSize,
  runHeavy,
  type HeavyOp,
  type HeavyResult,
  type HeavyServices,
  type HeavyTask,
} from './heavy.js';
import { WorkPool, type PoolOptions, type PoolStats } from './pool.js';
import { LoopDelay } from './loop-delay.js';

/**
 * Bodies from this size on are parsed and worked in a worker; smaller ones on this thread, where
 * the hand-over would cost more than the work. Measured (docs/performance.md, Heavy requests): a
 * 64 KiB bill body parses and validates in about a millisecond; a year of quarter hours (6 MB) in
 * some 80 ms, which is what stalled every other client.
 */
export const OFFLOAD_BYTES = 64 * 1024;

export interface HeavyWorkOptions {
  /** The pool, or none (off, or a database in memory that no worker can open). */
  pool?: Omit<PoolOptions, 'dataDir'>;
  dataDir: string;
  /** Bodies of at least this many bytes go to a worker (`OFFLOAD_BYTES`; 0 sends every one). */
  offloadBytes?: number;
}

/** Where heavy requests run: the pool when the service has one and the body is large, else this thread. */
export class HeavyWork {
  readonly pool: WorkPool | undefined;
  readonly offloadBytes: number;
  /** What the main thread's event loop waited, for `GET /health`. */
  readonly loopDelay = new LoopDelay();

  constructor(
    private readonly services: () => HeavyServices,
    opts: HeavyWorkOptions,
  ) {
    this.offloadBytes = opts.offloadBytes ?? OFFLOAD_BYTES;
    this.pool =
      opts.pool && opts.pool.workers > 0 && opts.dataDir !== ':memory:'
        ? new WorkPool({ ...opts.pool, dataDir: opts.dataDir })
        : undefined;
  }

  /** Whether a request is worked in a worker: its body is large, or its work is (a long report). */
  offloads(op: HeavyOp, bytes: Uint8Array): boolean {
    return !!this.pool && (bytes.byteLength >= this.offloadBytes || heavyBeyondSize(op, bytes));
  }

  async run(task: HeavyTask, bytes: Uint8Array, requestId: string): Promise<HeavyResult> {
    if (this.pool && this.offloads(task.op, bytes)) return this.pool.run(task, bytes, requestId);
    return runHeavy(this.services(), task, bytes);
  }

  stats(): PoolStats {
    return this.pool?.stats() ?? { size: 0, busy: 0, queued: 0, max_queued: 0 };
  }

  private closed: Promise<void> | undefined;

  /** Lets running work finish within `graceMs`, then ends the workers; once, however often asked. */
  close(graceMs: number): Promise<void> {
    this.loopDelay.stop();
    return (this.closed ??= this.pool?.close(graceMs) ?? Promise.resolve());
  }
}
