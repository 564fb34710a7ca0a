import type { ServerRoute } from '../context.js';
import { statusProvider } from './tariff-connection-pending.js';

export const tariffConnectionFailed: ServerRoute<'tariff_connection_failed'> = {
  render: (ctx) => ({ provider: statusProvider(ctx), connection_type: ctx.s.connection_type ?? 'DIRECT' }),
};
