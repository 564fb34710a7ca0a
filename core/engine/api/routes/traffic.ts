import { contracts } from '../contract.js';
import { z } from 'zod';
import { listOf } from '../../schemas/common.js';
import { FaultCreate, FaultId, FaultRule, JournalCleared, JournalEntry, JournalQuery } from '../../schemas/traffic.js';

export const trafficContracts = contracts({
  'journal.list': {
    method: 'GET',
    path: '/journal',
    summary: 'The request journal (API and connect), newest first, secrets masked; filtered and paged by entry id',
    tag: 'Traffic',
    query: JournalQuery,
    response: listOf(JournalEntry),
  },
  'journal.clear': {
    method: 'DELETE',
    path: '/journal',
    summary: "Empty the journal of the caller's account and mode",
    tag: 'Traffic',
    response: JournalCleared,
  },
  'faults.list': {
    method: 'GET',
    path: '/faults',
    summary: 'Fault injection rules',
    tag: 'Traffic',
    query: z.strictObject({}),
    response: listOf(FaultRule),
  },
  'faults.create': {
    method: 'POST',
    path: '/faults',
    summary: 'Add a fault rule: latency, a forced error, or a dropped connection',
    tag: 'Traffic',
    body: FaultCreate,
    response: FaultRule,
  },
  'faults.update': {
    method: 'PATCH',
    path: '/faults/:id',
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
  },
  'faults.delete': {
    method: 'DELETE',
    path: '/faults/:id',
    summary: 'Remove a fault rule',
    tag: 'Traffic',
    params: FaultId,
    response: FaultRule,
  },
});
