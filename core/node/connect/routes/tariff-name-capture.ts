import type { ServerRoute } from '../context.js';

export const tariffNameCapture: ServerRoute<'tariff_name_capture'> = {
  render: (ctx) => ({ tariff: { name: ctx.s.tariff_name ?? '' } }),
  submit: (ctx, { tariff: { name } }) => {
    ctx.s.tariff_name = name;
    ctx.s.connection_type = 'MANUAL';
    return { to: 'tariff_structure_select' };
  },
};
