/**
 * The three charging schedules (docs/schedules.md): by duration, by price limit and by energy
 * amount, their requests and their answers. Not to be confused with `schedule.ts`, a tariff's
 * schedule of rates.
 */
import { z } from 'zod';
import { coded, idOf, resource, TariffDirection, Timestamp } from './common.js';

export const ScheduleSegment = z
  .enum(['LOW', 'HIGH'])
  .meta({ id: 'ScheduleSegment', description: 'LOW: the cheapest time; HIGH: the dearest. Default LOW.' });
export type ScheduleSegment = z.infer<typeof ScheduleSegment>;

export const PowerUnits = z.enum(['W', 'KW']).meta({ id: 'PowerUnits' });
export const EnergyUnits = z.enum(['WH', 'KWH']).meta({ id: 'EnergyUnits' });

/** Upper bounds that keep the arithmetic exact enough: a gigawatt, a terawatt-hour. */
export const SCHEDULE_LIMITS = { maxPowerW: 1e9, maxEnergyWh: 1e12, maxDevices: 20 } as const;

/** Watts or watt-hours of a quantity (`KW` and `KWH` are thousands). */
export const baseValue = (q: { units: string; value: number | string }) =>
  Number(q.value) * (q.units === 'KW' || q.units === 'KWH' ? 1000 : 1);

/** A quantity's value: a number, or a number written as a string (the reference's examples send `"14000"`). */
const QuantityValue = z
  .union([z.number(), z.string().max(32)])
  .meta({ description: 'Above 0. A number, or a decimal number written as a string.' });

/** A quantity's check: a value above 0 (and at most `max` in base units), refused under `code` otherwise. */
function aboveZero(code: string, max: number) {
  return (q: { units: string; value: number | string }, ctx: z.RefinementCtx) => {
    const text = typeof q.value === 'string' ? q.value.trim() : null;
    const v =
      text === null ? Number(q.value) : /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : NaN;
    if (!(v > 0) || !Number.isFinite(v))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a number above 0', params: { code } });
    else if (baseValue({ units: q.units, value: v }) > max)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `may be at most ${max} in W or Wh`, params: { code } });
  };
}

export const Power = z
  .strictObject({ units: PowerUnits, value: QuantityValue })
  .superRefine(aboveZero('max_power_invalid', SCHEDULE_LIMITS.maxPowerW))
  .meta({ id: 'Power' });
export const Energy = z
  .strictObject({ units: EnergyUnits, value: QuantityValue })
  .superRefine(aboveZero('energy_invalid', SCHEDULE_LIMITS.maxEnergyWh))
  .meta({ id: 'Energy' });

const Relative = z
  .number()
  .min(0)
  .max(1)
  .meta({ description: 'A share of the price range: LOW min + r·(max − min), HIGH max − r·(max − min).' });
const Absolute = z.number().min(-1e6).max(1e6).meta({ description: 'A price per kWh, major currency units.' });

/** What every schedule request may say about where and which way: the reference's spellings included. */
const where = {
  location_id: idOf('location')
    .optional()
    .meta({ description: 'The location of the path, repeated (the reference’s examples send it); must match.' }),
  tariff_direction: TariffDirection.optional().meta({ description: 'Default IMPORT.' }),
  direction: TariffDirection.optional().meta({ description: 'Another spelling of tariff_direction.' }),
};

/** A window as for prices: `end_time` after `start_time` (default now), at most 90 days. */
const window = {
  start_time: Timestamp.optional().meta({ description: 'Start of the window; default now.' }),
  end_time: Timestamp.meta({ description: 'End of the window (exclusive); answers write times in its form.' }),
};

export const ScheduleDurationRequest = z
  .strictObject({
    ...where,
    ...window,
    segment: ScheduleSegment.optional(),
    duration: z
      .number()
      .int()
      .min(1)
      .max(90 * 24 * 60)
      .meta({ description: 'Minutes of the cheapest (LOW) or dearest (HIGH) time wanted.' }),
  })
  .meta({ id: 'ScheduleDurationRequest' });
export type ScheduleDurationRequest = z.infer<typeof ScheduleDurationRequest>;

export const ScheduleLimitRequest = z
  .strictObject({
    ...where,
    ...window,
    segment: ScheduleSegment.optional(),
    relative: Relative.optional(),
    absolute: Absolute.optional(),
  })
  .refine(
    (b) => b.relative !== undefined || b.absolute !== undefined,
    coded('threshold_missing', 'give relative, absolute or both'),
  )
  .meta({ id: 'ScheduleLimitRequest' });
export type ScheduleLimitRequest = z.infer<typeof ScheduleLimitRequest>;

export const ShavingThreshold = z.strictObject({ relative: Relative.optional(), absolute: Absolute.optional() }).meta({
  id: 'ShavingThreshold',
  description: 'Prices beyond this are not used: above it when buying, below it when selling.',
});

export const ScheduleAmountEntry = z
  .strictObject({
    device_id: z
      .string()
      .regex(/^dev_[A-Za-z0-9]{1,64}$/, 'must be a device id (dev_…)')
      .optional()
      .meta({ description: 'Echoed in the answer.' }),
    tariff_direction: where.tariff_direction,
    direction: where.direction,
    ...window,
    max_power: Power.meta({ description: 'The device’s power.' }),
    energy: Energy.meta({ description: 'The energy to move within the window.' }),
  })
  .meta({ id: 'ScheduleAmountEntry' });

export const ScheduleAmountRequest = z
  .strictObject({
    ...where,
    max_power: Power.optional().meta({ description: 'The location’s limit on the devices’ summed power.' }),
    shaving_threshold: ShavingThreshold.optional(),
    data: z
      .array(ScheduleAmountEntry)
      .min(1)
      .max(SCHEDULE_LIMITS.maxDevices)
      .meta({ description: 'The devices, served in this order.' }),
  })
  .meta({ id: 'ScheduleAmountRequest' });
export type ScheduleAmountRequest = z.infer<typeof ScheduleAmountRequest>;

const PriceSummary = z.object({
  average: z.number().meta({ description: 'Time-weighted average price per kWh, 5 decimals.' }),
  confidence: z.number().min(0).max(1).meta({ description: 'The lowest of its intervals.' }),
});

export const SchedulePeriod = z
  .object({ start_time: z.string(), end_time: z.string(), price: PriceSummary })
  .meta({ id: 'SchedulePeriod' });

/** The head every schedule answer opens with. */
function head<const O extends string>(kind: 'scheduleDuration' | 'scheduleLimit' | 'scheduleAmount', object: O) {
  return {
    ...resource(kind, object),
    account_id: idOf('account'),
    location_id: idOf('location'),
    location_timezone: z.string(),
    currency_code: z.string(),
    tariff_direction: TariffDirection,
  };
}

export const ScheduleDuration = z
  .object({
    ...head('scheduleDuration', 'schedule_duration'),
    request: z.object({
      start_time: z.string(),
      end_time: z.string(),
      segment: ScheduleSegment,
      duration: z.number(),
    }),
    data: z.array(SchedulePeriod),
    time_created: Timestamp,
  })
  .meta({ id: 'ScheduleDuration' });

export const ScheduleLimitPeriod = z
  .object({
    start_time: z.string(),
    end_time: z.string(),
    price: PriceSummary,
    tariff: z
      .object({ rate_avg: z.number(), confidence: z.number().min(0).max(1) })
      .meta({ description: 'The same as price (the reference’s example names it tariff.rate_avg).' }),
  })
  .meta({ id: 'ScheduleLimitPeriod' });

export const ScheduleLimit = z
  .object({
    ...head('scheduleLimit', 'schedule_limit'),
    direction: TariffDirection.meta({
      description: 'The same as tariff_direction (the reference’s example reads it).',
    }),
    request: z.object({
      start_time: z.string(),
      end_time: z.string(),
      segment: ScheduleSegment,
      direction: TariffDirection,
      relative: z.number().optional(),
      absolute: z.number().optional(),
    }),
    duration: z.number().meta({ description: 'Total minutes of the periods.' }),
    threshold: z
      .number()
      .nullable()
      .meta({ description: 'The price limit applied, per kWh; null when the window has no known price.' }),
    next_update: z.string().nullable().meta({
      description:
        'When the prices of the window may change next, as POST /prices says it: the next market publication for market-rate tariffs, else the next contract or schedule change within the window, else null.',
    }),
    data: z.array(ScheduleLimitPeriod),
    time_created: Timestamp,
  })
  .meta({ id: 'ScheduleLimit' });

const Quantity = <U extends z.ZodEnum>(units: U) => z.object({ units, value: z.number() });
const Money = z.object({ value: z.number(), confidence: z.number().min(0).max(1) }).meta({
  description: 'Major currency units (earned, for EXPORT), 6 decimals; the lowest confidence of the prices used.',
});
const Savings = z
  .object({
    value: z.number().meta({ description: 'Against the device at full power from start_time at once, 6 decimals.' }),
    percentage: z.number().meta({ description: 'Of that cost, in percent, 2 decimals.' }),
  })
  .meta({ id: 'ScheduleSavings' });

export const ScheduleAmountResult = z
  .object({
    device_id: z.string().optional(),
    tariff_direction: TariffDirection,
    start_time: z.string(),
    end_time: z.string(),
    max_power: Quantity(PowerUnits),
    energy: Quantity(EnergyUnits).meta({ description: 'As asked; in WH, whole watt-hours (half away from zero).' }),
    cost: Money,
    tariff: Money.meta({ description: 'The same as cost (the reference’s example names it tariff).' }),
    savings: Savings,
    schedule: z.array(z.object({ start_time: z.string(), end_time: z.string(), power: Quantity(PowerUnits) })),
  })
  .meta({ id: 'ScheduleAmountResult' });

export const ScheduleAmount = z
  .object({
    ...head('scheduleAmount', 'schedule_amount'),
    max_power: Quantity(PowerUnits).optional(),
    shaving_threshold: z.object({ relative: z.number().optional(), absolute: z.number().optional() }).optional(),
    energy: Quantity(EnergyUnits).meta({
      description: 'Summed over the devices, in the units of the first; in WH, whole watt-hours (half away from zero).',
    }),
    cost: Money,
    tariff: Money,
    savings: Savings,
    data: z.array(ScheduleAmountResult),
    time_created: Timestamp,
  })
  .meta({ id: 'ScheduleAmount' });
