import { implement } from '../route.js';
import { testHelperContracts } from '../../../engine/api/routes/test-helpers.js';
import { completeConnectToken } from '../../connect/drive.js';

export const testHelperRoutes = implement(testHelperContracts, {
  // The flow's redirects are followed inside the call, so the web app's address only names them.
  'testHelpers.connect.complete': ({ svc, scope, body }) =>
    completeConnectToken(svc, { connectWebUrl: () => svc.providers.logoBase() }, scope, body),
});
