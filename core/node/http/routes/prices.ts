import { implement } from '../route.js';
import { priceContracts } from '../../../engine/api/routes/prices.js';

export const priceRoutes = implement(priceContracts, {
  'prices.retrieve': ({ svc, scope, params, body }) => svc.prices.priceJson(scope, params.id, body),
});
