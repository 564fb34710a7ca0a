import { z } from 'zod';
import { coded, idOf, Timestamp } from './common.js';
import { Candidates, COST_LIMITS, GenerationIntervals, Usage } from './cost.js';
import { BatteryOutcome, BatteryRequest, CarRequest } from './battery.js';

/**
 * `POST /bills/{location_id}` (docs/bills.md): the whole bill of a household over whole local
 * months, energy with fixed, demand and minimum charges, export credit and how credit is settled.
 * Tariff Desk's extension beyond the reference.
 */

/** Limits of `POST /bills/{location_id}`. */
export const BILL_LIMITS = {
  /** Local months in a window: two billing years. */
  maxMonths: 24,
  /** Intervals per series (usage, generation): 400 days of quarter hours fit. More is 413. */
  maxIntervals: 50_000,
  maxAlternatives: COST_LIMITS.maxAlternatives,
  /** A year of quarter hours of usage and of generation is about 7 MB of JSON. */
  bodyLimit: 32 * 1024 * 1024,
} as const;

export const Generation = z
  .strictObject({
    intervals: GenerationIntervals.optional().meta({
      description: `Energy generated on site: non-overlapping intervals inside the window, at most ${BILL_LIMITS.maxIntervals} (more is 413). A negative kWh is energy the system draws (an inverter's night-time draw, as SAM and PVWatts report it): usage in every metering mode.`,
    }),
    profile: z.literal('PV').optional().meta({
      description:
        'PV: a clear-sky-shaped day at the location’s latitude and season, laid on its local time and scaled so a local calendar year sums to kwh_per_year.',
    }),
    kwh_per_year: z
      .number()
      .min(0)
      .max(100_000_000)
      .optional()
      .meta({ description: 'With profile: the energy generated in one local calendar year, kWh.' }),
  })
  .meta({ id: 'Generation', description: 'Either intervals, or profile "PV" with kwh_per_year.' });
export type Generation = z.infer<typeof Generation>;

export const MeteringMode = z.enum(['NET_BILLING', 'NET_METERING', 'BUY_ALL_SELL_ALL']).meta({
  id: 'MeteringMode',
  description:
    'NET_BILLING: usage and generation net within each interval; net import is priced, net export credited. NET_METERING: kWh net within each local month and time-of-use period, surplus kWh are banked for later months and the year’s surplus is paid at true_up_rate at the end of true_up_month. BUY_ALL_SELL_ALL: all usage priced, all generation credited, nothing nets.',
});
export const CreditSettlement = z.enum(['PAID_MONTHLY', 'CARRIED']).meta({
  id: 'CreditSettlement',
  description:
    'PAID_MONTHLY: a month’s total is its charges minus its export credit, and may be negative. CARRIED: credit pays charges, never below 0, and what is left is carried to the true-up.',
});
export const CreditsFrom = z.enum(['SAME_MONTH', 'NEXT_MONTH']).meta({
  id: 'CreditsFrom',
  description: 'With CARRIED: whether a month’s own export credit pays its own charges, or counts from the next month.',
});

const TrueUpMonth = z.number().int().min(1).max(12);
const TrueUpRate = z
  .number()
  .refine(
    (v) => Number.isFinite(v) && v >= 0 && v <= 1000,
    coded('true_up_rate_invalid', 'must be a price from 0 to 1000 per kWh'),
  );

/**
 * How generation is settled, as a caller writes it. Fields that mean nothing in the chosen
 * arrangement are refused rather than silently ignored: a caller who sends them expects them to
 * count.
 */
export const MeteringRequest = z
  .strictObject({
    mode: MeteringMode.optional().meta({ description: 'Default NET_BILLING.' }),
    credits: CreditSettlement.optional().meta({
      description: 'Default PAID_MONTHLY. Not with NET_METERING (its surplus is kWh, banked).',
    }),
    credits_from: CreditsFrom.optional().meta({
      description: 'Default SAME_MONTH. With CARRIED credits only (or BUY_ALL_SELL_ALL); not with NET_METERING.',
    }),
    true_up_month: TrueUpMonth.optional().meta({
      description:
        'Default 12: the month (1–12) at whose end carried credit (CARRIED) or the surplus (NET_METERING) is paid out; the billing year ends with it. Not with PAID_MONTHLY net billing.',
    }),
    true_up_rate: TrueUpRate.optional().meta({
      description: 'NET_METERING only, default 0: what each surplus kWh left at the true-up is paid, per kWh.',
    }),
  })
  .superRefine((m, ctx) => {
    const refuse = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], ...coded('metering_invalid', message) });
    const mode = m.mode ?? 'NET_BILLING';
    if (mode === 'NET_METERING') {
      if (m.credits !== undefined)
        refuse('credits', 'does not apply to NET_METERING: its surplus is banked as kWh and paid at the true-up');
      if (m.credits_from !== undefined) refuse('credits_from', 'does not apply to NET_METERING');
      return;
    }
    if (m.true_up_rate !== undefined) refuse('true_up_rate', 'applies to NET_METERING only');
    if (mode === 'NET_BILLING' && (m.credits ?? 'PAID_MONTHLY') === 'PAID_MONTHLY') {
      if (m.credits_from !== undefined)
        refuse('credits_from', 'means nothing when credits are PAID_MONTHLY: each month’s credit is paid in it');
      if (m.true_up_month !== undefined)
        refuse('true_up_month', 'means nothing when credits are PAID_MONTHLY: nothing is carried to a true-up');
    }
  })
  .meta({ id: 'MeteringRequest' });
export type MeteringRequest = z.input<typeof MeteringRequest>;

/** The metering a bill was computed with, every field filled in. */
export const Metering = z
  .object({
    mode: MeteringMode,
    credits: CreditSettlement,
    credits_from: CreditsFrom,
    true_up_month: TrueUpMonth.meta({
      description:
        'The month (1–12) at whose end carried credit or the surplus is paid out; the billing year ends with it.',
    }),
    true_up_rate: z
      .number()
      .optional()
      .meta({ description: 'NET_METERING: paid per surplus kWh at the true-up (absent: 0).' }),
  })
  .meta({ id: 'Metering' });
export type Metering = z.output<typeof Metering>;

/** A request's metering with the defaults filled in. */
export function meteringOf(m: MeteringRequest | undefined): Metering {
  return {
    mode: m?.mode ?? 'NET_BILLING',
    credits: m?.credits ?? 'PAID_MONTHLY',
    credits_from: m?.credits_from ?? 'SAME_MONTH',
    true_up_month: m?.true_up_month ?? 12,
    ...(m?.mode === 'NET_METERING' ? { true_up_rate: m.true_up_rate ?? 0 } : {}),
  };
}

export const BillRequest = z
  .strictObject({
    start_time: Timestamp.meta({ description: 'The start of a local month at the location.' }),
    end_time: Timestamp.meta({ description: 'Exclusive: the start of a later local month.' }),
    usage: Usage.optional().meta({
      description:
        'Energy used, as POST /costs takes it. Absent: the location’s stored meter records, IMPORT records as energy drawn from the grid and EXPORT records as energy sent to it.',
    }),
    generation: Generation.optional(),
    metering: MeteringRequest.optional(),
    candidates: Candidates.optional(),
    alternatives: z
      .array(Candidates)
      .max(BILL_LIMITS.maxAlternatives)
      .optional()
      .meta({ description: 'Candidate sets, each billed on the same usage; the answer gains one bill per set.' }),
    battery: BatteryRequest.optional().meta({
      description:
        'A home battery, dispatched on the bill’s tariffs (and on each alternative’s own); the answer gains battery. Not with BUY_ALL_SELL_ALL.',
    }),
    car: CarRequest.optional().meta({
      description: 'An electric car charged every night: its energy is usage, and the battery is dispatched after it.',
    }),
    include_dispatch: z
      .boolean()
      .optional()
      .meta({ description: 'With battery: give battery.dispatch, every interval of the window.' }),
  })
  .meta({ id: 'BillRequest' });
export type BillRequest = z.output<typeof BillRequest>;

const money = (description = 'Major currency units, 6 decimals.') => z.number().meta({ description });
const kwh = (description: string) => z.number().meta({ description: `${description} kWh, 6 decimals.` });

export const BillDemand = z
  .object({
    tariff_id: z.string().meta({ description: 'The IMPORT tariff whose demand charge this is.' }),
    period: z.string().nullable().meta({ description: 'The time-of-use demand period; null for flat demand.' }),
    kw: z.number().meta({ description: 'The highest average kW drawn from the grid in the month (and period).' }),
    time: z.string().nullable().meta({ description: 'Start of the interval where it happened; null with no draw.' }),
    peak_kw: z.number().optional().meta({ description: 'Flat demand: the month’s own highest kW (as kw).' }),
    ratchet_kw: z.number().optional().meta({
      description:
        'Flat demand: the ratchet’s floor, percent of the look-back months’ highest peak; 0 without a ratchet.',
    }),
    billed_kw: z
      .number()
      .optional()
      .meta({ description: 'Flat demand: the kW billed, the larger of peak_kw and ratchet_kw.' }),
    charge: money(),
  })
  .meta({ id: 'BillDemand' });

export const BillMonth = z
  .object({
    start_time: z.string(),
    end_time: z.string(),
    import_kwh: kwh('Energy drawn from the grid (after netting in NET_BILLING),'),
    export_kwh: kwh('Energy sent to the grid (after netting in NET_BILLING),'),
    unpriced_kwh: kwh('Imported or exported energy with no price at its time, costed or credited 0,'),
    unpriced_export_kwh: kwh('The exported part of unpriced_kwh,'),
    above_first_tier_kwh: kwh(
      'Imported energy priced above the first tier of at least one IMPORT tariff (tiers count each tariff’s energy in the local month),',
    ),
    peak_kw: z.number().meta({ description: 'The month’s highest average kW drawn from the grid.' }),
    peak_time: z.string().nullable().meta({ description: 'Start of the interval of the peak; null with no draw.' }),
    demand: z.array(BillDemand),
    energy_charge: money(),
    fixed_charge: money(),
    demand_charge: money(),
    minimum_charge: money('What the monthly and annual minimums add, 6 decimals.'),
    export_credit: money('The month’s export credit, a positive number, 6 decimals.'),
    credit_applied: money('Credit that paid this month’s charges (CARRIED), 6 decimals.'),
    credit_carried: money('Credit carried forward at the month’s end (CARRIED), 6 decimals.'),
    true_up: money(
      'Carried credit (CARRIED) or the surplus kWh at true_up_rate (NET_METERING) paid out at the end of the true-up month, 6 decimals.',
    ),
    banked_kwh: kwh(
      'NET_METERING: the periods’ banked surplus at the month’s end, summed (before a true-up empties them); 0 otherwise,',
    ),
    surplus_kwh: kwh(
      'NET_METERING: the running surplus after the month; in the true-up month, what the true-up pays; 0 otherwise,',
    ),
    total: money('What the month costs the customer; negative when the customer is paid.'),
    battery_charged_kwh: kwh('With battery: energy into the battery, AC side,').optional(),
    battery_discharged_kwh: kwh('With battery: energy out of the battery, AC side,').optional(),
    car_kwh: kwh('With car: the car’s charging,').optional(),
  })
  .meta({ id: 'BillMonth' });
export type BillMonth = z.infer<typeof BillMonth>;

const billFields = {
  total: money(),
  months: z.array(BillMonth),
  battery: BatteryOutcome.optional().meta({ description: 'With battery: what it did and saved on these tariffs.' }),
};

export const BillAlternative = z.object(billFields).meta({ id: 'BillAlternative' });

export const Bill = z
  .object({
    object: z.literal('bill'),
    location_id: idOf('location'),
    currency_code: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    metering: Metering,
    ...billFields,
    alternatives: z.array(BillAlternative).optional().meta({ description: 'One per alternatives set, in order.' }),
  })
  .meta({ id: 'Bill' });
export type Bill = z.input<typeof Bill>;
