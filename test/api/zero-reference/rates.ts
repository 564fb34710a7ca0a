import { pricedHead, PRICED_HEAD_REQUIRED } from './shared.js';
import { arr, bool, dateTime, num, obj, str, type ZeroOperation } from './schema.js';
import { direction, endTime, includeCarbon, includeTariff, startTime } from './params.js';

const RATE_ERRORS = [403, 404, 422, 500];

const tariffRate = obj(
  {
    ...pricedHead,
    direction: str(),
    last_updated: str(),
    next_update: str(),
    request: obj(
      {
        include_tariff: bool(),
        include_carbon: bool(),
        direction: str(),
        start_time: dateTime(),
        end_time: dateTime(),
      },
      ['include_tariff', 'include_carbon', 'direction', 'start_time', 'end_time'],
    ),
    data: arr(
      obj({
        valid_from: dateTime(),
        valid_to: dateTime(),
        tariff: obj({ rate: num(), confidence: num() }),
        carbon: obj({ intensity: num(), relative: num(), confidence: num() }),
      }),
    ),
    time_created: dateTime(),
    account_id: str(),
  },
  [...PRICED_HEAD_REQUIRED, 'direction', 'last_updated', 'next_update', 'request', 'account_id'],
);

const tariffRateAudit = obj(
  {
    ...pricedHead,
    direction: str(),
    request: obj({ direction: str(), start_time: str(), end_time: str() }, ['direction', 'start_time', 'end_time']),
    market_sources: arr(str()),
    carbon_sources: arr(str()),
    data: arr(
      obj({
        valid_from: str(),
        valid_to: str(),
        tariff_rate: obj({
          commodity: obj({ market: num(), fixed: num(), percentage: num(), tier: num(), aggregate: num() }),
          non_commodity: obj({ fixed: num(), tier: num() }),
          total: num(),
          confidence: num(),
        }),
      }),
    ),
    time_created: str(),
    account_id: str(),
  },
  [...PRICED_HEAD_REQUIRED, 'direction', 'request', 'data', 'time_created', 'account_id'],
);

/** The reference tags both under Tariffs. */
export const rates: ZeroOperation[] = [
  {
    name: 'get-tariff-rates',
    tag: 'Tariffs',
    method: 'GET',
    path: '/tariffs/rates/{id}',
    success: 200,
    errors: RATE_ERRORS,
    query: {
      start_time: startTime,
      end_time: endTime,
      include_tariff: includeTariff,
      include_carbon: includeCarbon,
      direction,
    },
    response: tariffRate,
  },
  {
    name: 'tariff-rates-audit',
    tag: 'Tariffs',
    method: 'GET',
    path: '/tariffs/audit/{id}',
    success: 200,
    errors: RATE_ERRORS,
    query: { start_time: startTime, end_time: endTime, direction },
    response: tariffRateAudit,
  },
];
