import type { ActionHandler, CommonAction, RouteContext, Step } from './context.js';

/** The actions every page answers alike (docs/connect.md, Pages): a page lists which it allows. */
export const COMMON_ACTIONS: Record<CommonAction, ActionHandler> = {
  CLOSE: (ctx) => ({ reply: ctx.callback() }),
  BACK: (ctx) => {
    const prev = ctx.s.history.at(-1);
    ctx.truncate(ctx.s.history.length - 1);
    // On the first page, or back past a provider's own pages: leave.
    if (!prev || prev === 'direct_redirect') return { reply: ctx.callback() };
    ctx.s.route = prev;
    return { show: true };
  },
  ADDRESS_CHANGE: () => ({ to: 'postal_address_capture' }),
  EDIT: (ctx) => restart(ctx),
  WRONG_TARIFF: (ctx) => restart(ctx),
  DISCONNECT: (ctx) => {
    const { svc, t, scope } = ctx;
    // Leaving closes the session: taken before the save below, so it is saved with the removal.
    const reply = ctx.callback();
    svc.db.transaction(() => {
      if (t.location_id) svc.tariffs.removeSlot(scope, t.location_id, t.tariff_type, t.tariff_direction);
      t.used = true;
      t.complete_action = 'DISCONNECT';
      t.price_available = t.location_id ? svc.tariffs.hasDirection(scope, t.location_id, t.tariff_direction) : false;
      // With the removal, so a session that lost a race removes nothing.
      ctx.save();
    })();
    return { reply, saved: true };
  },
};

/** Provider selection starts over, with no history. */
function restart(ctx: RouteContext): Step {
  ctx.truncate(0);
  ctx.s.route = ctx.restart();
  return { show: true };
}
