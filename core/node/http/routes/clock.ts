import { implement } from '../route.js';
import { clockContracts } from '../../../engine/api/routes/clock.js';

export const clockRoutes = implement(clockContracts, {
  'clock.retrieve': ({ svc }) => svc.timeTravel.state(),
  'clock.set': ({ svc, body }) =>
    svc.timeTravel.set(body.mode, body.now === undefined ? undefined : Date.parse(body.now)),
  'clock.advance': ({ svc, body }) =>
    svc.timeTravel.advance('seconds' in body ? body.seconds * 1000 : Date.parse(body.to) - svc.clock.millis()),
});
