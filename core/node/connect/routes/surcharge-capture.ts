import type { ServerRoute } from '../context.js';

export const surchargeCapture: ServerRoute<'surcharge_capture'> = {
  render: (ctx) => ({
    currency_code: ctx.currency(),
    surcharge: ctx.s.surcharge ?? { fixed: 0, percentage: 0 },
    ...(ctx.s.region ? { region: ctx.s.region } : {}),
  }),
  submit: (ctx, { surcharge }) => {
    ctx.s.surcharge = { fixed: surcharge.fixed, percentage: surcharge.percentage };
    return { to: 'contract_term_capture' };
  },
};
