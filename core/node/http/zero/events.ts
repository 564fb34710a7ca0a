import { asList, implement } from '../route.js';
import { zeroEventContracts } from '../../../engine/api/zero/events.js';
import { canonicalEventType, wireEventName } from '../../../engine/wire-profile.js';
import { zeroEventData } from '../../../engine/zero/shapes.js';
import type { EventRecord } from '../../services/events.js';

/** An event as Zero writes it: the Zero-era name (the `published` one) and the object in Zero's shape. */
export const inZero = (e: EventRecord) => ({
  ...e,
  type: wireEventName('published', e.type),
  data: zeroEventData(e.data),
});

export const zeroEventRoutes = implement(zeroEventContracts, {
  'zero.events.list': ({ svc, scope, query }) => {
    // Stored under canonical names; a filter of either generation's name finds them.
    const { type, event_type, object_id, ...page } = query;
    const name = event_type ?? type;
    const res = svc.events.list(scope, { type: name && canonicalEventType(name), object_id }, page);
    return asList('/events', { ...res, data: res.data.map(inZero) });
  },
  'zero.events.retrieve': ({ svc, scope, params }) => inZero(svc.events.get(scope, params.id)),
});
