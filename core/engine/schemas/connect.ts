import { z } from 'zod';
import { TariffDirection, TariffType, Timestamp, idOf, resource } from './common.js';
import { Schedule } from './schedule.js';
import { Charges } from './charges.js';

export const LibraryTariff = z
  .object({
    id: idOf('libraryTariff'),
    name: z.string().min(1).max(200),
    description: z.string().max(500).default(''),
    type: TariffType.default('COMMODITY'),
    direction: TariffDirection.default('IMPORT'),
    market_rates: z.boolean().default(false),
    schedule: Schedule,
    charges: Charges.optional().meta({
      description:
        'Fixed, minimum and demand charges a tariff linked to this one carries (an IMPORT tariff only). Tariff Desk’s extension beyond the reference.',
    }),
  })
  .meta({ id: 'LibraryTariff' });
export type LibraryTariff = z.infer<typeof LibraryTariff>;

export const GridFee = z
  .object({
    id: idOf('gridFee'),
    object: z.literal('grid_fee'),
    country_code: z.string(),
    post_code_prefix: z.string(),
    grid_operator: z.string(),
    display_name: z.string(),
    schedule: Schedule,
    time_updated: Timestamp,
  })
  .meta({ id: 'GridFee' });
export type GridFee = z.infer<typeof GridFee>;

export const GridFeeCreate = z
  .strictObject({
    country_code: z.string().regex(/^[A-Za-z]{2}$/),
    post_code_prefix: z.string().max(10).default(''),
    grid_operator: z.string().min(1).max(200),
    display_name: z.string().min(1).max(200),
    schedule: Schedule,
  })
  .meta({ id: 'GridFeeCreate' });

const Slot = z.object({
  status: z.enum(['CONNECTED', 'NOT_CONNECTED', 'PENDING', 'FAILED', 'ERROR']),
  connection_type: z.enum(['MANUAL', 'LIBRARY', 'DIRECT']).nullable(),
  provider: z
    .object({ id: z.string().nullable(), display_name: z.string(), logo_url: z.string().nullable() })
    .nullable(),
  tariff: z
    .object({
      id: z.string(),
      display_name: z.string().nullable(),
      structure_type: z.enum(['FIXED', 'TIME_OF_DAY', 'MARKET']),
      contract_end_date: z.string().nullable(),
    })
    .nullable(),
  offer: z
    .object({ grid_fee_id: z.string(), grid_operator: z.string(), display_name: z.string() })
    .optional()
    .meta({ description: 'Present on non_commodity_import when a grid fee should be added (limited beta).' }),
});

/** A slot the service does not offer: non-commodity export, and local tariffs. */
const NotSupported = z.object({ status: z.literal('NOT_SUPPORTED') });

export const LocationStatus = z
  .object({
    ...resource('location', 'location_status'),
    account_id: z.string(),
    time_created: Timestamp.meta({ description: "The location's creation time." }),
    tariff_status: z.object({
      commodity_import: Slot,
      commodity_export: Slot,
      non_commodity_import: Slot,
      non_commodity_export: NotSupported,
      local: NotSupported,
    }),
  })
  .meta({ id: 'LocationStatus' });
export type LocationStatus = z.infer<typeof LocationStatus>;
export type Slot = z.infer<typeof Slot>;
