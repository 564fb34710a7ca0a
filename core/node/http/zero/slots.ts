import { implement } from '../route.js';
import { zeroSlotContracts } from '../../../engine/api/zero/slots.js';
import { zeroSlotThreshold, zeroSlotTime } from '../../services/zero/slots.js';

export const zeroSlotRoutes = implement(zeroSlotContracts, {
  'zero.slots.time': ({ svc, scope, params, query }) => zeroSlotTime(svc, scope, params.id, query),
  'zero.slots.threshold': ({ svc, scope, params, query }) => zeroSlotThreshold(svc, scope, params.id, query),
});
