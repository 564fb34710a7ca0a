import type { RouteContext, Step } from './context.js';
import { regionServes } from '../../engine/market/regions.js';
import { stateCodeOf } from '../geo/coordinates.js';

/**
 * The market region a MARKET tariff at the session's address follows without asking: the one
 * region of the address's country, where the country has exactly one and it serves the address.
 */
export function onlyRegion(ctx: RouteContext): string | undefined {
  const a = ctx.address();
  if (!a.country_code) return undefined;
  const cc = a.country_code.toUpperCase();
  const market = ctx.svc.market;
  const ofCountry = market.regionIds().filter((id) => market.region(id).country_codes.includes(cc));
  if (ofCountry.length !== 1) return undefined;
  const id = ofCountry[0]!;
  return regionServes(market.region(id), cc, stateCodeOf({ ...a, country_code: cc })) ? id : undefined;
}

/**
 * After MARKET is chosen for a market-only provider: straight to the surcharges where the
 * address's country has one market region (taken as the session's region), else the region page.
 */
export function afterMarketChosen(ctx: RouteContext): Step {
  const region = onlyRegion(ctx);
  if (!region) return { to: 'region_select' };
  ctx.s.region = region;
  return { to: 'surcharge_capture' };
}
