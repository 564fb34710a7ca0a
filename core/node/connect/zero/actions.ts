import type { ConnectRoute } from '../../../engine/connect/routes/index.js';
import type { RouteContext, Step } from '../context.js';
import { COMMON_ACTIONS } from '../actions.js';

/**
 * Zero's actions on pages whose engine page lacks them (docs/connect.md, Zero dialect); the
 * inbound check has already refused any a Zero page does not take:
 * - ADDRESS_CHANGE (tariff selection too): the postal address page, as on provider selection;
 * - DISMISS_DIRECT on a pending DIRECT connection: provider selection over, as EDIT, with the
 *   providers' own logins passed over, so the customer gives the tariff by hand. The pending
 *   tariff stays until the session stores the new one in its place.
 */
export function zeroAction(ctx: RouteContext, _route: ConnectRoute, action: string): Step | Promise<Step> | undefined {
  if (action === 'ADDRESS_CHANGE') return COMMON_ACTIONS.ADDRESS_CHANGE(ctx);
  if (action === 'DISMISS_DIRECT') {
    ctx.s.skip_direct = true;
    return COMMON_ACTIONS.EDIT(ctx);
  }
  return undefined;
}
