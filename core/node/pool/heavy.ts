import type { Scope } from '../db/documents.js';
import type { BillService } from '../services/bills.js';
import type { PriceService } from '../services/prices/service.js';
import type { MarketService } from '../market/service.js';
import { reportDirection, type CostReportService } from '../services/cost-reports.js';
import { costReportContracts } from '../../engine/api/routes/cost-reports.js';
import { marketContracts } from '../../engine/api/routes/market.js';
import { tariffContracts } from '../../engine/api/routes/tariffs.js';
import { workspaceContracts } from '../../engine/api/routes/workspace.js';
import { parsePriceCsv } from '../market/csv-import.js';
import { billContracts } from '../../engine/api/routes/bills.js';
import { costContracts } from '../../engine/api/routes/costs.js';
import { parseWith } from '../../engine/api/validate.js';
import { parseJsonBytes } from '../http/json-text.js';

/** What heavy work reads: the main thread's service, or a worker's read-only one. */
export interface HeavyServices {
  bills: BillService;
  prices: PriceService;
  market: MarketService;
  costReports: CostReportService;
}

/**
 * One request's heavy work as it crosses to a worker: plain values only. `now` is the service
 * clock's reading when the request arrived, so a worker prices at the same instant.
 */
export interface HeavyTask {
  op: HeavyOp;
  scope: Scope;
  params: Record<string, string>;
  /** The query as validated on the main thread. */
  query: Record<string, unknown>;
  now: number;
}

/** A cost report over more than this many days of stored records is worked in a worker. */
export const LONG_REPORT_DAYS = 31;

/**
 * The routes whose work grows with their input, from the raw body on. Parsing and validating
 * with the route's own schema, and then the work, run as one function wherever they run, so
 * the answer is the same bytes on this thread and in a worker. A route that `computes` answers
 * its JSON text; one that `prepares` (an import) answers its validated body and what was
 * worked out of it, and the route's own handler then writes on the main thread, in one short
 * transaction: a worker never writes.
 */
const OPS = {
  'bills.create': {
    body: billContracts['bills.create'].body,
    computes: (s: HeavyServices, t: HeavyTask, body: never): unknown =>
      s.bills.create(t.scope, t.params.location_id!, body),
    // A battery's plan grows with the window, not the body: a small body naming one goes to a worker.
    long: (bytes: Uint8Array): boolean => {
      try {
        const b = parseJsonBytes(bytes) as { battery?: unknown } | undefined;
        return typeof b === 'object' && b !== null && b.battery !== undefined;
      } catch {
        return false;
      }
    },
  },
  'costs.retrieve': {
    body: costContracts['costs.retrieve'].body,
    computes: (s: HeavyServices, t: HeavyTask, body: never): unknown => s.prices.cost(t.scope, t.params.id!, body),
  },
  // Stored records over a window: long ones are read and priced in a worker (a small body, a big read).
  'costs.interval': {
    body: costReportContracts['costs.interval'].body,
    computes: (s: HeavyServices, t: HeavyTask, body: never): unknown =>
      s.costReports.interval(
        t.scope,
        t.params.id!,
        reportDirection(t.query),
        t.query.aggregation as Parameters<CostReportService['interval']>[3],
        body,
      ),
    long: (bytes: Uint8Array): boolean => {
      // The window read from the small body; a body that does not parse is refused on this thread.
      try {
        const w = parseJsonBytes(bytes) as { start_time?: unknown; end_time?: unknown } | undefined;
        const span = Date.parse(String(w?.end_time)) - Date.parse(String(w?.start_time));
        return span > LONG_REPORT_DAYS * 86_400_000;
      } catch {
        return false;
      }
    },
  },
  // The CSV read in the region's zone: the main thread stores the points (MarketService.storeImport).
  'market.import': {
    body: marketContracts['market.import'].body,
    prepares: (s: HeavyServices, t: HeavyTask, body: { csv: string; unit?: 'kWh' | 'MWh' }): unknown =>
      parsePriceCsv(body.csv, s.market.region(t.params.id!).timezone, body.unit),
  },
  'tariffs.import': { body: tariffContracts['tariffs.import'].body },
  'workspace.import': { body: workspaceContracts['workspace.import'].body },
} as const;

export type HeavyOp = keyof typeof OPS;

export const isHeavy = (operationId: string | undefined): operationId is HeavyOp =>
  operationId !== undefined && Object.hasOwn(OPS, operationId);

/** Whether a request is heavy by more than its size (a long report from a small body). */
export function heavyBeyondSize(op: HeavyOp, bytes: Uint8Array): boolean {
  const o = OPS[op];
  return 'long' in o ? o.long(bytes) : false;
}

/** A heavy request's outcome: the answer's text, or the validated body and what was prepared from it. */
export type HeavyResult = { text: string } | { body: unknown; prepared?: unknown };

/** Parses, validates and works one heavy request from its bytes. */
export function runHeavy(s: HeavyServices, t: HeavyTask, bytes: Uint8Array): HeavyResult {
  const op: { body: unknown; computes?: unknown; prepares?: unknown } = OPS[t.op];
  const body = parseWith(op.body as never, parseJsonBytes(bytes), 'body') as never;
  if (typeof op.computes === 'function') {
    const out: unknown = (op.computes as (s: HeavyServices, t: HeavyTask, b: never) => unknown)(s, t, body);
    return { text: typeof out === 'string' ? out : JSON.stringify(out) };
  }
  if (typeof op.prepares === 'function')
    return { body, prepared: (op.prepares as (s: HeavyServices, t: HeavyTask, b: never) => unknown)(s, t, body) };
  return { body };
}
