import type { Scope } from '../db/documents.js';
import type { BillService } from '../services/bills.js';
import type { PriceService } from '../services/prices/service.js';
import { billContracts } from '../../engine/api/routes/bills.js';
import { costContracts } from '../../engine/api/routes/costs.js';
import { parseWith } from '../../engine/api/validate.js';
import { parseJsonBytes } from '../http/json-text.js';

/** What heavy work reads: the main thread's service, or a worker's read-only one. */
export interface HeavyServices {
  bills: BillService;
  prices: PriceService;
}

/**
 * One request's heavy work as it crosses to a worker: plain values only. `now` is the service
 * clock's reading when the request arrived, so a worker prices at the same instant.
 */
export interface HeavyTask {
  op: HeavyOp;
  scope: Scope;
  params: Record<string, string>;
  now: number;
}

/**
 * The routes whose work grows with their input, from the raw body on: parsing, validating with
 * the route's own schema and computing run as one function, wherever it runs, so the answer is
 * the same bytes on this thread and in a worker.
 */
const OPS = {
  'bills.create': {
    body: billContracts['bills.create'].body,
    run: (s: HeavyServices, t: HeavyTask, body: never) => s.bills.create(t.scope, t.params.location_id!, body),
  },
  'costs.retrieve': {
    body: costContracts['costs.retrieve'].body,
    run: (s: HeavyServices, t: HeavyTask, body: never) => s.prices.cost(t.scope, t.params.id!, body),
  },
} as const;

export type HeavyOp = keyof typeof OPS;

export const isHeavy = (operationId: string | undefined): operationId is HeavyOp =>
  operationId !== undefined && Object.hasOwn(OPS, operationId);

/** Parses, validates and answers one heavy request from its bytes: the answer's JSON text. */
export function runHeavy(s: HeavyServices, t: HeavyTask, bytes: Uint8Array): string {
  const op = OPS[t.op];
  const body = parseWith(op.body, parseJsonBytes(bytes), 'body') as never;
  const out: unknown = op.run(s, t, body);
  return typeof out === 'string' ? out : JSON.stringify(out);
}
