import { asList, implement } from '../route.js';
import { connectContracts, DEVICE_OPTIONS } from '../../../engine/api/routes/connect.js';

export const connectRoutes = implement(connectContracts, {
  'connect_token.create': ({ svc, scope, body }) => svc.connectTokens.create(scope, body),
  'connect_token.retrieve': ({ svc, scope, query }) => svc.connectTokens.view(scope, query.connect_token),
  'connect_tariff_token.create': ({ svc, scope, body }) => svc.connectTokens.create(scope, body),
  'connect_tariff_token.retrieve': ({ svc, scope, query }) => svc.connectTokens.view(scope, query.connect_token),
  'connect_options.list': ({ query }) =>
    asList('/connect/options', {
      has_more: false,
      data: Object.entries(DEVICE_OPTIONS)
        .filter(([d]) => !query.device || d === query.device)
        .map(([device, combos]) => ({
          device: device as keyof typeof DEVICE_OPTIONS,
          combinations: combos.map(([tariff_type, tariff_direction]) => ({ tariff_type, tariff_direction })),
        })),
    }),
  'locations.status': ({ svc, scope, params }) => svc.status.status(scope, params.id),
});
