import { asList, implement } from '../route.js';
import { deviceContracts } from '../../../engine/api/routes/devices.js';
import { created, deleted } from '../profile.js';

export const deviceRoutes = implement(deviceContracts, {
  'devices.create': ({ svc, scope, body, reply }) => created(svc, scope, reply, svc.devices.create(scope, body)),
  'devices.list': ({ svc, scope, query }) => asList('/devices', svc.devices.list(scope, query)),
  'devices.retrieve': ({ svc, scope, params }) => svc.devices.get(scope, params.id),
  'devices.update': ({ svc, scope, params, body }) => svc.devices.update(scope, params.id, body),
  'devices.delete': ({ svc, scope, params, reply }) => deleted(svc, scope, reply, svc.devices.delete(scope, params.id)),
  'devices.state.put': ({ svc, scope, params, body }) => svc.devices.reportState(scope, params.id, body),
  'devices.state.get': ({ svc, scope, params }) => svc.devices.latestState(scope, params.id),
});
