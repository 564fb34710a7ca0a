import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { Timestamp, listOf } from '../../../engine/schemas/common.js';

const Entry = z
  .object({
    id: z.number().int(),
    time: Timestamp,
    surface: z.enum(['api', 'connect']),
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
  })
  .meta({ id: 'JournalEntry' });

const FaultRule = z
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

const FaultCreate = z
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

const FaultId = z.strictObject({ id: z.string().regex(/^flt_[A-Za-z0-9]{1,64}$/) });

export const trafficRoutes = [
  defineRoute({
    method: 'GET',
    path: '/journal',
    operationId: 'journal.list',
    summary: 'The request journal (API and connect), newest first, secrets masked',
    tag: 'Traffic',
    query: z.strictObject({
      after: z.coerce.number().int().min(0).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
      path: z.string().max(200).optional(),
    }),
    response: listOf(Entry),
    handler: ({ svc, scope, query }) => asList('/journal', { data: svc.journal.list(scope, query), has_more: false }),
  }),
  defineRoute({
    method: 'GET',
    path: '/faults',
    operationId: 'faults.list',
    summary: 'Fault injection rules',
    tag: 'Traffic',
    query: z.strictObject({}),
    response: listOf(FaultRule),
    handler: ({ svc, scope }) => asList('/faults', { data: svc.faults.list(scope), has_more: false }),
  }),
  defineRoute({
    method: 'POST',
    path: '/faults',
    operationId: 'faults.create',
    summary: 'Add a fault rule: latency, a forced error, or a dropped connection',
    tag: 'Traffic',
    body: FaultCreate,
    response: FaultRule,
    handler: ({ svc, scope, body }) => svc.faults.add(scope, body, svc.clock.now()),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/faults/:id',
    operationId: 'faults.update',
    summary: 'Switch a fault rule on or off, or change it',
    tag: 'Traffic',
    params: FaultId,
    body: z.strictObject({
      enabled: z.boolean().optional(),
      probability: z.number().min(0).max(1).optional(),
      latency_ms: z.number().int().min(0).max(60_000).optional(),
      status: z.number().int().min(400).max(599).optional(),
      code: z
        .string()
        .regex(/^[a-z_]{1,60}$/)
        .optional(),
    }),
    response: FaultRule,
    handler: ({ svc, scope, params, body }) => svc.faults.update(scope, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/faults/:id',
    operationId: 'faults.delete',
    summary: 'Remove a fault rule',
    tag: 'Traffic',
    params: FaultId,
    response: FaultRule,
    handler: ({ svc, scope, params }) => svc.faults.remove(scope, params.id),
  }),
];
