/**
 * Zero's tariff rates and their audit (API version 2024-08-24): `GET /tariffs/rates/{id}` and
 * `GET /tariffs/audit/{id}`, the price answer and the price audit under Zero's names.
 */
import { z } from 'zod';
import { idOf, Timestamp } from '../common.js';
import { MarketSourceId } from '../location.js';
import { ZeroBoolParam, ZeroDirection, zeroId, zeroWindow } from './window-query.js';

export const TariffRateQuery = z.object({
  ...zeroWindow,
  include_tariff: ZeroBoolParam.optional().meta({ description: '`true` (default) gives each slot its tariff.' }),
  include_carbon: ZeroBoolParam.optional().meta({
    description: '`true` gives each slot its carbon intensity (a synthetic demo series). Default false.',
  }),
});
export type TariffRateQuery = z.infer<typeof TariffRateQuery>;

const Confidence = z.number().min(0).max(1);

export const TariffRateSlot = z
  .object({
    valid_from: z.string(),
    valid_to: z.string(),
    tariff: z
      .object({
        rate: z
          .number()
          .meta({ description: 'Per kWh, major units: the time-weighted average of the hour, 5 decimals.' }),
        confidence: Confidence,
      })
      .optional()
      .meta({ description: 'Left out when include_tariff is false.' }),
    carbon: z
      .object({
        intensity: z.number().meta({ description: 'gCO2 per kWh (synthetic demo series).' }),
        relative: z.number().min(0).max(1),
        confidence: Confidence,
      })
      .optional()
      .meta({ description: 'Only when include_carbon is true.' }),
  })
  .meta({ id: 'ZeroTariffRateSlot' });

export const TariffRate = z
  .object({
    id: zeroId('rts'),
    object: z.literal('tariff_rate'),
    live_mode: z.boolean(),
    location_id: idOf('location'),
    location_timezone: z.string(),
    currency_code: z.string(),
    direction: ZeroDirection,
    last_updated: z.string(),
    next_update: z.string(),
    request: z.object({
      include_tariff: z.boolean(),
      include_carbon: z.boolean(),
      direction: ZeroDirection,
      start_time: z.string(),
      end_time: z.string(),
    }),
    data: z.array(TariffRateSlot).meta({
      description: 'Whole-hour slots: the first from start_time to the next whole hour, the last ending at end_time.',
    }),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroTariffRate' });
export type TariffRate = z.input<typeof TariffRate>;

export const TariffRateAuditQuery = z.object(zeroWindow);
export type TariffRateAuditQuery = z.infer<typeof TariffRateAuditQuery>;

const part = (description: string) => z.number().meta({ description });

export const TariffRateBreakdown = z
  .object({
    commodity: z.object({
      market: part('The market price used, per kWh; 0 where none is (a fixed rate, a gap).'),
      fixed: part('A fixed rate, or a market rate’s fixed surcharge, per kWh; 0 where none.'),
      percentage: part('A market rate’s percentage surcharge (0.19 = 19 %); 0 where none.'),
      tier: part('Where the tier priced starts, in kWh: the first tier, 0.'),
      aggregate: part('The commodity’s price per kWh; 0 where no commodity tariff prices the interval.'),
    }),
    non_commodity: z.object({
      fixed: part('The non-commodity tariffs’ price together, per kWh; 0 where none.'),
      tier: part('Where the tier priced starts, in kWh: the first tier, 0.'),
    }),
    total: part('The interval’s price per kWh, as the rates answer it before hourly averaging.'),
    confidence: Confidence,
  })
  .meta({ id: 'ZeroTariffRateBreakdown' });

export const TariffRateAudit = z
  .object({
    id: zeroId('tra'),
    object: z.literal('tariff_rate_audit'),
    live_mode: z.boolean(),
    location_id: idOf('location'),
    location_timezone: z.string(),
    currency_code: z.string(),
    direction: ZeroDirection,
    request: z.object({ direction: ZeroDirection, start_time: z.string(), end_time: z.string() }),
    market_sources: z.array(MarketSourceId),
    carbon_sources: z.array(zeroId('reg')).meta({ description: 'The carbon region of the demo series.' }),
    data: z.array(z.object({ valid_from: z.string(), valid_to: z.string(), tariff_rate: TariffRateBreakdown })),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroTariffRateAudit' });
export type TariffRateAudit = z.input<typeof TariffRateAudit>;
