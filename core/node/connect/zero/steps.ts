import type { ConnectRoute } from '../../../engine/connect/routes/index.js';
import { fail, type RouteContext, type Step } from '../context.js';
import { zeroRegions } from './regions.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Zero's paths through the engine's pages (docs/connect.md, Zero dialect):
 * - a provider that lists no tariff of the slot goes straight to the structure choice, and the
 *   tariff is named after its rates (provider → structure → rates → name → contract term);
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
  if (to === 'provider_name_capture') s.name_after_rates = false;
  if (to === 'tariff_select' && s.route === 'provider_select' && ctx.t.tariff_type === 'COMMODITY') {
    const p = ctx.svc.providers.get(s.provider_id!, false);
    const listed = p.tariffs.some((x) => x.type === ctx.t.tariff_type && x.direction === ctx.t.tariff_direction);
    s.name_after_rates = !listed;
    if (!listed) {
      s.connection_type = 'MANUAL';
      s.tariff_name = undefined;
      s.structure = undefined;
      return { to: 'tariff_structure_select' };
    }
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
