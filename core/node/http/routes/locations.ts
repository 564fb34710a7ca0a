import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { idOf } from '../../../engine/schemas/common.js';
import {
  Location,
  LocationCreate,
  LocationList,
  LocationListQuery,
  LocationUpdate,
} from '../../../engine/schemas/location.js';

const ById = z.strictObject({ id: idOf('location') });

export const locationRoutes = [
  defineRoute({
    method: 'POST',
    path: '/locations',
    operationId: 'locations.create',
    summary: 'Create a location',
    tag: 'Locations',
    body: LocationCreate,
    response: Location,
    handler: ({ svc, scope, body }) => svc.locations.create(scope, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/locations',
    operationId: 'locations.list',
    summary: 'List locations, newest first',
    tag: 'Locations',
    query: LocationListQuery,
    response: LocationList,
    handler: ({ svc, scope, query }) => asList('/locations', svc.locations.list(scope, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/locations/:id',
    operationId: 'locations.retrieve',
    summary: 'Retrieve a location',
    tag: 'Locations',
    params: ById,
    response: Location,
    handler: ({ svc, scope, params }) => svc.locations.get(scope, params.id),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/locations/:id',
    operationId: 'locations.update',
    summary: 'Update a location',
    tag: 'Locations',
    params: ById,
    body: LocationUpdate,
    response: Location,
    handler: ({ svc, scope, params, body }) => svc.locations.update(scope, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/locations/:id',
    operationId: 'locations.delete',
    summary: 'Delete a location and its tariffs',
    tag: 'Locations',
    params: ById,
    response: Location,
    handler: ({ svc, scope, params }) => svc.locations.delete(scope, params.id),
  }),
];
