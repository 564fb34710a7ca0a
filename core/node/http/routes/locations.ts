import { asList, implement } from '../route.js';
import { locationContracts } from '../../../engine/api/routes/locations.js';
import { created, deleted } from '../profile.js';

export const locationRoutes = implement(locationContracts, {
  'locations.create': ({ svc, scope, body, reply }) => created(svc, scope, reply, svc.locations.create(scope, body)),
  'locations.list': ({ svc, scope, query }) => asList('/locations', svc.locations.list(scope, query)),
  'locations.retrieve': ({ svc, scope, params }) => svc.locations.get(scope, params.id),
  'locations.update': ({ svc, scope, params, body }) => svc.locations.update(scope, params.id, body),
  'locations.delete': ({ svc, scope, params, reply }) =>
    deleted(svc, scope, reply, svc.locations.delete(scope, params.id)),
});
