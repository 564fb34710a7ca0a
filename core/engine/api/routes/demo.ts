import { contracts } from '../contract.js';
import { z } from 'zod';

export const demoContracts = contracts({
  'demo.reset': {
    method: 'POST',
    path: '/demo/reset',
    summary: 'Replace the test-mode data of this account with the demo data',
    tag: 'Demo',
    body: z.strictObject({}).optional(),
    response: z.object({ object: z.literal('demo_reset'), locations: z.number().int() }),
  },
});
