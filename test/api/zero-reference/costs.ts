import { arr, bool, dateTime, int, num, obj, str, type ZeroOperation } from './schema.js';
import { aggregation, direction, includeCarbon, includeTariff } from './params.js';
import { meterRecord, meterRecordEcho } from './meters.js';

/** The cost of one period's energy. */
const energyCost = obj(
  {
    start_time: dateTime(),
    end_time: dateTime(),
    session_reference_id: str(),
    record_reference_id: str(),
    energy: obj({ value: int() }, ['value']),
    tariff: obj({ value: num(), confidence: num() }, ['value', 'confidence']),
    carbon: obj({ value: num(), confidence: num() }),
  },
  ['start_time', 'end_time', 'energy', 'tariff'],
);

/** A location's or a session's costs over time. */
const energyCosts = obj(
  {
    id: str(),
    object: str(),
    object_id: str(),
    live_mode: bool(),
    direction: str(),
    location_timezone: str(),
    currency_code: str(),
    energy_units: str(),
    carbon_units: str(),
    data: arr(energyCost),
    account_id: str(),
  },
  ['account_id'],
);

const COST_ERRORS = [403, 422, 500];

export const costs: ZeroOperation[] = [
  {
    name: 'get-cost-instant',
    tag: 'Costs',
    method: 'POST',
    path: '/costs/instant',
    success: 200,
    errors: COST_ERRORS,
    query: { include_tariff: includeTariff, include_carbon: includeCarbon, non_persistent: { schema: bool() } },
    body: meterRecord,
    response: obj(
      {
        id: str(),
        object: str(),
        live_mode: bool(),
        direction: str(),
        tariff_rate: str(),
        currency_code: str(),
        energy_units: str(),
        carbon_units: str(),
        request: meterRecordEcho,
        data: energyCost,
        time_created: str(),
        account_id: str(),
      },
      [
        'id',
        'object',
        'live_mode',
        'direction',
        'tariff_rate',
        'currency_code',
        'energy_units',
        'carbon_units',
        'request',
        'data',
        'time_created',
      ],
    ),
  },
  {
    name: 'get-cost-by-interval',
    tag: 'Costs',
    method: 'POST',
    path: '/costs/interval/{id}',
    success: 200,
    errors: COST_ERRORS,
    query: { aggregation, direction, include_tariff: includeTariff, include_carbon: includeCarbon },
    body: obj({ start_time: dateTime(), end_time: dateTime() }),
    response: energyCosts,
  },
  {
    // The session's id is its `session_reference_id`; the operation takes no body.
    name: 'get-cost-by-session',
    tag: 'Costs',
    method: 'POST',
    path: '/costs/session/{id}',
    success: 200,
    errors: COST_ERRORS,
    query: { direction, include_tariff: includeTariff, include_carbon: includeCarbon },
    response: energyCosts,
  },
];
