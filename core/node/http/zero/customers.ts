import { asList, implement } from '../route.js';
import { zeroCustomerContracts } from '../../../engine/api/zero/customers.js';

/** Zero's customers and devices: the same services, Zero's statuses set by the contracts. */
export const zeroCustomerRoutes = implement(zeroCustomerContracts, {
  'zero.customers.create': ({ svc, scope, body }) => svc.customers.create(scope, body),
  'zero.customers.list': ({ svc, scope, query }) => asList('/customers', svc.customers.list(scope, query)),
  'zero.customers.update': ({ svc, scope, params, body }) => svc.customers.update(scope, params.id, body),
  'zero.devices.create': ({ svc, scope, body }) => svc.devices.create(scope, body),
  'zero.devices.list': ({ svc, scope, query }) => asList('/devices', svc.devices.list(scope, query)),
  'zero.devices.update': ({ svc, scope, params, body }) => svc.devices.update(scope, params.id, body),
});
