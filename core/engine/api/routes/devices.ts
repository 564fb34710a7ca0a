import { contracts } from '../contract.js';
import { Accepted } from '../../wire-profile.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import {
  Device,
  DeviceCreate,
  DeviceList,
  DeviceListQuery,
  DeviceState,
  DeviceStateWrite,
  DeviceUpdate,
} from '../../schemas/customer.js';

const ById = z.strictObject({ id: idOf('device') });

export const deviceContracts = contracts({
  'devices.create': {
    method: 'POST',
    path: '/devices',
    summary: 'Create a device',
    tag: 'Devices',
    body: DeviceCreate,
    response: Device,
    alternateStatus: { status: 201, description: 'The created device, under the published wire profile.' },
  },
  'devices.list': {
    method: 'GET',
    path: '/devices',
    summary: 'List devices, newest first',
    tag: 'Devices',
    query: DeviceListQuery,
    response: DeviceList,
  },
  'devices.retrieve': {
    method: 'GET',
    path: '/devices/:id',
    summary: 'Retrieve a device',
    tag: 'Devices',
    params: ById,
    response: Device,
  },
  'devices.update': {
    method: 'PATCH',
    path: '/devices/:id',
    summary: 'Update a device',
    tag: 'Devices',
    params: ById,
    body: DeviceUpdate,
    response: Device,
  },
  'devices.delete': {
    method: 'DELETE',
    path: '/devices/:id',
    summary: 'Delete a device (its meter records stay)',
    tag: 'Devices',
    params: ById,
    response: z.union([Device, Accepted]),
    responseDescription: 'The deleted device (wire profile spec).',
    alternateStatus: { status: 202, description: 'Accepted, without the object (wire profile published).' },
  },
  'devices.state.put': {
    method: 'PUT',
    path: '/devices/:id/state',
    summary: 'Report a device’s state (state of charge), Tariff Desk’s extension',
    tag: 'Devices',
    params: ById,
    body: DeviceStateWrite,
    response: DeviceState,
  },
  'devices.state.get': {
    method: 'GET',
    path: '/devices/:id/state',
    summary: 'The latest reported state of a device, Tariff Desk’s extension',
    tag: 'Devices',
    params: ById,
    response: DeviceState,
  },
});
