import { contracts } from '../contract.js';
import { Accepted } from '../../wire-profile.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { Location, LocationCreate, LocationList, LocationListQuery, LocationUpdate } from '../../schemas/location.js';

const ById = z.strictObject({ id: idOf('location') });

export const locationContracts = contracts({
  'locations.create': {
    method: 'POST',
    path: '/locations',
    summary: 'Create a location',
    tag: 'Locations',
    body: LocationCreate,
    response: Location,
    alternateStatus: { status: 201, description: 'The created location, under the published wire profile.' },
  },
  'locations.list': {
    method: 'GET',
    path: '/locations',
    summary: 'List locations, newest first',
    tag: 'Locations',
    query: LocationListQuery,
    response: LocationList,
  },
  'locations.retrieve': {
    method: 'GET',
    path: '/locations/:id',
    summary: 'Retrieve a location',
    tag: 'Locations',
    params: ById,
    response: Location,
  },
  'locations.update': {
    method: 'PATCH',
    path: '/locations/:id',
    summary: 'Update a location',
    tag: 'Locations',
    params: ById,
    body: LocationUpdate,
    response: Location,
  },
  'locations.delete': {
    method: 'DELETE',
    path: '/locations/:id',
    summary: 'Delete a location and its tariffs',
    tag: 'Locations',
    params: ById,
    response: z.union([Location, Accepted]),
    responseDescription: 'The deleted location (wire profile spec).',
    alternateStatus: { status: 202, description: 'Accepted, without the object (wire profile published).' },
  },
});
