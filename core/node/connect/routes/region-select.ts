import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';

export const regionSelect: ServerRoute<'region_select'> = {
  render: (ctx) => {
    const a = ctx.address();
    const suggested =
      ctx.s.region ?? (a.country_code ? ctx.svc.market.regionFor(a.country_code, a.state) : null) ?? undefined;
    return { regions: ctx.svc.market.regionIds(), ...(suggested ? { region: suggested } : {}) };
  },
  submit: (ctx, { region }) => {
    if (!ctx.svc.market.regionIds().includes(region))
      fail('market_region_invalid', `'${region}' is not a market region.`);
    ctx.s.region = region;
    return { to: 'surcharge_capture' };
  },
};
