import { z } from 'zod';
import {
  coded,
  ConnectionType,
  ContractDate,
  idOf,
  resource,
  listOf,
  PagingQuery,
  TariffDirection,
  TariffStatus,
  TariffType,
  Timestamp,
} from './common.js';
import { Schedule } from './schedule.js';
import { Charges } from './charges.js';
import { ImportedFrom } from './tariff-origin.js';

const writable = {
  type: TariffType,
  direction: TariffDirection.optional().meta({ description: 'IMPORT, EXPORT or LOCAL; absent means IMPORT.' }),
  display_name: z.string().max(200).optional(),
  provider_id: idOf('provider').optional(),
  market_rates: z.boolean().optional(),
  contract_start_date: ContractDate,
  contract_end_date: ContractDate,
  schedule: Schedule.optional(),
  charges: Charges.optional(),
  imported_from: ImportedFrom.optional(),
};

/** Fixed-rate tariffs need `fixed` on every tier; market-rate tariffs price from the market (rule 7). */
export function requireFixedRates(
  t: { market_rates?: boolean | undefined; schedule?: Schedule | undefined },
  ctx: z.RefinementCtx,
) {
  if (t.market_rates || !t.schedule) return;
  t.schedule.forEach((e, i) =>
    e.days_and_hours.forEach((dh, j) =>
      dh.hours.forEach((h, k) =>
        h.rate.forEach((r, l) => {
          if (r.fixed === undefined) {
            ctx.addIssue({
              code: 'custom',
              path: ['schedule', i, 'days_and_hours', j, 'hours', k, 'rate', l, 'fixed'],
              ...coded('fixed_missing', 'is required unless market_rates is true'),
            });
          }
        }),
      ),
    ),
  );
}

/**
 * Charges belong to what a location buys: no bill counts them on an EXPORT tariff (its energy is
 * credited, its fixed, minimum and demand charges would be ignored), so they are refused there
 * rather than stored and silently left out. An empty `charges` object says nothing and passes.
 */
export function refuseExportCharges(
  t: { direction?: string | undefined; charges?: Charges | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (t.direction !== 'EXPORT' || !t.charges) return;
  for (const key of ['fixed', 'minimum', 'demand'] as const)
    if (t.charges[key] !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['charges', key],
        ...coded(
          'charges_export',
          'is not taken on an EXPORT tariff: no bill counts its charges (put them on the IMPORT tariff)',
        ),
      });
}

export const TariffCreate = z
  .strictObject({ location_id: idOf('location'), ...writable })
  .superRefine(requireFixedRates)
  .superRefine(refuseExportCharges)
  .meta({ id: 'TariffCreate' });
export type TariffCreate = z.infer<typeof TariffCreate>;

/** Ending the overlapping supply tariff where a new one starts (docs/api.md); our extension. */
export const endTariffField = {
  end_tariff_id: idOf('tariff', 'end_tariff_id').optional().meta({
    description:
      'The COMMODITY tariff of the same location and direction whose contract overlaps this one: its contract is ended at this one’s contract_start_date, in the same transaction (400 end_tariff_id_invalid when it is unknown, not the overlapping one, or would end at or before its own start). Tariff Desk’s extension beyond the reference.',
  }),
};

/** The body of POST /tariffs: a tariff, and optionally the one it takes over from. */
export const TariffCreateRequest = z
  .strictObject({ location_id: idOf('location'), ...writable, ...endTariffField })
  .superRefine(requireFixedRates)
  .superRefine(refuseExportCharges)
  .meta({ id: 'TariffCreateRequest' });
export type TariffCreateRequest = z.infer<typeof TariffCreateRequest>;

/**
 * A stored tariff's writable fields as a patch leaves them: the create rules, except that an
 * open-ended contract (only the connect flow stores one) may stay open-ended.
 */
export const TariffPatched = z
  .strictObject({ location_id: idOf('location'), ...writable, contract_end_date: ContractDate.nullable() })
  .superRefine(requireFixedRates)
  .superRefine(refuseExportCharges);

export const TariffUpdate = z
  .strictObject({
    type: writable.type.optional(),
    direction: writable.direction,
    display_name: writable.display_name.nullable(),
    provider_id: writable.provider_id.nullable(),
    market_rates: writable.market_rates,
    contract_start_date: ContractDate.optional(),
    contract_end_date: ContractDate.optional(),
    schedule: Schedule.nullable().optional(),
    charges: Charges.nullable().optional(),
  })
  .meta({ id: 'TariffUpdate' });
export type TariffUpdate = z.infer<typeof TariffUpdate>;

export const Tariff = z
  .object({
    ...resource('tariff', 'tariff'),
    location_id: idOf('location'),
    is_linked: z.boolean(),
    connection_type: ConnectionType,
    type: TariffType,
    direction: TariffDirection.optional(),
    status: TariffStatus,
    timezone: z.string(),
    display_name: z.string().optional(),
    provider_id: z.string().optional(),
    market_rates: z.boolean(),
    contract_start_date: z.string(),
    contract_end_date: z.string().nullable().meta({ description: 'null for an open-ended contract (connect flow).' }),
    schedule: Schedule.optional(),
    charges: Charges.optional(),
    imported_from: ImportedFrom.optional(),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'Tariff' });
export type Tariff = z.infer<typeof Tariff>;

export const TariffList = listOf(Tariff, 'TariffList');
export const TariffListQuery = z.strictObject({
  location_id: idOf('location'),
  tariff_direction: TariffDirection.optional(),
  direction: TariffDirection.optional().meta({
    description: 'The same as tariff_direction (the production spelling).',
  }),
  type: TariffType.optional(),
  ...PagingQuery,
});
