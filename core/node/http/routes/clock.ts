import { implement } from '../route.js';
import { clockContracts } from '../../../engine/api/routes/clock.js';

export const clockRoutes = implement(clockContracts, {
  'clock.retrieve': ({ svc }) => svc.timeTravel.state(),
  'clock.set': ({ svc, body, scope }) =>
    svc.timeTravel.set(body.mode, body.now === undefined ? undefined : Date.parse(body.now), scope),
  'clock.advance': ({ svc, body, scope }) =>
    svc.timeTravel.advance('seconds' in body ? body.seconds * 1000 : Date.parse(body.to) - svc.clock.millis(), scope),
});
