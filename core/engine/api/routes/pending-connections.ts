import { z } from 'zod';
import { contracts } from '../contract.js';
import { idOf } from '../../schemas/common.js';
import { Tariff } from '../../schemas/tariff.js';

/** How a pending DIRECT connection ends (docs/connect.md, DIRECT providers). */
export const PendingOutcome = z.enum(['succeed', 'fail']).meta({ id: 'PendingOutcome' });
export type PendingOutcome = z.infer<typeof PendingOutcome>;

export const pendingConnectionContracts = contracts({
  'tariffs.resolve': {
    method: 'POST',
    path: '/tariffs/:id/resolve',
    summary: 'Resolve a PENDING DIRECT tariff as the provider would: deliver it (CONNECTED) or fail (FAILED)',
    tag: 'Connect',
    params: z.strictObject({ id: idOf('tariff') }),
    body: z
      .strictObject({
        outcome: PendingOutcome.meta({
          description: "succeed: the provider's tariff arrives (tariff.updated); fail: tariff.fetch.failed.",
        }),
      })
      .meta({ id: 'TariffResolve' }),
    response: Tariff,
  },
});
