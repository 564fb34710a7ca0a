import { z } from 'zod';
import { Timestamp } from './common.js';

/** The request journal and testers' fault rules. */
export const JournalEntry = z
  .object({
    id: z.number().int(),
    time: Timestamp,
    surface: z.enum(['api', 'connect', 'connect_web', 'clock']),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    latency_ms: z.number(),
    request_headers: z.record(z.string(), z.string()),
    request_body: z.string(),
    response_body: z.string(),
    fault: z.string().nullable(),
    account_id: z.string().nullable(),
    live_mode: z.boolean().nullable(),
    request_id: z.string().optional().meta({ description: "The request's id; error objects carry it too." }),
  })
  .meta({ id: 'JournalEntry' });

export const FaultRule = z
  .object({
    id: z.string(),
    object: z.literal('fault_rule'),
    live_mode: z.boolean(),
    pattern: z.string(),
    kind: z.enum(['latency', 'error', 'drop']),
    latency_ms: z.number().int(),
    status: z.number().int(),
    code: z.string(),
    probability: z.number(),
    enabled: z.boolean(),
    hits: z.number().int(),
    time_created: Timestamp,
  })
  .meta({ id: 'FaultRule' });

export const FaultCreate = z
  .strictObject({
    pattern: z
      .string()
      .min(1)
      .max(200)
      .regex(/^(\*|GET|POST|PATCH|DELETE)?\s*\/[^\s]*$/, 'must be "METHOD /path*" or "/path*"')
      .meta({ example: 'POST /prices/*' }),
    kind: z.enum(['latency', 'error', 'drop']),
    latency_ms: z.number().int().min(0).max(60_000).default(0),
    status: z.number().int().min(400).max(599).default(503),
    code: z
      .string()
      .regex(/^[a-z_]{1,60}$/)
      .default('injected_fault')
      .meta({ description: 'The error code to answer, e.g. pending_connect with status 422.' }),
    probability: z.number().min(0).max(1).default(1),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'FaultCreate' });

export const FaultId = z.strictObject({ id: z.string().regex(/^flt_[A-Za-z0-9]{1,64}$/) });

export type JournalEntry = z.infer<typeof JournalEntry>;
export type FaultRule = z.infer<typeof FaultRule>;
