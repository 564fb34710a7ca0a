import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { Event, EventList, EventListQuery } from '../../schemas/misc.js';

export const eventContracts = contracts({
  'events.list': {
    method: 'GET',
    path: '/events',
    summary: 'List events, newest first',
    tag: 'Events',
    query: EventListQuery,
    response: EventList,
  },
  'events.retrieve': {
    method: 'GET',
    path: '/events/:id',
    summary: 'Retrieve an event',
    tag: 'Events',
    params: z.strictObject({ id: idOf('event') }),
    response: Event,
  },
});
