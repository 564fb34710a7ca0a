import { LOOKUP_ERRORS, arr, bool, dateTime, int, list, message, obj, str, type ZeroOperation } from './schema.js';
import { geoLocation, postalAddress } from './shared.js';

export const location = obj(
  {
    id: str(),
    object: str(),
    reference_id: str(),
    customer_id: str(),
    live_mode: bool(),
    timezone: str(),
    currency_code: str(),
    postal_address: postalAddress,
    geo_location: geoLocation,
    tariff_status: obj({
      commodity_import: str(),
      commodity_export: str(),
      non_commodity_import: str(),
      non_commodity_export: str(),
      local: str(),
    }),
    tariff_elements: arr(str()),
    time_created: dateTime(),
    account_id: str(),
  },
  ['id', 'object', 'live_mode', 'time_created', 'account_id'],
);

/** What a location is created and updated with. */
const locationEdit = obj({ reference_id: str(), customer_id: str(), postal_address: postalAddress });

/** A connected slot's status: how it was connected, by whom, and the tariff. */
const slotStatus = obj({
  status: str(),
  connection_type: str(),
  provider: obj({ id: str(), display_name: str(), logo_url: str() }),
  tariff: obj({ id: str(), display_name: str(), structure_type: str(), contract_end_date: dateTime() }),
});

const locationStatus = obj(
  {
    id: str(),
    object: str(),
    live_mode: bool(),
    tariff_status: obj({
      commodity_import: slotStatus,
      commodity_export: slotStatus,
      non_commodity_import: slotStatus,
      non_commodity_export: obj({ status: str() }),
      local: obj({ status: str() }),
    }),
    time_created: dateTime(),
    account_id: str(),
  },
  ['id', 'object', 'live_mode', 'time_created', 'account_id'],
);

export const locations: ZeroOperation[] = [
  {
    name: 'list-locations',
    tag: 'Locations',
    method: 'GET',
    path: '/locations',
    success: 200,
    errors: LOOKUP_ERRORS,
    query: {
      reference_id: { schema: str() },
      customer_id: { schema: str() },
      starting_after: { schema: str() },
      limit: { schema: int() },
      ending_before: { schema: str() },
    },
    response: list(location, ['object', 'url', 'has_more', 'data']),
  },
  {
    name: 'create-location',
    tag: 'Locations',
    method: 'POST',
    path: '/locations',
    success: 201,
    errors: [403, 409, 500],
    body: locationEdit,
    response: location,
  },
  {
    name: 'get-location',
    tag: 'Locations',
    method: 'GET',
    path: '/locations/{id}',
    success: 200,
    errors: LOOKUP_ERRORS,
    response: location,
  },
  {
    name: 'delete-location',
    tag: 'Locations',
    method: 'DELETE',
    path: '/locations/{id}',
    success: 202,
    errors: LOOKUP_ERRORS,
    response: message(),
  },
  {
    name: 'update-location',
    tag: 'Locations',
    method: 'PATCH',
    path: '/locations/{id}',
    success: 200,
    errors: LOOKUP_ERRORS,
    body: locationEdit,
    response: location,
  },
  {
    name: 'get-location-status',
    tag: 'Locations',
    method: 'GET',
    path: '/locations/{id}/status',
    success: 200,
    errors: [403, 404, 422, 500],
    response: locationStatus,
  },
];
