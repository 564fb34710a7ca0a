import { asList, implement } from '../route.js';
import { zeroLocationContracts } from '../../../engine/api/zero/locations.js';
import { zeroLocation } from '../../../engine/zero/shapes.js';
import { zeroStatus } from './location-status.js';

/** Zero's locations: the one locations service, answered in Zero's `LocationNew` shape. */
export const zeroLocationRoutes = implement(zeroLocationContracts, {
  'zero.locations.create': async ({ svc, scope, body }) => zeroLocation(await svc.locations.create(scope, body)),
  'zero.locations.list': ({ svc, scope, query }) => {
    const res = svc.locations.list(scope, query);
    return asList('/locations', { ...res, data: res.data.map(zeroLocation) });
  },
  'zero.locations.retrieve': ({ svc, scope, params }) => zeroLocation(svc.locations.get(scope, params.id)),
  'zero.locations.update': async ({ svc, scope, params, body }) =>
    zeroLocation(await svc.locations.update(scope, params.id, body)),
  'zero.locations.delete': ({ svc, scope, params }) => {
    svc.locations.delete(scope, params.id);
    return { message: 'Accepted' as const };
  },
  'zero.locations.status': ({ svc, scope, params }) => zeroStatus(svc, scope, params.id),
});
