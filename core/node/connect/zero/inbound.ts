import type { ConnectTokenRecord } from '../../../engine/schemas/misc.js';
import type { ConnectRoute } from '../../../engine/connect/routes/index.js';
import { isZeroRoute, zeroTakes, type ZeroRoute } from '../../../engine/connect/zero/pages.js';
import { ApiError } from '../../../engine/errors.js';
import type { Incoming } from '../dialect.js';

/** The engine's page under each Zero page. */
export const ENGINE_ROUTE: Record<ZeroRoute, ConnectRoute> = {
  postal_address_capture: 'postal_address_capture',
  provider_select: 'provider_select',
  provider_name_capture: 'provider_name_capture',
  tariff_select: 'tariff_select',
  tariff_name_capture: 'tariff_name_capture',
  tariff_structure_select: 'tariff_structure_select',
  contract_term_capture: 'contract_term_capture',
  rate_fixed_capture: 'rate_fixed_capture',
  rate_tod_capture: 'rate_tod_capture',
  market_surcharge_capture: 'surcharge_capture',
  summary_fixed_confirm: 'tariff_summary',
  summary_tou_confirm: 'tariff_summary',
  summary_tariff_inprogress: 'tariff_connection_pending',
  summary_tariff_failed: 'tariff_connection_failed',
};

/**
 * Zero's actions in the engine's words: SAVE on a summary is the engine's Done (CLOSE: it
 * confirms the slot's tariff, or leaves a session that stored one) and RECONNECT starts provider
 * selection over (EDIT).
 */
const ENGINE_ACTION: Partial<Record<string, string>> = { SAVE: 'CLOSE', RECONNECT: 'EDIT' };

/**
 * A Zero client's message as the engine reads it. Zero messages carry no `type`, and the
 * service ignores one; BACK and CLOSE are not Zero actions. DISMISS_DIRECT on a session that
 * stored its pending DIRECT tariff leaves as SAVE does: the token is spent, so provider
 * selection cannot start over, and the connection stays pending.
 */
export function zeroInbound(t: ConnectTokenRecord, m: Incoming): Incoming {
  if (m.route === 'session_start' || m.route === 'session_restore') return { ...m, route: m.route };
  if (!isZeroRoute(m.route)) throw new ApiError(400, 'invalid_request', 'route_invalid', `Unknown route '${m.route}'.`);
  const route = ENGINE_ROUTE[m.route];
  if (m.action === undefined) return { ...m, route };
  if (!zeroTakes(m.route, m.action))
    throw new ApiError(400, 'invalid_request', 'action_invalid', `Action ${m.action} is not allowed on ${m.route}.`);
  // Zero actions take no data.
  const action = m.action === 'DISMISS_DIRECT' && t.used ? 'CLOSE' : (ENGINE_ACTION[m.action] ?? m.action);
  return { route, connect_token: m.connect_token, action };
}
