import { implement } from '../route.js';
import { demoContracts } from '../../../engine/api/routes/demo.js';
import { invalid } from '../../../engine/errors.js';
import { resetDemo } from '../../demo/seed.js';

export const demoRoutes = implement(demoContracts, {
  'demo.reset': async ({ svc, scope }) => {
    if (scope.liveMode)
      throw invalid('live_mode_not_allowed', 'Demo data lives in test mode; log in with the test key.');
    await resetDemo(svc, scope);
    return { object: 'demo_reset' as const, locations: svc.store.locations.all(scope).length };
  },
});
