import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { COST_LIMITS, Cost, CostRequest, UsageProfileList } from '../../schemas/cost.js';

export const costContracts = contracts({
  'costs.retrieve': {
    method: 'POST',
    path: '/costs/:id',
    summary: 'Cost of usage at a location over a window, by the same engine as prices',
    tag: 'Costs',
    params: z.strictObject({ id: idOf('location') }),
    body: CostRequest,
    bodyLimit: COST_LIMITS.bodyLimit,
    response: Cost,
  },
  'usageProfiles.list': {
    method: 'GET',
    path: '/usage-profiles',
    summary: 'List the standard usage profiles',
    tag: 'Costs',
    response: UsageProfileList,
  },
});
