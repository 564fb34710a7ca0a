import { asList, implement } from '../route.js';
import { libraryContracts } from '../../../engine/api/routes/library.js';
import type { Service } from '../../service.js';
import { VERSION_OF, generationOf } from '../../../engine/versions.js';

const settingsView = (svc: Service, accountId: string) => ({
  object: 'settings' as const,
  ...svc.settings.all(),
  bearer_token_ttl_seconds: svc.accounts.get(accountId)!.token_ttl_seconds,
  rate_limit_per_minute: svc.settings.rateLimit(accountId),
  wire_profile: svc.settings.wireProfile(accountId),
  api_version: VERSION_OF[svc.settings.apiGeneration(accountId)],
  connect_web_origins: svc.connectTokens.webOrigins(),
});

export const libraryRoutes = implement(libraryContracts, {
  'providers.create': ({ svc, scope, body }) => svc.providers.create(body, scope.liveMode),
  'providers.update': ({ svc, scope, params, body }) => svc.providers.update(params.id, body, scope.liveMode),
  'providers.delete': ({ svc, scope, params }) => svc.providers.delete(params.id, scope.liveMode),
  'grid_fees.list': ({ svc }) => asList('/grid-fees', { data: svc.gridFees.list(), has_more: false }),
  'grid_fees.create': ({ svc, body }) => svc.gridFees.create(body),
  'grid_fees.delete': ({ svc, params }) => svc.gridFees.delete(params.id),
  'settings.retrieve': ({ svc, scope }) => settingsView(svc, scope.accountId),
  'settings.update': ({ svc, scope, body }) => {
    if (body.connect_token_ttl_seconds !== undefined)
      svc.settings.set('connect_token_ttl_seconds', body.connect_token_ttl_seconds);
    if (body.bearer_token_ttl_seconds !== undefined)
      svc.accounts.setTokenTtl(scope.accountId, body.bearer_token_ttl_seconds);
    if (body.connect_web_origins !== undefined) svc.connectTokens.setWebOrigins(body.connect_web_origins);
    const generation = body.api_version === undefined ? undefined : generationOf(body.api_version);
    if (generation) svc.settings.setApiGeneration(scope.accountId, generation);
    if (body.wire_profile !== undefined) svc.settings.setWireProfile(scope.accountId, body.wire_profile);
    if (body.rate_limit_per_minute !== undefined)
      svc.settings.setRateLimit(scope.accountId, body.rate_limit_per_minute);
    return settingsView(svc, scope.accountId);
  },
});
