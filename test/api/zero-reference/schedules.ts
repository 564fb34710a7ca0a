import { AUTH_ERRORS, arr, dateTime, num, obj, str, type ZeroOperation } from './schema.js';
import { pricedHead, PRICED_HEAD_REQUIRED } from './shared.js';

const power = () => obj({ units: str(), value: num() }, ['units', 'value']);
const money = () => obj({ value: num(), confidence: num() }, ['value', 'confidence']);
const savings = () => obj({ value: num(), percentage: num() }, ['value', 'percentage']);

const schedule = obj(
  {
    ...pricedHead,
    max_power: power(),
    shaving_threshold: obj({ relative: num(), absolute: num() }),
    tariff: money(),
    savings: savings(),
    data: arr(
      obj(
        {
          device_id: str(),
          direction: str(),
          start_time: dateTime(),
          end_time: dateTime(),
          max_power: obj({ units: str(), value: num() }),
          energy: obj({ units: str(), value: num() }, ['units', 'value']),
          tariff: money(),
          savings: savings(),
          schedule: arr(
            obj({ start_time: dateTime(), end_time: dateTime(), power: power() }, ['start_time', 'end_time', 'power']),
          ),
        },
        ['device_id', 'direction', 'start_time', 'end_time', 'energy', 'tariff', 'savings', 'schedule'],
      ),
    ),
    time_created: dateTime(),
    account_id: str(),
  },
  [...PRICED_HEAD_REQUIRED, 'max_power', 'tariff', 'savings', 'time_created', 'account_id'],
);

export const schedules: ZeroOperation[] = [
  {
    name: 'create-a-schedule',
    tag: 'Schedules',
    method: 'POST',
    path: '/schedules',
    success: 200,
    errors: AUTH_ERRORS,
    body: obj(
      {
        location_id: str(),
        // The location's power is a string in the request (e.g. "14000"), a number everywhere else.
        max_power: obj({ units: str(), value: str() }, ['units', 'value']),
        shaving_threshold: obj({ relative: num(), absolute: num() }),
        data: arr(
          obj(
            {
              device_id: str(),
              direction: str(),
              start_time: dateTime(),
              end_time: dateTime(),
              max_power: obj({ units: str(), value: num() }),
              energy: obj({ units: str(), value: num() }, ['units', 'value']),
            },
            ['device_id', 'direction', 'end_time', 'energy'],
          ),
        ),
      },
      ['location_id', 'max_power'],
    ),
    response: schedule,
  },
];
