import type { RouteContext } from '../context.js';
import { stateCodeOf } from '../../geo/coordinates.js';

/**
 * The market regions a Zero session's address may follow, and whether the choice is implied:
 * where the address's country has one region of its own, the surcharge page asks no region.
 */
export function zeroRegions(ctx: RouteContext): { offered: string[]; own: string[]; suggested: string | null } {
  const a = ctx.address();
  const market = ctx.svc.market;
  if (!a.country_code) return { offered: market.regionIds(), own: [], suggested: null };
  const cc = a.country_code.toUpperCase();
  const state = stateCodeOf({ ...a, country_code: cc });
  const offered = market.regionsFor(cc, state);
  const own = offered.filter((id) => market.region(id).country_codes.includes(cc));
  return { offered, own, suggested: market.regionFor(cc, state) };
}
