import { asList, implement } from '../route.js';
import { eventContracts } from '../../../engine/api/routes/events.js';

export const eventRoutes = implement(eventContracts, {
  'events.list': ({ svc, scope, query }) => {
    const { type, object_id, ...page } = query;
    return asList('/events', svc.events.list(scope, { type, object_id }, page));
  },
  'events.retrieve': ({ svc, scope, params }) => svc.events.get(scope, params.id),
});
