import type { RouteContext } from '../context.js';

/**
 * The providers a Zero session offers for the address: those the engine's page lists (DIRECT,
 * or a library tariff of the slot) and, for supply, the market-only suppliers that list no
 * tariff at all: their path goes straight to the structure choice.
 */
export function zeroProviders(ctx: RouteContext) {
  const t = ctx.t;
  const a = ctx.address();
  return ctx.svc.providers
    .list(t.live_mode, { country_code: a.country_code, limit: 100 })
    .data.filter(
      (p) =>
        p.connection_types.includes('DIRECT') ||
        p.tariffs.some((x) => x.type === t.tariff_type && x.direction === t.tariff_direction) ||
        (t.tariff_type === 'COMMODITY' && p.tariffs.length === 0),
    )
    .map((p) => ({ id: p.id, display_name: p.display_name, logo_url: p.logo_url }));
}
