import { implement } from '../route.js';
import { billContracts } from '../../../engine/api/routes/bills.js';

export const billRoutes = implement(billContracts, {
  'bills.create': ({ svc, scope, params, body }) => svc.bills.create(scope, params.location_id, body),
});
