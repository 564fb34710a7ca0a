import { asList, implement } from '../route.js';
import { eventContracts } from '../../../engine/api/routes/events.js';
import { canonicalEventType } from '../../../engine/wire-profile.js';
import type { EventRecord } from '../../services/events.js';
import { eventNamer } from '../profile.js';

export const eventRoutes = implement(eventContracts, {
  'events.list': ({ svc, scope, query, reply }) => {
    // Stored under canonical names; filtered by either profile's name, answered in the caller's.
    const { type, event_type, object_id, ...page } = query;
    const name = type ?? event_type;
    const named = eventNamer(svc, scope, reply);
    const res = svc.events.list(scope, { type: name && canonicalEventType(name), object_id }, page);
    return asList('/events', { ...res, data: res.data.map((e) => onWire(e, named)) });
  },
  'events.retrieve': ({ svc, scope, params, reply }) =>
    onWire(svc.events.get(scope, params.id), eventNamer(svc, scope, reply)),
});

export const onWire = (e: EventRecord, named: (type: string) => string): EventRecord => ({
  ...e,
  type: named(e.type),
});
