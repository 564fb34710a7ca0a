import type { ServerRoute } from '../context.js';
import { STRUCTURES } from '../../../engine/connect/fields.js';

const NEXT = { FIXED: 'rate_fixed_capture', TIME_OF_DAY: 'rate_tod_capture', MARKET: 'region_select' } as const;

export const tariffStructureSelect: ServerRoute<'tariff_structure_select'> = {
  render: () => ({ options: [...STRUCTURES] }),
  submit: (ctx, { options: [choice] }) => {
    ctx.s.structure = choice!;
    return { to: NEXT[choice!] };
  },
};
