import { asList, implement } from '../route.js';
import { customerContracts } from '../../../engine/api/routes/customers.js';
import { created, deleted } from '../profile.js';

export const customerRoutes = implement(customerContracts, {
  'customers.create': ({ svc, scope, body, reply }) => created(svc, scope, reply, svc.customers.create(scope, body)),
  'customers.list': ({ svc, scope, query }) => asList('/customers', svc.customers.list(scope, query)),
  'customers.retrieve': ({ svc, scope, params }) => svc.customers.get(scope, params.id),
  'customers.update': ({ svc, scope, params, body }) => svc.customers.update(scope, params.id, body),
  'customers.delete': ({ svc, scope, params, reply }) =>
    deleted(svc, scope, reply, svc.customers.delete(scope, params.id)),
});
