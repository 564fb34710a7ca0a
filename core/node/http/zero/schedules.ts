import { implement } from '../route.js';
import { zeroScheduleContracts } from '../../../engine/api/zero/schedules.js';
import { zeroSchedule } from '../../services/zero/schedules.js';

export const zeroScheduleRoutes = implement(zeroScheduleContracts, {
  'zero.schedules.create': ({ svc, scope, body }) => zeroSchedule(svc, scope, body),
});
