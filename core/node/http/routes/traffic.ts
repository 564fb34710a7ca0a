import { asList, implement } from '../route.js';
import { trafficContracts } from '../../../engine/api/routes/traffic.js';

export const trafficRoutes = implement(trafficContracts, {
  'journal.list': ({ svc, scope, query }) => asList('/journal', svc.journal.list(scope, query)),
  'journal.clear': ({ svc, scope }) => ({ object: 'journal_clear' as const, deleted: svc.journal.clear(scope) }),
  'faults.list': ({ svc, scope }) => asList('/faults', { data: svc.faults.list(scope), has_more: false }),
  'faults.create': ({ svc, scope, body }) => svc.faults.add(scope, body, svc.clock.now()),
  'faults.update': ({ svc, scope, params, body }) => svc.faults.update(scope, params.id, body),
  'faults.delete': ({ svc, scope, params }) => svc.faults.remove(scope, params.id),
});
