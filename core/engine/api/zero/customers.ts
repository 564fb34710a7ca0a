import { z } from 'zod';
import { contracts } from '../contract.js';
import { idOf, PagingQuery } from '../../schemas/common.js';
import { Customer, CustomerList } from '../../schemas/customer.js';
import { ZeroDevice, ZeroDeviceList } from '../../zero/device.js';

/** Zero's customers and devices: Anode's objects, Zero's statuses, requests that ignore unknown fields. */
const reference = z.string().min(1).max(200);
const Create = z.object({ reference_id: reference.optional() });
const Update = z.object({ reference_id: reference.nullable().optional() });
const ListQuery = z.object({ ...PagingQuery, reference_id: z.string().max(200).optional() });

export const zeroCustomerContracts = contracts({
  'zero.customers.create': {
    method: 'POST',
    path: '/customers',
    summary: 'Create a customer',
    tag: 'Customers',
    body: Create.meta({ id: 'ZeroCustomerCreate' }),
    status: 201,
    response: Customer,
  },
  'zero.customers.list': {
    method: 'GET',
    path: '/customers',
    summary: 'List customers, newest first',
    tag: 'Customers',
    query: ListQuery,
    response: CustomerList,
  },
  'zero.customers.update': {
    method: 'PATCH',
    path: '/customers/:id',
    summary: 'Update a customer (202 with the customer)',
    tag: 'Customers',
    params: z.object({ id: idOf('customer') }),
    body: Update.meta({ id: 'ZeroCustomerUpdate' }),
    status: 202,
    response: Customer,
  },
  'zero.devices.create': {
    method: 'POST',
    path: '/devices',
    summary: 'Create a device',
    tag: 'Devices',
    body: Create.meta({ id: 'ZeroDeviceCreate' }),
    status: 201,
    response: ZeroDevice,
  },
  'zero.devices.list': {
    method: 'GET',
    path: '/devices',
    summary: 'List devices, newest first',
    tag: 'Devices',
    query: ListQuery,
    response: ZeroDeviceList,
  },
  'zero.devices.retrieve': {
    method: 'GET',
    path: '/devices/:id',
    summary: 'Retrieve a device',
    tag: 'Devices',
    params: z.object({ id: idOf('device') }),
    response: ZeroDevice,
  },
  'zero.devices.update': {
    method: 'PATCH',
    path: '/devices/:id',
    summary: 'Update a device',
    tag: 'Devices',
    params: z.object({ id: idOf('device') }),
    body: Update.meta({ id: 'ZeroDeviceUpdate' }),
    response: ZeroDevice,
  },
});
