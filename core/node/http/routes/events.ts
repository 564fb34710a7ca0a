import { asList, implement } from '../route.js';
import { eventContracts } from '../../../engine/api/routes/events.js';
import { canonicalEventType, wireEventName } from '../../../engine/wire-profile.js';
import type { EventRecord } from '../../services/events.js';

export const eventRoutes = implement(eventContracts, {
  'events.list': ({ svc, scope, query }) => {
    // Stored under canonical names; filtered by either profile's name, answered in the caller's.
    const { type, event_type, object_id, ...page } = query;
    const name = type ?? event_type;
    const profile = svc.settings.wireProfile(scope.accountId);
    const res = svc.events.list(scope, { type: name && canonicalEventType(name), object_id }, page);
    return asList('/events', { ...res, data: res.data.map((e) => onWire(e, profile)) });
  },
  'events.retrieve': ({ svc, scope, params }) =>
    onWire(svc.events.get(scope, params.id), svc.settings.wireProfile(scope.accountId)),
});

const onWire = (e: EventRecord, profile: Parameters<typeof wireEventName>[0]): EventRecord => ({
  ...e,
  type: wireEventName(profile, e.type),
});
