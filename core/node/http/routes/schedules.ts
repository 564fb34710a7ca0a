import { implement } from '../route.js';
import { scheduleContracts } from '../../../engine/api/routes/schedules.js';
import { scheduleAmount, scheduleDuration, scheduleLimit } from '../../services/schedules.js';

export const scheduleRoutes = implement(scheduleContracts, {
  'schedules.duration': ({ svc, scope, params, body }) => scheduleDuration(svc, scope, params.id, body),
  'schedules.limit': ({ svc, scope, params, body }) => scheduleLimit(svc, scope, params.id, body),
  'schedules.amount': ({ svc, scope, params, body }) => scheduleAmount(svc, scope, params.id, body),
  'schedules.battery': ({ svc, scope, params, body }) => svc.batterySchedules.plan(scope, params.id, body),
});
