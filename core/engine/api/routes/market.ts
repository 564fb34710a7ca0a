import { contracts } from '../contract.js';
import { z } from 'zod';
import { Timestamp, listOf } from '../../schemas/common.js';

const RegionId = z.strictObject({
  id: z.string().regex(/^[A-Z0-9-]{1,40}$/, 'must be a market region id such as DE-LU'),
});

export const MarketRegion = z
  .object({
    id: z.string(),
    display_name: z.string(),
    currency_code: z.string(),
    timezone: z.string(),
    country_codes: z.array(z.string()),
    states: z.array(z.string()).optional(),
    resolution_minutes: z.number(),
    demo: z.boolean(),
    time_updated: z.string(),
    published_until: z.string().nullable(),
  })
  .meta({ id: 'MarketRegion' });

export const MarketImport = z
  .strictObject({
    csv: z
      .string()
      .min(1)
      .max(24 * 1024 * 1024)
      .meta({ description: 'CSV text: timestamp,price; an ENTSO-E MTU export; or start,end,price.' }),
    unit: z
      .enum(['kWh', 'MWh'])
      .optional()
      .meta({ description: 'Price unit; read from the header when absent (default kWh).' }),
  })
  .meta({ id: 'MarketImport' });

export const marketContracts = contracts({
  'market.regions.list': {
    method: 'GET',
    path: '/market/regions',
    summary: 'List market regions',
    tag: 'Market data',
    query: z.strictObject({}),
    response: listOf(MarketRegion),
  },
  'market.prices.list': {
    method: 'GET',
    path: '/market/regions/:id/prices',
    summary: 'Published market prices of a window (per kWh)',
    tag: 'Market data',
    params: RegionId,
    query: z.strictObject({ start_time: Timestamp, end_time: Timestamp }),
    response: z.object({
      object: z.literal('market_prices'),
      region: z.string(),
      data: z.array(z.object({ start: z.string(), end: z.string(), price: z.number() })),
    }),
  },
  'market.import': {
    method: 'POST',
    path: '/market/regions/:id/import',
    summary: 'Import a price series from CSV',
    tag: 'Market data',
    params: RegionId,
    body: MarketImport,
    bodyLimit: 25 * 1024 * 1024,
    response: z.object({
      object: z.literal('market_import'),
      region: z.string(),
      layout: z.string(),
      unit: z.string(),
      imported: z.number(),
      resolution_minutes: z.number(),
      from: z.string(),
      to: z.string(),
    }),
  },
});
