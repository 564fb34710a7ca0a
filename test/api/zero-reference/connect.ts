import { AUTH_ERRORS, bool, dateTime, int, obj, str, type ZeroOperation } from './schema.js';
import { postalAddress, tariffSchedule } from './shared.js';

/** The connect token as exchanged, and as a batch run answers it. */
const connectToken = obj(
  {
    id: str(),
    object: str(),
    live_mode: bool(),
    customer_id: str(),
    customer_reference_id: str(),
    location_id: str(),
    location_reference_id: str(),
    is_tariff_processed: bool(),
    complete_action: str(),
    time_created: str(),
    time_expiry: str(),
  },
  [
    'id',
    'object',
    'live_mode',
    'location_id',
    'location_reference_id',
    'is_tariff_processed',
    'time_created',
    'time_expiry',
  ],
);

export const connect: ZeroOperation[] = [
  {
    name: 'exchange-connect-token',
    tag: 'Connect',
    method: 'GET',
    path: '/connect/tariff/token',
    success: 200,
    errors: [403, 404, 422, 500],
    query: { connect_token: { schema: str() } },
    response: connectToken,
  },
  {
    name: 'create-connect-token',
    tag: 'Connect',
    method: 'POST',
    path: '/connect/tariff/token',
    success: 200,
    errors: AUTH_ERRORS,
    body: obj(
      {
        direction: str(),
        type: str(),
        callback_uri: str(),
        connect_web_uri: str(),
        customer_id: str(),
        customer_reference_id: str(),
        location_id: str(),
        location_reference_id: str(),
        tariff_id: str(),
        postal_address: postalAddress,
      },
      ['callback_uri'],
    ),
    response: obj({ connect_token: str(), expires_in: int(), live_mode: bool() }),
  },
  {
    name: 'run-connect-batch',
    tag: 'Connect',
    method: 'POST',
    path: '/connect/tariff/batch',
    success: 200,
    errors: AUTH_ERRORS,
    body: obj({
      session: obj(
        {
          direction: str(),
          type: str(),
          customer_id: str(),
          customer_reference_id: str(),
          location_id: str(),
          location_reference_id: str(),
          disconnect: bool(),
          postal_address: postalAddress,
        },
        ['direction', 'type'],
      ),
      tariff: obj(
        {
          provider_id: str(),
          type: str(),
          name: str(),
          contract: obj({ start_date: dateTime(), end_date: dateTime() }),
          data: tariffSchedule,
        },
        ['type'],
      ),
    }),
    response: connectToken,
  },
];
