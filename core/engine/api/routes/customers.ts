import { contracts } from '../contract.js';
import { Accepted } from '../../wire-profile.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import { Customer, CustomerCreate, CustomerList, CustomerListQuery, CustomerUpdate } from '../../schemas/customer.js';

const ById = z.strictObject({ id: idOf('customer') });

export const customerContracts = contracts({
  'customers.create': {
    method: 'POST',
    path: '/customers',
    summary: 'Create a customer',
    tag: 'Customers',
    body: CustomerCreate,
    response: Customer,
    alternateStatus: { status: 201, description: 'The created customer, under the published wire profile.' },
  },
  'customers.list': {
    method: 'GET',
    path: '/customers',
    summary: 'List customers, newest first',
    tag: 'Customers',
    query: CustomerListQuery,
    response: CustomerList,
  },
  'customers.retrieve': {
    method: 'GET',
    path: '/customers/:id',
    summary: 'Retrieve a customer',
    tag: 'Customers',
    params: ById,
    response: Customer,
  },
  'customers.update': {
    method: 'PATCH',
    path: '/customers/:id',
    summary: 'Update a customer',
    tag: 'Customers',
    params: ById,
    body: CustomerUpdate,
    response: Customer,
  },
  'customers.delete': {
    method: 'DELETE',
    path: '/customers/:id',
    summary: 'Delete a customer with its locations, their tariffs and meter records',
    tag: 'Customers',
    params: ById,
    response: z.union([Customer, Accepted]),
    responseDescription: 'The deleted customer, with the locations that went with it (wire profile spec).',
    alternateStatus: { status: 202, description: 'Accepted, without the object (wire profile published).' },
  },
});
