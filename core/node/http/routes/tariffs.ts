import { asList, implement } from '../route.js';
import { deleted } from '../profile.js';
import { Codes, invalid } from '../../../engine/errors.js';
import { tariffContracts } from '../../../engine/api/routes/tariffs.js';

export const tariffRoutes = implement(tariffContracts, {
  'tariffs.create': ({ svc, scope, body }) => svc.tariffs.create(scope, body),
  'tariffs.list': ({ svc, scope, query }) => {
    const { location_id, tariff_direction, direction, type, ...page } = query;
    if (tariff_direction && direction && tariff_direction !== direction)
      throw invalid(
        Codes.tariffDirectionConflict,
        'direction and tariff_direction name the same filter: give one, or the same value.',
      );
    return asList(
      '/tariffs',
      svc.tariffs.list(scope, { location_id, tariff_direction: tariff_direction ?? direction, type }, page),
    );
  },
  'tariffs.retrieve': ({ svc, scope, params }) => svc.tariffs.get(scope, params.id),
  'tariffs.update': ({ svc, scope, params, body }) => svc.tariffs.update(scope, params.id, body),
  'tariffs.delete': ({ svc, scope, params, reply }) => deleted(svc, scope, reply, svc.tariffs.delete(scope, params.id)),
});
