import { contracts } from '../contract.js';
import { Accepted } from '../../wire-profile.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { Tariff, TariffCreateRequest, TariffList, TariffListQuery, TariffUpdate } from '../../schemas/tariff.js';
import { TariffImport, TariffImportQuery, TariffImportRequest } from '../../schemas/tariff-import.js';

const ById = z.strictObject({ id: idOf('tariff') });

export const tariffContracts = contracts({
  'tariffs.create': {
    method: 'POST',
    path: '/tariffs',
    summary: 'Create a tariff (connection_type MANUAL); end_tariff_id ends the overlapping one where it starts',
    tag: 'Tariffs',
    body: TariffCreateRequest,
    response: Tariff,
  },
  'tariffs.import': {
    method: 'POST',
    path: '/tariffs/import',
    summary:
      'Create a tariff from a rate document (URDB); with dry_run, answer it and store nothing; end_tariff_id ends the overlapping one where it starts',
    tag: 'Tariffs',
    query: TariffImportQuery,
    body: TariffImportRequest,
    response: TariffImport,
    responseDescription: 'dry_run=true: the tariff the document becomes, as a POST /tariffs body; nothing stored.',
    alternateStatus: { status: 201, description: 'The stored tariff (without dry_run), and the warnings.' },
  },
  'tariffs.list': {
    method: 'GET',
    path: '/tariffs',
    summary: 'List the tariffs of a location, newest first',
    tag: 'Tariffs',
    query: TariffListQuery,
    response: TariffList,
  },
  'tariffs.retrieve': {
    method: 'GET',
    path: '/tariffs/:id',
    summary: 'Retrieve a tariff',
    tag: 'Tariffs',
    params: ById,
    response: Tariff,
  },
  'tariffs.update': {
    method: 'PATCH',
    path: '/tariffs/:id',
    summary: 'Update a tariff (null removes an optional field)',
    tag: 'Tariffs',
    params: ById,
    body: TariffUpdate,
    response: Tariff,
  },
  'tariffs.delete': {
    method: 'DELETE',
    path: '/tariffs/:id',
    summary: 'Delete a tariff',
    tag: 'Tariffs',
    params: ById,
    response: z.union([Tariff, Accepted]),
    responseDescription: 'The deleted tariff (wire profile spec).',
    alternateStatus: { status: 202, description: 'Accepted, without the object (wire profile published).' },
  },
});
