import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { Provider, ProviderList, ProviderListQuery } from '../../schemas/misc.js';

export const providerContracts = contracts({
  'providers.list': {
    method: 'GET',
    path: '/providers',
    summary: 'List providers of the library',
    tag: 'Providers',
    query: ProviderListQuery,
    response: ProviderList,
  },
  'providers.retrieve': {
    method: 'GET',
    path: '/providers/:id',
    summary: 'Retrieve a provider',
    tag: 'Providers',
    params: z.strictObject({ id: idOf('provider') }),
    response: Provider,
  },
});
