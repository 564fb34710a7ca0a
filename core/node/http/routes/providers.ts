import { asList, implement } from '../route.js';
import { providerContracts } from '../../../engine/api/routes/providers.js';

export const providerRoutes = implement(providerContracts, {
  'providers.list': ({ svc, scope, query }) => asList('/providers', svc.providers.list(scope.liveMode, query)),
  'providers.retrieve': ({ svc, scope, params }) => svc.providers.get(params.id, scope.liveMode),
});
