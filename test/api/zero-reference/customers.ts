import { AUTH_ERRORS, LOOKUP_ERRORS, arr, bool, int, list, message, obj, str, type ZeroOperation } from './schema.js';

const customer = obj(
  {
    id: str(),
    object: str(),
    live_mode: bool(),
    reference_id: str(),
    locations: arr(str()),
    time_created: str(),
    account_id: str(),
  },
  ['id', 'object', 'live_mode', 'time_created', 'account_id'],
);

const referenceOnly = obj({ reference_id: str() });

export const customers: ZeroOperation[] = [
  {
    name: 'list-customers',
    tag: 'Customers',
    method: 'GET',
    path: '/customers',
    success: 200,
    errors: LOOKUP_ERRORS,
    query: {
      ending_before: { schema: str() },
      limit: { schema: int() },
      starting_after: { schema: str() },
      reference_id: { schema: str() },
    },
    response: list(customer),
  },
  {
    name: 'create-customer',
    tag: 'Customers',
    method: 'POST',
    path: '/customers',
    success: 201,
    errors: AUTH_ERRORS,
    body: referenceOnly,
    response: customer,
  },
  {
    name: 'get-customer',
    tag: 'Customers',
    method: 'GET',
    path: '/customers/{id}',
    success: 200,
    errors: LOOKUP_ERRORS,
    response: customer,
  },
  {
    name: 'delete-customer',
    tag: 'Customers',
    method: 'DELETE',
    path: '/customers/{id}',
    success: 202,
    errors: LOOKUP_ERRORS,
    response: message(),
  },
  {
    // The reference documents this update's success as 202 with the customer.
    name: 'update-customer',
    tag: 'Customers',
    method: 'PATCH',
    path: '/customers/{id}',
    success: 202,
    errors: LOOKUP_ERRORS,
    body: referenceOnly,
    response: customer,
  },
];
