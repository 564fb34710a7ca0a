import { z } from 'zod';
import { bandSpan, parseDay, parseMonth, parseTimeOfDay, DAY_SECONDS } from '../schedule/names.js';
import { coded } from './common.js';

/** One tier of a band's rate (docs/api.md, Schedule). `surcharge_percentage` is a fraction: 0.05 = 5 %. */
export const Rate = z
  .strictObject({
    fixed: z
      .number()
      .finite()
      .min(-1e6)
      .max(1e6)
      .optional()
      .meta({ description: 'Rate in major currency units per kWh.' }),
    to_kwh: z.number().finite().positive().max(1e9).optional().meta({
      description:
        'Upper bound in kWh of this tier: the cumulative energy of the billing period (the location’s local calendar month) up to which its price applies. Bounds rise; the last tier has none.',
    }),
    surcharge_fixed: z.number().finite().min(-1e6).max(1e6).optional(),
    surcharge_percentage: z
      .number()
      .finite()
      .refine(
        (p) => p >= 0 && p <= 1,
        coded('surcharge_percentage_invalid', 'must be a fraction between 0 and 1 (0.05 = 5 %)'),
      )
      .optional(),
  })
  .meta({ id: 'Rate' });

export const TimeOfDay = (field: string) =>
  z
    .string()
    .max(8)
    .refine((s) => parseTimeOfDay(s) !== undefined, coded(`${field}_invalid`, 'must be a time of day HH:MM:SS'))
    .meta({ example: '07:00:00' });

/** Bands of one days_and_hours item may not overlap (pricing rule 3); compared on a two-day line so wraps count. */
export function refuseOverlappingBands(
  item: { hours: { valid_from: string; valid_to: string }[] },
  ctx: z.RefinementCtx,
): void {
  const spans = item.hours.map((h) => bandSpan(h.valid_from, h.valid_to));
  if (spans.some((s) => s === undefined)) return;
  const segs: { from: number; to: number; i: number }[] = [];
  spans.forEach((s, i) => {
    segs.push({ ...s!, i });
    if (s!.to > DAY_SECONDS) segs.push({ from: s!.from - DAY_SECONDS, to: s!.to - DAY_SECONDS, i });
  });
  segs.sort((a, b) => a.from - b.from);
  for (let k = 1; k < segs.length; k++) {
    const prev = segs[k - 1]!,
      cur = segs[k]!;
    if (cur.i !== prev.i && cur.from < prev.to) {
      const j = Math.max(cur.i, prev.i);
      ctx.addIssue({
        code: 'custom',
        path: ['hours', j],
        ...coded('hours_overlap', `band ${j} overlaps band ${Math.min(cur.i, prev.i)} of the same days_and_hours item`),
      });
      return;
    }
  }
}

/** A band's valid_to differs from its valid_from, but for 00:00:00 to 00:00:00 (the whole day). */
export function refuseEmptyBand(band: { valid_from: string; valid_to: string }, ctx: z.RefinementCtx): void {
  if (band.valid_from === band.valid_to && band.valid_from !== '00:00:00') {
    ctx.addIssue({
      code: 'custom',
      path: ['valid_to'],
      ...coded('valid_to_invalid', 'must differ from valid_from (00:00:00 to 00:00:00 is the whole day)'),
    });
  }
}

/**
 * Tier (or block) bounds rise, and only the last may be open-ended: one issue, on the first
 * bound that breaks it. Energy tiers (`to_kwh`) and demand blocks (`to_kw`) share the rule.
 */
export function refuseFallingBounds<K extends string>(
  tiers: readonly Partial<Record<K, number>>[],
  key: K,
  noun: 'tier' | 'block',
  ctx: z.RefinementCtx,
): void {
  for (let i = 0; i < tiers.length - 1; i++) {
    const a = tiers[i]![key],
      b = tiers[i + 1]![key];
    if (a === undefined || (b !== undefined && b <= a)) {
      ctx.addIssue({
        code: 'custom',
        path: [i, key],
        ...coded(`${key}_invalid`, `${noun} bounds must rise; only the last ${noun} may omit ${key}`),
      });
      return;
    }
  }
}

export const HoursBand = z
  .strictObject({
    valid_from: TimeOfDay('valid_from'),
    valid_to: TimeOfDay('valid_to'),
    rate: z
      .array(Rate)
      .min(1)
      .max(10)
      .superRefine((tiers, ctx) => refuseFallingBounds(tiers, 'to_kwh', 'tier', ctx)),
  })
  .superRefine(refuseEmptyBand)
  .meta({ id: 'HoursBand' });

export const nameList = (field: 'months' | 'days', parse: (s: string) => unknown) =>
  z
    .array(
      z
        .string()
        .max(20)
        .refine(
          (s) => parse(s) !== undefined,
          coded(
            `${field === 'months' ? 'month' : 'day'}_invalid`,
            field === 'months'
              ? 'must be All or a month name (January or Jan, any case)'
              : 'must be All, Weekday(s), Weekend or a day name (Monday or Mon, any case)',
          ),
        ),
    )
    .min(1)
    .max(20);

export const DaysAndHours = z
  .strictObject({
    days: nameList('days', parseDay),
    hours: z.array(HoursBand).min(1).max(96),
  })
  .superRefine(refuseOverlappingBands)
  .meta({ id: 'DaysAndHours' });

export const ScheduleEntry = z
  .strictObject({
    months: nameList('months', parseMonth)
      .optional()
      .meta({ description: 'Month names or All; absent means every month.' }),
    dates: z
      .array(
        z
          .number()
          .refine(
            (d) => Number.isInteger(d) && d >= 1 && d <= 31,
            coded('date_invalid', 'must be a whole day-of-month number 1–31'),
          ),
      )
      .max(31)
      .optional()
      .meta({ description: 'Day-of-month numbers 1–31; absent or empty means every date.' }),
    days_and_hours: z.array(DaysAndHours).min(1).max(20),
  })
  .meta({ id: 'TariffSchedule' });

export const Schedule = z.array(ScheduleEntry).max(50);
export type Schedule = z.infer<typeof Schedule>;
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;
export type Rate = z.infer<typeof Rate>;
