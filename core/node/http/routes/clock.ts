import { implement } from '../route.js';
import { clockContracts } from '../../../engine/api/routes/clock.js';

export const clockRoutes = implement(clockContracts, {
  'clock.retrieve': ({ svc }) => svc.timeTravel.state(),
  'clock.set': ({ svc, body, scope }) =>
    svc.timeTravel.set(body.mode, body.now === undefined ? undefined : Date.parse(body.now), scope),
  'clock.advance': async ({ svc, body, scope, reply }) => {
    const ms = 'seconds' in body ? body.seconds * 1000 : Date.parse(body.to) - svc.clock.millis();
    const state = await svc.timeTravel.advance(ms, scope);
    // Still under way: accepted, and the answer says how far it got.
    if (state.advancing) void reply.code(202);
    return state;
  },
});
