import { asList, implement } from '../route.js';
import { zeroTariffElementContracts } from '../../../engine/api/zero/tariff-elements.js';
import { zeroTariff } from '../../../engine/zero/shapes.js';
import type { ZeroTariffElementUpdate } from '../../../engine/zero/tariff-element.js';
import type { TariffUpdate } from '../../../engine/schemas/tariff.js';

/** Zero's PATCH as Anode's: `data` is the schedule; fields not given stay as they are. */
function asUpdate(body: ZeroTariffElementUpdate): TariffUpdate {
  const { data, ...rest } = body;
  const patch: Record<string, unknown> = { ...rest, ...(data !== undefined ? { schedule: data } : {}) };
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as TariffUpdate;
}

/** Zero's tariff elements on the one tariffs service: what Zero makes, Anode reads and prices. */
export const zeroTariffElementRoutes = implement(zeroTariffElementContracts, {
  'zero.tariffElements.create': ({ svc, scope, body }) => zeroTariff(svc.tariffs.create(scope, body)),
  'zero.tariffElements.list': ({ svc, scope, query }) => {
    const { location_id, direction, type, ...page } = query;
    const res = svc.tariffs.list(scope, { location_id, tariff_direction: direction, type }, page);
    return asList('/tariffs/elements', { ...res, data: res.data.map(zeroTariff) });
  },
  'zero.tariffElements.retrieve': ({ svc, scope, params }) => zeroTariff(svc.tariffs.get(scope, params.id)),
  'zero.tariffElements.update': ({ svc, scope, params, body }) =>
    zeroTariff(svc.tariffs.update(scope, params.id, asUpdate(body))),
  'zero.tariffElements.delete': ({ svc, scope, params }) => {
    svc.tariffs.delete(scope, params.id);
    return { message: 'Accepted' as const };
  },
});
