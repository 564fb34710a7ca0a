import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import {
  ScheduleAmount,
  ScheduleAmountRequest,
  ScheduleDuration,
  ScheduleDurationRequest,
  ScheduleLimit,
  ScheduleLimitRequest,
} from '../../schemas/schedule-request.js';
import { BatterySchedule, BatteryScheduleRequest } from '../../schemas/battery-schedule.js';

const params = z.strictObject({ id: idOf('location') });

export const scheduleContracts = contracts({
  'schedules.duration': {
    method: 'POST',
    path: '/schedules/duration/:id',
    summary: 'The cheapest (or dearest) time of a window, by total duration',
    tag: 'Schedules',
    params,
    body: ScheduleDurationRequest,
    response: ScheduleDuration,
  },
  'schedules.limit': {
    method: 'POST',
    path: '/schedules/limit/:id',
    summary: 'The time of a window priced at or below (or above) a limit',
    tag: 'Schedules',
    params,
    body: ScheduleLimitRequest,
    response: ScheduleLimit,
  },
  'schedules.amount': {
    method: 'POST',
    path: '/schedules/amount/:id',
    summary: 'When devices should draw (or export) their energy at least cost',
    tag: 'Schedules',
    params,
    body: ScheduleAmountRequest,
    response: ScheduleAmount,
  },
  'schedules.battery': {
    method: 'POST',
    path: '/schedules/battery/:id',
    summary: 'A battery’s plan over a window on the location’s tariffs, Tariff Desk’s extension',
    tag: 'Schedules',
    params,
    body: BatteryScheduleRequest,
    response: BatterySchedule,
  },
});
