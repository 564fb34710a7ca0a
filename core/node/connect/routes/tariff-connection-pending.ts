import type { RouteContext, ServerRoute } from '../context.js';

/** The session's provider, else the provider of the slot's tariff (a session opened on a pending or failed slot). */
export function statusProvider(ctx: RouteContext) {
  return ctx.provider() ?? ctx.providerHeader(ctx.slotTariff()?.provider_id) ?? null;
}

export const tariffConnectionPending: ServerRoute<'tariff_connection_pending'> = {
  render: (ctx) => ({ provider: statusProvider(ctx) }),
};
