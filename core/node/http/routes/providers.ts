import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { idOf } from '../../../engine/schemas/common.js';
import { Provider, ProviderList, ProviderListQuery } from '../../../engine/schemas/misc.js';

export const providerRoutes = [
  defineRoute({
    method: 'GET',
    path: '/providers',
    operationId: 'providers.list',
    summary: 'List providers of the library',
    tag: 'Providers',
    query: ProviderListQuery,
    response: ProviderList,
    handler: ({ svc, scope, query }) => asList('/providers', svc.providers.list(scope.liveMode, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/providers/:id',
    operationId: 'providers.retrieve',
    summary: 'Retrieve a provider',
    tag: 'Providers',
    params: z.strictObject({ id: idOf('provider') }),
    response: Provider,
    handler: ({ svc, scope, params }) => svc.providers.get(params.id, scope.liveMode),
  }),
];
