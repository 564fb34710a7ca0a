import { z } from 'zod';
import { contracts } from '../contract.js';
import { Accepted } from '../../wire-profile.js';
import { idOf } from '../../schemas/common.js';
import {
  ZeroLocation,
  ZeroLocationCreate,
  ZeroLocationList,
  ZeroLocationListQuery,
  ZeroLocationStatus,
  ZeroLocationUpdate,
} from '../../zero/location.js';

const ById = z.object({ id: idOf('location') });

/** Zero's locations: the same locations as Anode's, in Zero's `LocationNew` shape. */
export const zeroLocationContracts = contracts({
  'zero.locations.create': {
    method: 'POST',
    path: '/locations',
    summary: 'Create a location',
    tag: 'Locations',
    body: ZeroLocationCreate,
    status: 201,
    response: ZeroLocation,
  },
  'zero.locations.list': {
    method: 'GET',
    path: '/locations',
    summary: 'List locations, newest first',
    tag: 'Locations',
    query: ZeroLocationListQuery,
    response: ZeroLocationList,
  },
  'zero.locations.retrieve': {
    method: 'GET',
    path: '/locations/:id',
    summary: 'Retrieve a location',
    tag: 'Locations',
    params: ById,
    response: ZeroLocation,
  },
  'zero.locations.update': {
    method: 'PATCH',
    path: '/locations/:id',
    summary: 'Update a location',
    tag: 'Locations',
    params: ById,
    body: ZeroLocationUpdate,
    response: ZeroLocation,
  },
  'zero.locations.delete': {
    method: 'DELETE',
    path: '/locations/:id',
    summary: 'Delete a location and its tariff elements',
    tag: 'Locations',
    params: ById,
    status: 202,
    response: Accepted,
  },
  'zero.locations.status': {
    method: 'GET',
    path: '/locations/:id/status',
    summary: "A location's tariff connections and its rates for yesterday, today and tomorrow",
    tag: 'Locations',
    params: ById,
    response: ZeroLocationStatus,
  },
});
