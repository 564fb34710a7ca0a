import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';
import { STRUCTURES } from '../../../engine/connect/fields.js';
import { afterMarketChosen } from '../market-path.js';

const NEXT = { FIXED: 'rate_fixed_capture', TIME_OF_DAY: 'rate_tod_capture', MARKET: 'region_select' } as const;

export const tariffStructureSelect: ServerRoute<'tariff_structure_select'> = {
  // A market-only provider's tariffs follow the market: MARKET is the one option.
  render: (ctx) => ({ options: ctx.s.market_only ? ['MARKET'] : [...STRUCTURES] }),
  submit: (ctx, { options: [choice] }) => {
    if (ctx.s.market_only) {
      if (choice !== 'MARKET')
        fail(
          'option_invalid',
          `${ctx.provider()?.display_name ?? 'This provider'}'s tariffs follow the market: MARKET.`,
        );
      ctx.s.structure = 'MARKET';
      return afterMarketChosen(ctx);
    }
    ctx.s.structure = choice!;
    return { to: NEXT[choice!] };
  },
};
