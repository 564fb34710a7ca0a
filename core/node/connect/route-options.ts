import type { RouteContext, Step } from './context.js';
import { afterMarketChosen } from './market-path.js';

/**
 * Pages a token's `route_options` turn off with `false` (as production clients send them), and
 * what the session takes in their place:
 * - `tariff_name_capture: false`: the tariff is named after its provider;
 * - `advanced_tariff_capture: false`: no structure to choose, the tariff is one fixed price (a
 *   market-only provider's follows the market, its one structure);
 * - `contract_term_capture: false`: the contract is open-ended.
 */
function skipped(ctx: RouteContext, to: string): Step | undefined {
  const o = ctx.t.route_options ?? {};
  if (to === 'tariff_name_capture' && o.tariff_name_capture === false) {
    ctx.s.tariff_name = ctx.provider()?.display_name ?? ctx.s.provider_name ?? '';
    ctx.s.connection_type = 'MANUAL';
    return { to: 'tariff_structure_select' };
  }
  if (to === 'tariff_structure_select' && o.advanced_tariff_capture === false) {
    if (ctx.s.market_only) {
      ctx.s.structure = 'MARKET';
      return afterMarketChosen(ctx);
    }
    ctx.s.structure = 'FIXED';
    return { to: 'rate_fixed_capture' };
  }
  if (to === 'contract_term_capture' && o.contract_term_capture === false) return { complete: { contractEnd: null } };
  return undefined;
}

/** A page's step with the pages turned off passed over. */
export function withoutSkipped(ctx: RouteContext, step: Step): Step {
  let next = step;
  for (;;) {
    const alt = 'to' in next ? skipped(ctx, next.to) : undefined;
    if (!alt) return next;
    next = alt;
  }
}
