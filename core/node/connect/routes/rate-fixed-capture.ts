import type { ServerRoute } from '../context.js';

export const rateFixedCapture: ServerRoute<'rate_fixed_capture'> = {
  render: (ctx) => ({ currency_code: ctx.currency(), cost: ctx.s.fixed_cost ?? 0 }),
  submit: (ctx, { cost }) => {
    ctx.s.fixed_cost = cost;
    return { to: 'contract_term_capture' };
  },
};
