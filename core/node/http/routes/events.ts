import { asList, implement } from '../route.js';
import { eventContracts } from '../../../engine/api/routes/events.js';
import { canonicalEventType, type WireProfile } from '../../../engine/wire-profile.js';
import { eventNameIn } from '../../../engine/webhooks/names.js';
import type { Generation } from '../../../engine/versions.js';
import type { EventRecord } from '../../services/events.js';

export const eventRoutes = implement(eventContracts, {
  'events.list': ({ svc, scope, query, request }) => {
    // Stored under canonical names; filtered by any name, answered in the caller's profile and version.
    const { type, event_type, object_id, ...page } = query;
    const name = type ?? event_type;
    const profile = svc.settings.wireProfile(scope.accountId);
    const res = svc.events.list(scope, { type: name && canonicalEventType(name), object_id }, page);
    return asList('/events', { ...res, data: res.data.map((e) => onWire(e, profile, request.generation)) });
  },
  'events.retrieve': ({ svc, scope, params, request }) =>
    onWire(svc.events.get(scope, params.id), svc.settings.wireProfile(scope.accountId), request.generation),
});

const onWire = (e: EventRecord, profile: WireProfile, generation: Generation): EventRecord => ({
  ...e,
  type: eventNameIn(profile, generation, e.type),
});
