import { z } from 'zod';
import { idOf, Timestamp } from './common.js';
import { Usage } from './cost.js';
import { Generation } from './bill.js';
import { BatteryRequest, BatteryStrategy, DispatchCell } from './battery.js';

/** `POST /schedules/battery/{location_id}`. */
export const BATTERY_SCHEDULE_LIMITS = { maxDays: 31 } as const;

export const BatteryScheduleRequest = z
  .strictObject({
    start_time: Timestamp,
    end_time: Timestamp,
    battery: BatteryRequest,
    usage: Usage.optional().meta({ description: 'Energy used, as bills take it. Absent: none.' }),
    generation: Generation.optional().meta({
      description: 'Energy generated on site, as bills take it. Absent: none.',
    }),
  })
  .meta({ id: 'BatteryScheduleRequest' });
export type BatteryScheduleRequest = z.output<typeof BatteryScheduleRequest>;

export const BatteryScheduleCell = DispatchCell.extend({
  import_price: z.number().meta({ description: 'The import price in the interval, per kWh (first tier).' }),
  export_price: z.number().meta({ description: 'The export price in the interval, per kWh.' }),
}).meta({ id: 'BatteryScheduleCell' });

export const BatterySchedule = z
  .object({
    object: z.literal('battery_schedule'),
    location_id: idOf('location'),
    start_time: z.string(),
    end_time: z.string(),
    currency_code: z.string(),
    strategy: BatteryStrategy,
    initial_soc_kwh: z.number(),
    cost_without: z.number().meta({ description: 'Import cost minus export credit without the battery.' }),
    cost_with: z.number().meta({ description: 'Import cost minus export credit with the battery.' }),
    saving: z.number(),
    warnings: z.array(z.string()),
    data: z.array(BatteryScheduleCell),
  })
  .meta({ id: 'BatterySchedule' });
export type BatterySchedule = z.input<typeof BatterySchedule>;
