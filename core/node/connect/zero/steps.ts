import type { ConnectRoute } from '../../../engine/connect/routes/index.js';
import { fail, type RouteContext, type Step } from '../context.js';
import { zeroRegions } from './regions.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Zero's paths through the engine's pages (docs/connect.md, Zero dialect):
 * - a market-only provider's tariff is named after its surcharges (provider → structure →
 *   market surcharge → name → contract term), where Anode names it after the provider;
 * - MARKET skips the region page: the country's one region is taken, else the surcharge page
 *   offers the regions.
 */
export function zeroStep(ctx: RouteContext, step: Step): Step {
  const s = ctx.s;
  if (!('to' in step)) {
    // Provider selection started over (EDIT, RECONNECT): the order follows the next provider.
    if ('show' in step && (s.route === 'provider_select' || s.route === 'postal_address_capture'))
      s.name_after_rates = false;
    return step;
  }
  const to: ConnectRoute = step.to;
  if (s.route === 'provider_select') {
    // A market-only provider: Zero asks the tariff's name after its surcharges.
    const market = to === 'tariff_structure_select' && s.market_only === true;
    s.name_after_rates = market;
    if (market) s.tariff_name = undefined;
    return step;
  }
  if (to === 'region_select') {
    const r = zeroRegions(ctx);
    s.region = r.own.length === 1 ? r.own[0] : (r.suggested ?? undefined);
    return { to: 'surcharge_capture' };
  }
  if (s.name_after_rates && to === 'contract_term_capture' && s.tariff_name === undefined)
    return { to: 'tariff_name_capture' };
  if (s.name_after_rates && to === 'tariff_structure_select' && s.structure) return { to: 'contract_term_capture' };
  return step;
}

/** Zero's surcharge page also carries the market region, where the address may follow several. */
export function zeroBeforeSubmit(ctx: RouteContext, route: ConnectRoute, data: unknown): void {
  if (route !== 'surcharge_capture') return;
  const given = isObject(data) ? data.region : undefined;
  if (given === undefined || given === null || given === '') {
    if (!ctx.s.region) fail('market_region_invalid', 'Choose the market region (data.region).');
    return;
  }
  const r = zeroRegions(ctx);
  if (typeof given !== 'string' || !r.offered.includes(given))
    fail('market_region_invalid', `data.region: '${String(given)}' is not a market region for this address.`);
  ctx.s.region = given as string;
}
