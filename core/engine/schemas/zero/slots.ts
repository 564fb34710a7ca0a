/**
 * Zero's slots (API version 2024-08-24): `GET /slots/time/{id}` (the cheapest or dearest minutes
 * of a window) and `GET /slots/threshold/{id}` (the time priced under or over a limit), the
 * charging schedules by duration and by limit under Zero's names.
 */
import { z } from 'zod';
import { coded, idOf, Timestamp } from '../common.js';
import { ZeroDirection, ZeroSegmentParam, zeroId, zeroWindow } from './window-query.js';

export const SlotTimeQuery = z.object({
  ...zeroWindow,
  segment: ZeroSegmentParam,
  duration: z.coerce
    .number()
    .int()
    .min(1)
    .max(90 * 24 * 60)
    .meta({ description: 'Whole minutes of the cheapest (LOW) or dearest (HIGH) time wanted.' }),
});
export type SlotTimeQuery = z.infer<typeof SlotTimeQuery>;

export const SlotThresholdQuery = z
  .object({
    ...zeroWindow,
    segment: ZeroSegmentParam,
    relative: z.coerce.number().min(0).max(1).optional().meta({
      description:
        'A place on the window’s price range: 0 (or 0.01) its lowest price, 1 its highest. LOW takes the time at or below it, HIGH at or above it.',
    }),
    absolute: z.coerce
      .number()
      .min(-1e6)
      .max(1e6)
      .optional()
      .meta({ description: 'A price per kWh in major units; overrides relative when both are given.' }),
  })
  .refine(
    (q) => q.relative !== undefined || q.absolute !== undefined,
    coded('threshold_missing', 'give relative or absolute'),
  );
export type SlotThresholdQuery = z.infer<typeof SlotThresholdQuery>;

const Confidence = z.number().min(0).max(1);
const Segment = z.enum(['LOW', 'HIGH']);

/** What both slot answers open with. */
const head = {
  live_mode: z.boolean(),
  location_id: idOf('location'),
  location_timezone: z.string(),
  currency_code: z.string(),
  direction: ZeroDirection,
  next_update: z.string().meta({
    description:
      'When the window’s prices may change next (a market publication, a band or contract edge), else its end.',
  }),
};

export const SlotTime = z
  .object({
    id: zeroId('sta'),
    object: z.literal('slot_time'),
    ...head,
    request: z.object({
      direction: ZeroDirection,
      segment: Segment,
      duration: z.number(),
      start_time: z.string(),
      end_time: z.string(),
    }),
    data: z.array(
      z.object({
        start_time: z.string(),
        end_time: z.string(),
        tariff: z.object({
          rate_avg: z.number().meta({ description: 'Time-weighted average per kWh, 5 decimals.' }),
          confidence: Confidence,
        }),
      }),
    ),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroSlotTime' });
export type SlotTime = z.input<typeof SlotTime>;

export const SlotThreshold = z
  .object({
    id: zeroId('slt'),
    object: z.literal('slot_threshold'),
    ...head,
    duration: z.number().meta({ description: 'Total minutes of the slots.' }),
    request: z.object({
      direction: ZeroDirection,
      segment: Segment,
      absolute: z.number().meta({ description: 'As asked, else the price the relative threshold works out to.' }),
      relative: z.number().meta({ description: 'As asked, else where the absolute threshold lies on the range.' }),
      start_time: z.string(),
      end_time: z.string(),
    }),
    data: z.array(
      z.object({
        start_time: z.string(),
        end_time: z.string(),
        tariff: z.object({
          rate: z.number().meta({ description: 'Time-weighted average per kWh, 5 decimals.' }),
          rate_avg: z.number().meta({ description: 'The same as rate.' }),
          confidence: Confidence,
        }),
      }),
    ),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroSlotThreshold' });
export type SlotThreshold = z.input<typeof SlotThreshold>;
