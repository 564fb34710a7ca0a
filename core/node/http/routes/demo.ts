import { z } from 'zod';
import { defineRoute } from '../route.js';
import { resetDemo } from '../../demo/seed.js';
import { invalid } from '../../../engine/errors.js';

export const demoRoutes = [
  defineRoute({
    method: 'POST',
    path: '/demo/reset',
    operationId: 'demo.reset',
    summary: 'Replace the test-mode data of this account with the demo data',
    tag: 'Demo',
    body: z.strictObject({}).optional(),
    response: z.object({ object: z.literal('demo_reset'), locations: z.number().int() }),
    handler: async ({ svc, scope }) => {
      if (scope.liveMode)
        throw invalid('live_mode_not_allowed', 'Demo data lives in test mode; log in with the test key.');
      await resetDemo(svc, scope);
      return { object: 'demo_reset' as const, locations: svc.store.locations.all(scope).length };
    },
  }),
];
