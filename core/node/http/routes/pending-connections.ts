import { implement } from '../route.js';
import { pendingConnectionContracts } from '../../../engine/api/routes/pending-connections.js';
import { resolvePending } from '../../connect/pending.js';

export const pendingConnectionRoutes = implement(pendingConnectionContracts, {
  'tariffs.resolve': ({ svc, scope, params, body }) => resolvePending(svc, scope, params.id, body.outcome),
});
