import { z } from 'zod';
import { parseDay, parseMonth } from '../schedule/names.js';
import { coded } from './common.js';
import { nameList, refuseEmptyBand, refuseFallingBounds, refuseOverlappingBands, TimeOfDay } from './schedule.js';

/**
 * The parts of a bill beside the energy schedule (docs/bills.md): fixed, minimum and demand
 * charges. Tariff Desk's extension beyond the reference: `POST /prices` never reads them; the
 * bill (`POST /bills/{location_id}`) and the costs that say they are whole bills do.
 */

const EXTENSION = 'Tariff Desk’s extension beyond the reference.';

const amount = (field: string) =>
  z
    .number()
    .refine(
      (v) => Number.isFinite(v) && v >= 0 && v <= 1e7,
      coded(`${field}_invalid`, 'must be a number from 0 to 10 000 000'),
    )
    .meta({ description: 'Major currency units.' });

export const FixedCharge = z
  .strictObject({
    amount: amount('amount'),
    per: z.enum(['DAY', 'MONTH']).meta({
      description: 'DAY: charged for every local day of the month; MONTH: once per local calendar month.',
    }),
    name: z.string().max(100).optional().meta({ description: 'How a bill lists it, e.g. "Standing charge".' }),
  })
  .meta({ id: 'FixedCharge' });
export type FixedCharge = z.infer<typeof FixedCharge>;

export const MinimumCharge = z
  .strictObject({
    amount: amount('amount'),
    per: z.enum(['MONTH', 'YEAR']).meta({
      description:
        'MONTH: a month whose total after credits is below it is charged the difference; YEAR: the billing year ending with the true-up month, likewise, charged in its last month.',
    }),
  })
  .meta({ id: 'MinimumCharge' });
export type MinimumCharge = z.infer<typeof MinimumCharge>;

/**
 * One block of a demand rate: `fixed` per kW up to `to_kw` (blocks: the first bound's kW at the
 * first price, the kW above it at the next). Only the last block may omit `to_kw`.
 */
export const DemandTier = z
  .strictObject({
    fixed: z
      .number()
      .refine((v) => Number.isFinite(v) && v >= -1e6 && v <= 1e6, coded('fixed_invalid', 'must be a number per kW'))
      .meta({ description: 'Rate in major currency units per kW.' }),
    to_kw: z
      .number()
      .refine((v) => Number.isFinite(v) && v > 0 && v <= 1e9, coded('to_kw_invalid', 'must be a positive kW bound'))
      .optional()
      .meta({ description: 'Upper bound of this block in kW; bounds rise; the last block has none.' }),
  })
  .meta({ id: 'DemandTier' });
export type DemandTier = z.infer<typeof DemandTier>;

const DemandTiers = z
  .array(DemandTier)
  .min(1)
  .max(10)
  .superRefine((tiers, ctx) => refuseFallingBounds(tiers, 'to_kw', 'block', ctx));

/** Flat demand: the month's highest kW at any time, priced by the first entry naming the month. */
export const FlatDemand = z
  .strictObject({
    months: nameList('months', parseMonth).optional().meta({ description: 'Month names or All; absent: every month.' }),
    rate: DemandTiers,
  })
  .meta({ id: 'FlatDemand' });
export type FlatDemand = z.infer<typeof FlatDemand>;

/** A time-of-use demand period: its own highest kW in the month, within the hours the schedule gives it. */
export const DemandPeriod = z
  .strictObject({
    name: z.string().min(1).max(60).meta({ example: 'On-peak' }),
    rate: DemandTiers,
  })
  .meta({ id: 'DemandPeriod' });
export type DemandPeriod = z.infer<typeof DemandPeriod>;

export const DemandBand = z
  .strictObject({
    valid_from: TimeOfDay('valid_from'),
    valid_to: TimeOfDay('valid_to'),
    period: z.string().min(1).max(60).meta({ description: 'The name of one of `periods`.' }),
  })
  .superRefine(refuseEmptyBand)
  .meta({ id: 'DemandBand' });

/** Like the energy schedule: months, then days and hours; each band names a demand period. */
export const DemandScheduleEntry = z
  .strictObject({
    months: nameList('months', parseMonth).optional(),
    days_and_hours: z
      .array(
        z
          .strictObject({ days: nameList('days', parseDay), hours: z.array(DemandBand).min(1).max(96) })
          // One demand period at a time within a day, as energy bands (hours_overlap).
          .superRefine(refuseOverlappingBands),
      )
      .min(1)
      .max(20),
  })
  .meta({ id: 'DemandScheduleEntry' });
export type DemandScheduleEntry = z.infer<typeof DemandScheduleEntry>;

/**
 * A demand ratchet: a month's flat demand is billed at no less than `percent` of the highest
 * flat peak among its look-back months: with `months`, the named months among the 12 months
 * ending with the billed month; with `range_months`, the N months before it.
 */
export const DemandRatchet = z
  .strictObject({
    percent: z
      .number()
      .refine(
        (v) => Number.isFinite(v) && v >= 0 && v <= 1000,
        coded('percent_invalid', 'must be a percentage from 0 to 1000'),
      )
      .meta({ description: 'The share of the look-back peak billed at least, in percent (75: three quarters).' }),
    months: nameList('months', parseMonth)
      .optional()
      .meta({ description: 'Month names whose peaks count, among the 12 months ending with the billed month.' }),
    range_months: z
      .number()
      .refine(
        (v) => Number.isInteger(v) && v >= 1 && v <= 24,
        coded('range_months_invalid', 'must be a whole number of months from 1 to 24'),
      )
      .optional()
      .meta({ description: 'The number of months before the billed month whose peaks count.' }),
  })
  .superRefine((r, ctx) => {
    if ((r.months === undefined) === (r.range_months === undefined))
      ctx.addIssue({
        code: 'custom',
        path: r.months ? ['range_months'] : [],
        ...coded(
          'ratchet_invalid',
          r.months ? 'give either months or range_months, not both' : 'give either months or range_months',
        ),
      });
  })
  .meta({
    id: 'DemandRatchet',
    description:
      'A month before the window’s start is read as the window’s own month of that name (a typical year). Time-of-use demand is not ratcheted.',
  });
export type DemandRatchet = z.infer<typeof DemandRatchet>;

export const DemandCharges = z
  .strictObject({
    flat: z.array(FlatDemand).max(12).optional(),
    periods: z.array(DemandPeriod).max(24).optional(),
    schedule: z.array(DemandScheduleEntry).max(50).optional(),
    ratchet: DemandRatchet.optional(),
  })
  .superRefine((d, ctx) => {
    const known = new Set<string>();
    d.periods?.forEach((p, i) => {
      if (known.has(p.name))
        ctx.addIssue({
          code: 'custom',
          path: ['periods', i, 'name'],
          ...coded('name_duplicate', `a second demand period named ${JSON.stringify(p.name)}; names are unique`),
        });
      known.add(p.name);
    });
    d.schedule?.forEach((e, i) =>
      e.days_and_hours.forEach((dh, j) =>
        dh.hours.forEach((h, k) => {
          if (!known.has(h.period))
            ctx.addIssue({
              code: 'custom',
              path: ['schedule', i, 'days_and_hours', j, 'hours', k, 'period'],
              ...coded('period_invalid', `names no demand period (${[...known].join(', ') || 'none defined'})`),
            });
        }),
      ),
    );
  })
  .meta({ id: 'DemandCharges' });
export type DemandCharges = z.infer<typeof DemandCharges>;

const MinimumList = z
  .array(MinimumCharge)
  .min(1)
  .max(2)
  .superRefine((list, ctx) => {
    if (list.length === 2 && list[0]!.per === list[1]!.per)
      ctx.addIssue({
        code: 'custom',
        path: [1, 'per'],
        ...coded('per_invalid', 'a tariff holds at most one MONTH and one YEAR minimum'),
      });
  });

/** One minimum, or a monthly and an annual one together (the monthly applies first). */
export const Minimums = z
  .union([MinimumCharge, MinimumList])
  .meta({ description: 'A minimum, or a list of a MONTH and a YEAR minimum.' });

/** A tariff's minimums as a list, whichever way it holds them. */
export const minimumsOf = (
  c: { minimum?: MinimumCharge | MinimumCharge[] | undefined } | undefined,
): MinimumCharge[] => (!c?.minimum ? [] : Array.isArray(c.minimum) ? c.minimum : [c.minimum]);

export const Charges = z
  .strictObject({
    fixed: z.array(FixedCharge).max(10).optional(),
    minimum: Minimums.optional(),
    demand: DemandCharges.optional(),
  })
  .meta({
    id: 'TariffCharges',
    description: `Fixed, minimum and demand charges of a bill, beside the energy schedule. ${EXTENSION} POST /prices never reads them.`,
  });
export type Charges = z.infer<typeof Charges>;
