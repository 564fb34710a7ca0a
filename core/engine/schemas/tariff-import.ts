import { z } from 'zod';
import { ContractDate, idOf, TariffDirection, TariffType } from './common.js';
import { endTariffField, Tariff, TariffCreate } from './tariff.js';
import { UrdbRateField } from './urdb.js';
import { ImportWarning } from './tariff-origin.js';

export { ImportWarning } from './tariff-origin.js';

export const TariffImportRequest = z
  .strictObject({
    location_id: idOf('location'),
    format: z.literal('urdb').meta({ description: 'The document format: urdb (OpenEI Utility Rate Database).' }),
    rate: UrdbRateField,
    type: TariffType.optional().meta({ description: 'Default COMMODITY.' }),
    direction: TariffDirection.optional().meta({
      description:
        'IMPORT, EXPORT or LOCAL; absent means IMPORT. IMPORT keeps the fixed, minimum and demand charges; EXPORT makes the tariff from the sell rates on the same schedule (400 sell_missing without them).',
    }),
    display_name: z
      .string()
      .max(200)
      .optional()
      .meta({ description: 'Default: the utility and the name of the rate.' }),
    contract_start_date: ContractDate.optional().meta({ description: 'Default: the rate’s startdate.' }),
    contract_end_date: ContractDate.optional().meta({ description: 'Default: the rate’s enddate.' }),
    ...endTariffField,
  })
  .meta({ id: 'TariffImportRequest' });
export type TariffImportRequest = z.infer<typeof TariffImportRequest>;

export const TariffImportQuery = z.strictObject({
  dry_run: z
    .stringbool({ truthy: ['true'], falsy: ['false'] })
    .optional()
    .meta({ description: '`true`: answer the tariff the document becomes, and store nothing.' }),
});

export const TariffImport = z
  .object({
    object: z.literal('tariff_import'),
    tariff: z.union([Tariff, TariffCreate]).meta({
      description: 'The stored tariff; with dry_run, the body POST /tariffs would take (nothing stored).',
    }),
    warnings: z.array(ImportWarning),
  })
  .meta({ id: 'TariffImport' });
export type TariffImport = z.infer<typeof TariffImport>;
