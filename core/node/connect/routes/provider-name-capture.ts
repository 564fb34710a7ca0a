import type { ServerRoute } from '../context.js';

export const providerNameCapture: ServerRoute<'provider_name_capture'> = {
  render: (ctx) => ({ provider: { name: ctx.s.provider_name ?? '' }, postal_address: ctx.address() }),
  submit: (ctx, { provider: { name } }) => {
    ctx.s.provider_name = name;
    ctx.s.provider_id = undefined;
    ctx.s.market_only = undefined;
    ctx.s.connection_type = 'MANUAL';
    return { to: 'tariff_name_capture' };
  },
};
