import type { RouteContext, ServerRoute } from '../context.js';
import { fail } from '../context.js';

/** Library tariffs of the chosen provider, or the grid-fee tariffs serving the address (its operator first). */
function options(ctx: RouteContext) {
  const t = ctx.t;
  if (t.tariff_type === 'NON_COMMODITY') {
    const a = ctx.address();
    const best = ctx.svc.gridFees.find(a.country_code, a.post_code);
    const all = ctx.svc.gridFees.list().filter((g) => g.country_code === a.country_code.toUpperCase());
    const ordered = best ? [best, ...all.filter((g) => g.id !== best.id)] : all;
    return ordered.map((g) => ({ id: g.id, name: g.display_name, description: g.grid_operator }));
  }
  if (!ctx.s.provider_id) return [];
  return ctx.svc.providers
    .get(ctx.s.provider_id, false)
    .tariffs.filter((x) => x.type === t.tariff_type && x.direction === t.tariff_direction)
    .map((x) => ({ id: x.id, name: x.name, description: x.description }));
}

export const tariffSelect: ServerRoute<'tariff_select'> = {
  render: (ctx) => ({ tariffs: options(ctx) }),
  submit: (ctx, { tariff: { id } }) => {
    if (!options(ctx).some((o) => o.id === id)) fail('tariff_not_found', `No tariff '${id}' here.`);
    ctx.s.library_tariff_id = id;
    ctx.s.connection_type = 'LIBRARY';
    return { to: 'contract_term_capture' };
  },
  actions: { TARIFF_MISSING: () => ({ to: 'tariff_name_capture' }) },
};
