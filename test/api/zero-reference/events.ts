import { LOOKUP_ERRORS, int, list, obj, str, type ZeroOperation } from './schema.js';
import { device } from './devices.js';

/** The reference shows an event's `data` as a device; nothing about it is required. */
const event = obj({ id: str(), object: str(), time_created: str(), type: str(), data: device });

export const events: ZeroOperation[] = [
  {
    name: 'get-event',
    tag: 'Events',
    method: 'GET',
    path: '/events/{id}',
    success: 200,
    errors: LOOKUP_ERRORS,
    response: event,
  },
  {
    name: 'get-events',
    tag: 'Events',
    method: 'GET',
    path: '/events',
    success: 200,
    errors: LOOKUP_ERRORS,
    query: {
      event_type: { schema: str() },
      starting_after: { schema: str() },
      ending_before: { schema: str() },
      limit: { schema: int() },
      object_id: { schema: str() },
    },
    response: list(event),
  },
];
