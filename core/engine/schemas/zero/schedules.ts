/**
 * Zero's schedule (API version 2024-08-24): `POST /schedules`, when each device of a location
 * should take (or give) its energy at least cost; the schedule by amount under Zero's names.
 */
import { z } from 'zod';
import { idOf, Timestamp } from '../common.js';
import { EnergyUnits, PowerUnits, SCHEDULE_LIMITS, baseValue } from '../schedule-request.js';
import { ZeroDirection, ZeroDirectionParam, zeroId } from './window-query.js';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A quantity's check: a value above 0 (at most `max` in W or Wh), refused under `code` otherwise. */
function aboveZero(code: string, max: number) {
  return (q: { units: string; value: number | string }, ctx: z.RefinementCtx) => {
    const v = typeof q.value === 'string' ? (NUMBER.test(q.value.trim()) ? Number(q.value) : NaN) : q.value;
    if (!(v > 0) || !Number.isFinite(v))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a number above 0', params: { code } });
    else if (baseValue({ units: q.units, value: v }) > max)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `may be at most ${max} in W or Wh`, params: { code } });
  };
}

const Value = z
  .union([z.number(), z.string().max(32)])
  .meta({ description: 'Above 0: a number, or a decimal number written as a string ("14000").' });

const ZeroPower = z
  .object({ units: PowerUnits, value: Value })
  .superRefine(aboveZero('max_power_invalid', SCHEDULE_LIMITS.maxPowerW));
const ZeroEnergy = z
  .object({ units: EnergyUnits, value: Value })
  .superRefine(aboveZero('energy_invalid', SCHEDULE_LIMITS.maxEnergyWh));

const Relative = z.number().min(0).max(1);
const Absolute = z.number().min(-1e6).max(1e6);

export const ScheduleCreate = z.object({
  location_id: idOf('location'),
  max_power: ZeroPower.meta({ description: 'The location’s limit on the devices’ power summed.' }),
  shaving_threshold: z
    .object({
      relative: Relative.optional().meta({
        description:
          'A place on each device window’s price range, 0 its lowest price and 1 its highest: buying uses time at or below it, selling at or above it.',
      }),
      absolute: Absolute.optional().meta({ description: 'A price per kWh; overrides relative when both are given.' }),
    })
    .optional(),
  data: z
    .array(
      z.object({
        device_id: z.string().regex(/^dev_[A-Za-z0-9]{1,64}$/, 'must be a device id (dev_…)'),
        direction: ZeroDirectionParam.optional(),
        start_time: Timestamp.optional().meta({ description: 'When the device may start; default now.' }),
        end_time: Timestamp,
        max_power: ZeroPower.optional().meta({ description: 'The device’s power; default the location’s max_power.' }),
        energy: ZeroEnergy,
      }),
    )
    .min(1)
    .max(SCHEDULE_LIMITS.maxDevices)
    .meta({ description: 'The devices, served in this order.' }),
});
export type ScheduleCreate = z.infer<typeof ScheduleCreate>;

const Quantity = <U extends z.ZodEnum>(units: U) => z.object({ units, value: z.number() });
const Money = z.object({ value: z.number(), confidence: z.number().min(0).max(1) });
const Savings = z.object({ value: z.number(), percentage: z.number() });

export const Schedule = z
  .object({
    id: zeroId('sch'),
    object: z.literal('schedule'),
    live_mode: z.boolean(),
    location_id: idOf('location'),
    location_timezone: z.string(),
    currency_code: z.string(),
    max_power: Quantity(PowerUnits),
    shaving_threshold: z.object({ relative: z.number().optional(), absolute: z.number().optional() }).optional(),
    tariff: Money.meta({ description: 'What the planned energy costs (earns, exporting), 6 decimals.' }),
    savings: Savings,
    data: z.array(
      z.object({
        device_id: z.string(),
        direction: ZeroDirection,
        start_time: z.string(),
        end_time: z.string(),
        max_power: Quantity(PowerUnits),
        energy: Quantity(EnergyUnits),
        tariff: Money,
        savings: Savings,
        schedule: z.array(z.object({ start_time: z.string(), end_time: z.string(), power: Quantity(PowerUnits) })),
      }),
    ),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroSchedule' });
export type Schedule = z.input<typeof Schedule>;
