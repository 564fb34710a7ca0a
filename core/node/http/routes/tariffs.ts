import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { idOf } from '../../../engine/schemas/common.js';
import { Tariff, TariffCreate, TariffList, TariffListQuery, TariffUpdate } from '../../../engine/schemas/tariff.js';

const ById = z.strictObject({ id: idOf('tariff') });

export const tariffRoutes = [
  defineRoute({
    method: 'POST',
    path: '/tariffs',
    operationId: 'tariffs.create',
    summary: 'Create a tariff (connection_type MANUAL)',
    tag: 'Tariffs',
    body: TariffCreate,
    response: Tariff,
    handler: ({ svc, scope, body }) => svc.tariffs.create(scope, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/tariffs',
    operationId: 'tariffs.list',
    summary: 'List the tariffs of a location, newest first',
    tag: 'Tariffs',
    query: TariffListQuery,
    response: TariffList,
    handler: ({ svc, scope, query }) => {
      const { location_id, tariff_direction, type, ...page } = query;
      return asList('/tariffs', svc.tariffs.list(scope, { location_id, tariff_direction, type }, page));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/tariffs/:id',
    operationId: 'tariffs.retrieve',
    summary: 'Retrieve a tariff',
    tag: 'Tariffs',
    params: ById,
    response: Tariff,
    handler: ({ svc, scope, params }) => svc.tariffs.get(scope, params.id),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/tariffs/:id',
    operationId: 'tariffs.update',
    summary: 'Update a tariff (null removes an optional field)',
    tag: 'Tariffs',
    params: ById,
    body: TariffUpdate,
    response: Tariff,
    handler: ({ svc, scope, params, body }) => svc.tariffs.update(scope, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/tariffs/:id',
    operationId: 'tariffs.delete',
    summary: 'Delete a tariff',
    tag: 'Tariffs',
    params: ById,
    response: Tariff,
    handler: ({ svc, scope, params }) => svc.tariffs.delete(scope, params.id),
  }),
];
