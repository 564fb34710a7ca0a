import {
  AUTH_ERRORS,
  LOOKUP_ERRORS,
  bool,
  dateTime,
  int,
  list,
  message,
  obj,
  str,
  type ZeroOperation,
} from './schema.js';

export const device = obj(
  {
    id: str(),
    object: str(),
    live_mode: bool(),
    reference_id: str(),
    last_seen: dateTime(),
    time_created: str(),
    account_id: str(),
  },
  ['id', 'object', 'live_mode', 'reference_id', 'time_created', 'account_id'],
);

const referenceOnly = obj({ reference_id: str() });

export const devices: ZeroOperation[] = [
  {
    name: 'list-devices',
    tag: 'Devices',
    method: 'GET',
    path: '/devices',
    success: 200,
    errors: LOOKUP_ERRORS,
    query: {
      reference_id: { schema: str() },
      ending_before: { schema: str() },
      limit: { schema: int() },
      starting_after: { schema: str() },
    },
    response: list(device),
  },
  {
    name: 'create-device',
    tag: 'Devices',
    method: 'POST',
    path: '/devices',
    success: 201,
    errors: AUTH_ERRORS,
    body: referenceOnly,
    response: device,
  },
  {
    name: 'get-device',
    tag: 'Devices',
    method: 'GET',
    path: '/devices/{id}',
    success: 200,
    errors: LOOKUP_ERRORS,
    response: device,
  },
  {
    name: 'delete-device',
    tag: 'Devices',
    method: 'DELETE',
    path: '/devices/{id}',
    success: 202,
    errors: LOOKUP_ERRORS,
    response: message(),
  },
  {
    name: 'update-device',
    tag: 'Devices',
    method: 'PATCH',
    path: '/devices/{id}',
    success: 200,
    errors: LOOKUP_ERRORS,
    body: referenceOnly,
    response: device,
  },
];
