import { implement } from '../route.js';
import { billContracts } from '../../../engine/api/routes/bills.js';
import { unprocessable } from '../../../engine/errors.js';

export const billRoutes = implement(billContracts, {
  'bills.create': () => {
    throw unprocessable('not_implemented', 'The bill is not built yet.');
  },
});
