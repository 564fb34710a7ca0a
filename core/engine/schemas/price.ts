import { z } from 'zod';
import { idOf, resource, TariffDirection, TariffType, Timestamp } from './common.js';
import { Candidates } from './cost.js';

export const PriceRequest = z
  .strictObject({
    start_time: Timestamp.optional().meta({ description: 'Start of the window; default now.' }),
    end_time: Timestamp,
    tariff_direction: TariffDirection.optional().meta({ description: 'Default IMPORT.' }),
    expand: z
      .array(z.enum(['components']))
      .max(1)
      .optional()
      .meta({
        description:
          'components: give each interval the share of each tariff (intervals are then also cut where a share changes).',
      }),
    candidates: Candidates.optional(),
  })
  .meta({ id: 'PriceRequest' });
export type PriceRequest = z.infer<typeof PriceRequest>;

export const PriceEntry = z
  .object({
    valid_from: z.string(),
    valid_to: z.string(),
    price: z.object({
      value: z.number().meta({ description: 'Major currency units per kWh, 5 decimals.' }),
      confidence: z.number().min(0).max(1),
    }),
    components: z
      .array(
        z.object({
          tariff_id: z.string().meta({ description: 'A candidate’s is its place in the request: candidates[0].' }),
          type: TariffType,
          value: z.number().meta({ description: 'Unrounded; the shares add up to price.value before rounding.' }),
          confidence: z.number().min(0).max(1),
        }),
      )
      .optional()
      .meta({ description: 'With expand: ["components"] only.' }),
  })
  .meta({ id: 'PriceEntry' });

export const Price = z
  .object({
    ...resource('price', 'price'),
    location_id: idOf('location'),
    location_timezone: z.string(),
    currency_code: z.string(),
    last_updated: z.string(),
    next_update: z.string().nullable().meta({
      description:
        'When this answer may change next: the next market publication for market-rate tariffs, else the next contract or schedule change within the window, else null.',
    }),
    request: z.object({ tariff_direction: TariffDirection, start_time: z.string(), end_time: z.string() }),
    account_id: idOf('account'),
    tariff_direction: TariffDirection,
    data: z.array(PriceEntry),
    time_created: Timestamp,
  })
  .meta({ id: 'Price' });
