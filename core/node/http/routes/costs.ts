import { implement } from '../route.js';
import { costContracts } from '../../../engine/api/routes/costs.js';
import { usageShapes } from '../../../engine/usage/profiles.js';
import { usageProfileList } from '../../../engine/usage/describe.js';

/** The profiles are constants: their answer is written once. */
let profiles: string | undefined;

export const costRoutes = implement(costContracts, {
  'costs.retrieve': ({ svc, scope, params, body }) => svc.prices.cost(scope, params.id, body),
  'usageProfiles.list': () => (profiles ??= JSON.stringify(usageProfileList(usageShapes()))),
});
