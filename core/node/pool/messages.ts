import type { ErrorType } from '../../engine/errors.js';
import type { HeavyResult, HeavyTask } from './heavy.js';

/** What a worker is told at start: the database folder, and whether test directives are obeyed. */
export interface WorkerData {
  dataDir: string;
  testHooks: boolean;
}

/**
 * A directive only a test can give (`PoolOptions.testHook`, an injected option): end the worker
 * mid-task, or hold it past its time limit. A worker started without `testHooks` ignores it.
 */
export type TestDirective = 'exit' | 'hang';

export interface WorkerTask {
  task: HeavyTask;
  /** The request body, transferred. */
  bytes: ArrayBuffer;
  test?: TestDirective;
}

/** A worker's answer: the JSON text, or the error object's parts (a 4xx as this thread would raise it). */
export type WorkerAnswer =
  | { done: HeavyResult }
  | {
      error: {
        status: number;
        type: ErrorType;
        code: string;
        message: string;
        extra: { connect_token?: string; retry_after?: number };
      };
    }
  | { failure: string };
