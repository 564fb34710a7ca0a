import { implement } from '../route.js';
import { signingKeyContracts } from '../../../engine/api/routes/signing-keys.js';

export const signingKeyRoutes = implement(signingKeyContracts, {
  jwks: ({ svc }) => svc.webhooks.keys.jwks(),
  'webhook_signing_keys.list': ({ svc }) => svc.webhooks.keys.list(),
  'webhook_signing_keys.rotate': ({ svc }) => svc.webhooks.keys.rotate(),
});
