import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { idOf } from '../../../engine/schemas/common.js';
import { Event, EventList, EventListQuery } from '../../../engine/schemas/misc.js';

export const eventRoutes = [
  defineRoute({
    method: 'GET',
    path: '/events',
    operationId: 'events.list',
    summary: 'List events, newest first',
    tag: 'Events',
    query: EventListQuery,
    response: EventList,
    handler: ({ svc, scope, query }) => {
      const { type, object_id, ...page } = query;
      return asList('/events', svc.events.list(scope, { type, object_id }, page));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/events/:id',
    operationId: 'events.retrieve',
    summary: 'Retrieve an event',
    tag: 'Events',
    params: z.strictObject({ id: idOf('event') }),
    response: Event,
    handler: ({ svc, scope, params }) => svc.events.get(scope, params.id),
  }),
];
