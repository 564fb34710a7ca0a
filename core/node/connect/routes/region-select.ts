import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';
import { stateCodeOf } from '../../geo/coordinates.js';

/** The regions the session's address may follow: a region listing states only where the address is in one of them. */
function offered(ctx: Parameters<ServerRoute<'region_select'>['render']>[0]): string[] {
  const a = ctx.address();
  if (!a.country_code) return ctx.svc.market.regionIds().filter((id) => !ctx.svc.market.region(id).states);
  return ctx.svc.market.regionsFor(a.country_code, stateCodeOf({ ...a, country_code: a.country_code }));
}

export const regionSelect: ServerRoute<'region_select'> = {
  render: (ctx) => {
    const a = ctx.address();
    const suggested =
      ctx.s.region ??
      (a.country_code
        ? ctx.svc.market.regionFor(a.country_code, stateCodeOf({ ...a, country_code: a.country_code }))
        : null) ??
      undefined;
    return { regions: offered(ctx), ...(suggested ? { region: suggested } : {}) };
  },
  submit: (ctx, { region }) => {
    if (!ctx.svc.market.regionIds().includes(region))
      fail('market_region_invalid', `'${region}' is not a market region.`);
    if (!offered(ctx).includes(region))
      fail('market_region_invalid', `'${region}' serves ${ctx.svc.market.region(region).states!.join(', ')} only.`);
    ctx.s.region = region;
    return { to: 'surcharge_capture' };
  },
};
