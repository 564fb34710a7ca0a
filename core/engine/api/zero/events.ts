import { z } from 'zod';
import { contracts } from '../contract.js';
import { idOf, listOf, PagingQuery, Timestamp } from '../../schemas/common.js';

/** Zero's event: Zero-era type names (`location.create`), the object in Zero's shape. */
export const ZeroEvent = z
  .object({
    id: idOf('event'),
    object: z.literal('event'),
    type: z.string(),
    live_mode: z.boolean(),
    data: z.record(z.string(), z.unknown()),
    time_created: Timestamp,
  })
  .meta({ id: 'ZeroEvent' });

export const zeroEventContracts = contracts({
  'zero.events.list': {
    method: 'GET',
    path: '/events',
    summary: 'List events, newest first',
    tag: 'Events',
    query: z.object({
      event_type: z.string().max(100).optional(),
      type: z.string().max(100).optional(),
      object_id: z.string().max(80).optional(),
      ...PagingQuery,
    }),
    response: listOf(ZeroEvent, 'ZeroEventList'),
  },
  'zero.events.retrieve': {
    method: 'GET',
    path: '/events/:id',
    summary: 'Retrieve an event',
    tag: 'Events',
    params: z.object({ id: idOf('event') }),
    response: ZeroEvent,
  },
});
