import { z } from 'zod';
import { coded, idOf } from './common.js';
import { TimeOfDay } from './schedule.js';

/**
 * A home battery and an electric car as a bill or a battery schedule takes them
 * (docs/batteries.md). Tariff Desk's extension. Each field's own range is checked here, before
 * the defaults derived from it (the initial state of charge defaults to the reserve, the final to
 * the initial) are checked against each other by the service, once a device has filled the gaps.
 */

const positive = (code: string, max: number, unit: string) =>
  z
    .number()
    .refine((v) => Number.isFinite(v) && v > 0 && v <= max, coded(code, `must be above 0 and at most ${max} ${unit}`));
const percent = (code: string) =>
  z.number().refine((v) => Number.isFinite(v) && v >= 0 && v <= 100, coded(code, 'must be a percentage from 0 to 100'));
const efficiency = z
  .number()
  .refine(
    (v) => Number.isFinite(v) && v > 0 && v <= 1,
    coded('round_trip_efficiency_invalid', 'must be above 0 and at most 1 (0.9 = 90 %)'),
  );

export const BatteryStrategy = z.enum(['OPTIMAL', 'SELF_CONSUMPTION']).meta({
  id: 'BatteryStrategy',
  description:
    'OPTIMAL: the cheapest dispatch over the whole window with perfect foresight. SELF_CONSUMPTION: interval by interval, solar surplus charges and a deficit discharges; never from or to the grid.',
});

export const BatteryRequest = z
  .strictObject({
    capacity_kwh: positive('capacity_kwh_invalid', 100_000, 'kWh')
      .optional()
      .meta({ description: 'Usable energy, kWh. Required unless device_id names a device that has it.' }),
    power_kw: positive('power_kw_invalid', 100_000, 'kW')
      .optional()
      .meta({ description: 'The most it charges or discharges, AC side, kW. Required unless the device has it.' }),
    round_trip_efficiency: efficiency
      .optional()
      .meta({ description: 'Default 0.9; each direction is its square root.' }),
    reserve_percent: percent('reserve_percent_invalid')
      .optional()
      .meta({ description: 'The state of charge never goes below it. Default 0 (or the device’s).' }),
    initial_soc_percent: percent('initial_soc_percent_invalid').optional().meta({
      description:
        'State of charge at the window’s start, from the reserve to 100. Default: the reserve; a battery schedule with device_id starts from the device’s last reported state.',
    }),
    final_soc_percent: percent('final_soc_percent_invalid').optional().meta({
      description: 'OPTIMAL: the window ends with at least this, from the reserve to 100. Default: the initial.',
    }),
    grid_charging: z
      .boolean()
      .optional()
      .meta({ description: 'OPTIMAL: may it charge from the grid (default true); if not, only from solar surplus.' }),
    export: z.boolean().optional().meta({ description: 'OPTIMAL: may it send energy to the grid (default false).' }),
    strategy: BatteryStrategy.optional().meta({ description: 'Default OPTIMAL.' }),
    device_id: idOf('device')
      .optional()
      .meta({ description: 'A device whose stored battery properties fill the fields not given.' }),
  })
  .meta({ id: 'BatteryRequest' });
export type BatteryRequest = z.output<typeof BatteryRequest>;

export const CarStrategy = z.enum(['CHEAPEST', 'ON_ARRIVAL']).meta({
  id: 'CarStrategy',
  description:
    'CHEAPEST: each night’s need in the night’s cheapest intervals by import price (earliest first among equals). ON_ARRIVAL: full power from plug_in until the need is met.',
});

export const CarRequest = z
  .strictObject({
    power_kw: positive('power_kw_invalid', 1_000, 'kW').meta({ description: 'The charger’s power, kW.' }),
    kwh_per_day: z
      .number()
      .refine(
        (v) => Number.isFinite(v) && v >= 0 && v <= 10_000,
        coded('kwh_per_day_invalid', 'must be from 0 to 10000 kWh'),
      )
      .meta({ description: 'Energy the car takes each day, kWh.' }),
    plug_in: TimeOfDay('plug_in').meta({ description: 'Local time it plugs in, every day, e.g. 18:00:00.' }),
    ready_by: TimeOfDay('ready_by').meta({
      description: 'Local time it must be charged by; the next day when it is not later than plug_in.',
    }),
    strategy: CarStrategy.optional().meta({ description: 'Default CHEAPEST.' }),
  })
  .meta({ id: 'CarRequest' });
export type CarRequest = z.output<typeof CarRequest>;

/** One interval of a dispatch: energy in kWh, 6 decimals. */
export const DispatchCell = z
  .object({
    start_time: z.string(),
    end_time: z.string(),
    charge_kwh: z.number().meta({ description: 'Energy into the battery, AC side, kWh.' }),
    discharge_kwh: z.number().meta({ description: 'Energy out of the battery, AC side, kWh.' }),
    soc_kwh: z.number().meta({ description: 'State of charge at the interval’s end, kWh.' }),
    import_kwh: z.number().meta({ description: 'Energy drawn from the grid with the battery, kWh.' }),
    export_kwh: z.number().meta({ description: 'Energy sent to the grid with the battery, kWh.' }),
  })
  .meta({ id: 'DispatchCell' });

export const BatteryOutcome = z
  .object({
    strategy: BatteryStrategy,
    charged_kwh: z.number(),
    discharged_kwh: z.number(),
    cycles: z.number().meta({ description: 'Energy discharged over the capacity.' }),
    saving: z.number().meta({ description: 'The total without the battery minus the total with it.' }),
    total_without: z.number().meta({ description: 'The same bill’s total without the battery.' }),
    warnings: z.array(z.string()).meta({ description: 'Where the plan had to simplify the tariff.' }),
    dispatch: z.array(DispatchCell).optional().meta({ description: 'With include_dispatch: every interval.' }),
  })
  .meta({ id: 'BatteryOutcome' });
