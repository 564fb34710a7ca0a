import { z } from 'zod';
import { contracts } from '../contract.js';

export const Health = z
  .object({
    object: z.literal('health'),
    status: z.literal('ok'),
    pool: z
      .object({
        size: z.number().int().meta({ description: 'Worker threads for heavy requests; 0 when the pool is off.' }),
        busy: z.number().int().meta({ description: 'Workers computing a request now.' }),
        queued: z.number().int().meta({ description: 'Heavy requests waiting for a worker.' }),
        max_queued: z
          .number()
          .int()
          .meta({ description: 'Requests that may wait; past it a heavy request is refused 503 `busy`.' }),
      })
      .meta({ description: 'The worker pool (docs/architecture.md, Where work runs).' }),
    event_loop_delay_ms: z
      .object({
        p99: z.number().meta({ description: '99th percentile of the main thread’s event-loop delay, ms.' }),
        max: z.number().meta({ description: 'Its largest delay, ms.' }),
        window_s: z.number().meta({ description: 'The seconds measured: the last whole window, else the one so far.' }),
      })
      .meta({ description: 'How long callbacks waited for the main thread (`perf_hooks.monitorEventLoopDelay`).' }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;

export const healthContracts = contracts({
  health: {
    method: 'GET',
    path: '/health',
    summary: 'The service is up: its worker pool and how long requests wait for the main thread',
    tag: 'Meta',
    query: z.strictObject({}),
    response: Health,
  },
});
