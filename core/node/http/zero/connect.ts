import { implement, type Route } from '../route.js';
import { zeroConnectContracts } from '../../../engine/api/zero/connect.js';
import { createZeroToken, runZeroBatch, zeroTokenView } from '../../connect/zero/tokens.js';

/** Zero's connect token operations: the token service's own, in Zero's names. */
export const zeroConnectRoutes: Route[] = implement(zeroConnectContracts, {
  'zero.connect.token.create': ({ svc, scope, body }) => createZeroToken(svc, scope, body),
  'zero.connect.token.exchange': ({ svc, scope, query }) => zeroTokenView(svc, scope, query.connect_token),
  'zero.connect.batch': ({ svc, scope, body }) => runZeroBatch(svc, scope, body),
});
