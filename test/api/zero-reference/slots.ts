import { arr, dateTime, num, obj, str, type JsonSchema, type ZeroOperation } from './schema.js';
import { direction, endTime, segment, startTime } from './params.js';
import { pricedHead, PRICED_HEAD_REQUIRED } from './shared.js';

/** What both slot answers open with. */
const head: Record<string, JsonSchema> = { ...pricedHead, direction: str() };
const tail: Record<string, JsonSchema> = { time_created: dateTime(), account_id: str() };
const HEAD = [...PRICED_HEAD_REQUIRED, 'direction'];
const TAIL = ['next_update', 'request', 'data', 'time_created', 'account_id'];

const slotTime = obj(
  {
    ...head,
    next_update: str(),
    request: obj({ direction: str(), segment: str(), duration: num(), start_time: str(), end_time: str() }, [
      'direction',
      'segment',
      'duration',
      'start_time',
      'end_time',
    ]),
    data: arr(
      obj(
        {
          start_time: str(),
          end_time: str(),
          tariff: obj({ rate_avg: num(), confidence: num() }, ['rate_avg', 'confidence']),
        },
        ['start_time', 'end_time', 'tariff'],
      ),
    ),
    ...tail,
  },
  [...HEAD, ...TAIL],
);

/**
 * The threshold slot's tariff lists `rate_avg` among its properties but requires `rate`: both
 * are kept as the reference gives them.
 */
const slotThreshold = obj(
  {
    ...head,
    duration: num(),
    next_update: str(),
    request: obj(
      { direction: str(), segment: str(), absolute: num(), relative: num(), start_time: str(), end_time: str() },
      ['direction', 'segment', 'absolute', 'relative', 'start_time', 'end_time'],
    ),
    data: arr(
      obj(
        {
          start_time: dateTime(),
          end_time: dateTime(),
          tariff: obj({ rate_avg: num(), confidence: num() }, ['rate', 'confidence']),
        },
        ['start_time', 'end_time', 'tariff'],
      ),
    ),
    ...tail,
  },
  [...HEAD, 'duration', ...TAIL],
);

export const slots: ZeroOperation[] = [
  {
    name: 'get-slots-time',
    tag: 'Slots',
    method: 'GET',
    path: '/slots/time/{id}',
    success: 200,
    // 400 is documented without a body.
    errors: [400, 403, 404, 422, 500],
    query: {
      start_time: startTime,
      end_time: endTime,
      direction,
      segment,
      duration: { schema: num(), required: true },
    },
    response: slotTime,
  },
  {
    name: 'get-slots-threshold',
    tag: 'Slots',
    method: 'GET',
    path: '/slots/threshold/{id}',
    success: 200,
    errors: [403, 404, 422, 500],
    query: {
      start_time: startTime,
      end_time: endTime,
      direction,
      segment,
      relative: { schema: num() },
      absolute: { schema: num() },
    },
    response: slotThreshold,
  },
];
