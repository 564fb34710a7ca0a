import { asList, implement } from '../route.js';
import { zeroCustomerContracts } from '../../../engine/api/zero/customers.js';
import { zeroDevice } from '../../../engine/zero/shapes.js';

/** Zero's customers and devices: the same services, Zero's statuses set by the contracts, devices in Zero's shape. */
export const zeroCustomerRoutes = implement(zeroCustomerContracts, {
  'zero.customers.create': ({ svc, scope, body }) => svc.customers.create(scope, body),
  'zero.customers.list': ({ svc, scope, query }) => asList('/customers', svc.customers.list(scope, query)),
  'zero.customers.update': ({ svc, scope, params, body }) => svc.customers.update(scope, params.id, body),
  'zero.devices.create': ({ svc, scope, body }) => zeroDevice(svc.devices.create(scope, body)),
  'zero.devices.list': ({ svc, scope, query }) => {
    const page = svc.devices.list(scope, query);
    return asList('/devices', { ...page, data: page.data.map(zeroDevice) });
  },
  'zero.devices.retrieve': ({ svc, scope, params }) => zeroDevice(svc.devices.get(scope, params.id)),
  'zero.devices.update': ({ svc, scope, params, body }) => zeroDevice(svc.devices.update(scope, params.id, body)),
});
