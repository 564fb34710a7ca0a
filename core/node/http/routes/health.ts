import { implement } from '../route.js';
import { healthContracts } from '../../../engine/api/routes/health.js';

export const healthRoutes = implement(healthContracts, {
  health: ({ svc }) => ({
    object: 'health' as const,
    status: 'ok' as const,
    pool: svc.work.stats(),
    event_loop_delay_ms: svc.work.loopDelay.snapshot(),
  }),
});
