import { z } from 'zod';
import { idOf, resource, TariffDirection, Timestamp } from './common.js';
import { MarketSourceId } from './location.js';

/** `POST /audits/prices/{id}`: the window and direction of `POST /prices`, nothing else. */
export const PriceAuditRequest = z
  .strictObject({
    start_time: Timestamp.optional().meta({ description: 'Start of the window; default now.' }),
    end_time: Timestamp.meta({ description: 'End of the window (exclusive); answers write times in its form.' }),
    tariff_direction: TariffDirection.optional().meta({ description: 'Default IMPORT.' }),
  })
  .meta({ id: 'PriceAuditRequest' });
export type PriceAuditRequest = z.infer<typeof PriceAuditRequest>;

const perKwh = (description: string) => z.number().nullable().meta({ description });

export const PriceBreakdown = z
  .object({
    commodity: z
      .object({
        market: perKwh('The market price used, per kWh; null for a fixed-rate tariff or where none is known.'),
        fixed: perKwh('A fixed-rate tariff’s rate, or a market-rate tariff’s fixed surcharge, per kWh.'),
        percentage: perKwh('A market-rate tariff’s percentage surcharge (0.19 = 19 %); null for a fixed rate.'),
        tier: perKwh('The upper bound in kWh of the tier priced (the first); null without tiers.'),
        aggregate: perKwh('The commodity’s price per kWh, 5 decimals; null outside every commodity contract.'),
      })
      .meta({
        description:
          'Null fields where no commodity tariff prices the interval; in a gap between bands all but aggregate (0) are null.',
      }),
    non_commodity: z.object({
      fixed: perKwh(
        'The non-commodity tariffs’ price per kWh (grid fees, levies), 5 decimals; null where none prices the interval.',
      ),
      tier: perKwh('The lowest upper bound in kWh of the tiers they priced; null without tiers.'),
    }),
    total: z.number().meta({ description: 'The interval’s price as POST /prices answers it, per kWh, 5 decimals.' }),
    confidence: z.number().min(0).max(1),
  })
  .meta({ id: 'PriceBreakdown' });

export const PriceAuditEntry = z
  .object({ valid_from: z.string(), valid_to: z.string(), price_breakdown: PriceBreakdown })
  .meta({ id: 'PriceAuditEntry' });

export const PriceAudit = z
  .object({
    ...resource('priceAudit', 'price_audit'),
    location_id: idOf('location'),
    location_timezone: z.string(),
    currency_code: z.string(),
    tariff_direction: TariffDirection,
    last_updated: z.string(),
    request: z.object({ tariff_direction: TariffDirection, start_time: z.string(), end_time: z.string() }),
    market_sources: z.array(MarketSourceId).meta({
      description: "The location's market source of the direction (its market_sources), when its region has one.",
    }),
    data: z.array(PriceAuditEntry).meta({ description: 'One entry per interval POST /prices answers for the window.' }),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'PriceAudit' });
export type PriceAudit = z.input<typeof PriceAudit>;
