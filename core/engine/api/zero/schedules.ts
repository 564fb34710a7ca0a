import { contracts } from '../contract.js';
import { Schedule, ScheduleCreate } from '../../schemas/zero/schedules.js';

/** Zero's schedule: when each device of a location should draw (or export) its energy at least cost. */
export const zeroScheduleContracts = contracts({
  'zero.schedules.create': {
    method: 'POST',
    path: '/schedules',
    summary: 'When devices should draw (or export) their energy at least cost',
    tag: 'Schedules',
    body: ScheduleCreate,
    response: Schedule,
  },
});
