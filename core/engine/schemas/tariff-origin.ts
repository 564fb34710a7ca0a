import { z } from 'zod';

/**
 * Where an imported tariff came from, kept with it after it is saved (docs/import.md). Its own
 * module because the tariff and the import answer both hold it.
 */

const EXTENSION = 'Tariff Desk’s extension beyond the reference.';

/** What an import could not carry over, or chose for the document: one entry per field (docs/import.md). */
export const ImportWarning = z
  .strictObject({
    code: z.string().max(100).meta({
      description:
        'not_imported (a charge a tariff cannot hold), tier_cut, daily_tiers, currency_differs, contract_start_date_defaulted, contract_end_date_defaulted, contract_ended, display_name_shortened.',
    }),
    field: z.string().max(200).meta({ description: 'The field of the document (or of the request) it is about.' }),
    value: z.unknown().optional().meta({ description: 'The value the document gives the field.' }),
    message: z.string().max(2000),
  })
  .meta({ id: 'TariffImportWarning' });
export type ImportWarning = z.infer<typeof ImportWarning>;

/** A rate's page in the Utility Rate Database: only OpenEI's own pages, never a script or another site. */
export const URDB_PAGE = /^https:\/\/(apps\.)?openei\.org\/[A-Za-z0-9/_.~%?=&-]*$/;

export const ImportedFrom = z
  .strictObject({
    format: z.literal('urdb').meta({ description: 'The document format: urdb (OpenEI Utility Rate Database).' }),
    label: z.string().max(200).nullable().meta({ description: 'The rate’s URDB label.' }),
    utility: z.string().max(1000).nullable().meta({ description: 'The utility that publishes the rate.' }),
    name: z.string().max(1000).nullable().meta({ description: 'The rate’s own name.' }),
    url: z
      .string()
      .max(500)
      .regex(URDB_PAGE, 'must be a page of openei.org (https)')
      .nullable()
      .meta({ description: 'The rate’s page in the Utility Rate Database.' }),
    warnings: z.array(ImportWarning).max(200).meta({
      description: 'The warnings of the import, as it answered them: what the tariff does not hold, or chose.',
    }),
  })
  .meta({
    id: 'TariffImportedFrom',
    description: `The rate a tariff was imported from (POST /tariffs/import), and the warnings of that import; kept as the tariff is edited. ${EXTENSION}`,
  });
export type ImportedFrom = z.infer<typeof ImportedFrom>;
