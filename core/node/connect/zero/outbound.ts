import type { AnyPage, Reply } from '../../../engine/connect/protocol.js';
import { isErrorReply, isRedirect } from '../../../engine/connect/protocol.js';
import { ZERO_PAGES, zeroCallback, type ZeroReply, type ZeroRoute } from '../../../engine/connect/zero/pages.js';
import type { RouteContext } from '../context.js';
import { zeroRegions } from './regions.js';

/** A Zero page's route and `data` from the engine's page. */
function zeroPage(ctx: RouteContext, page: AnyPage): { route: ZeroRoute; data: Record<string, unknown> } {
  const provider = 'provider' in page.data && page.data.provider ? { provider: page.data.provider } : {};
  switch (page.route) {
    case 'tariff_summary': {
      const d = page.data;
      const head = d.tariff
        ? {
            name: d.tariff.name,
            ...(d.tariff.contract_end_date ? { contract_end_date: d.tariff.contract_end_date } : {}),
            structure_type: d.tariff.structure_type,
          }
        : { name: '', structure_type: 'TIME_OF_DAY' as const };
      if (head.structure_type === 'FIXED')
        return {
          route: 'summary_fixed_confirm',
          data: { currency_code: d.currency_code, tariff: head, cost: d.rates.today[0]?.tariff.cost ?? 0, ...provider },
        };
      return {
        route: 'summary_tou_confirm',
        data: {
          currency_code: d.currency_code,
          market_rates_source: d.market_rates_source,
          tariff: head,
          rates: { today: d.rates.today, tomorrow: d.rates.tomorrow ?? [] },
          ...provider,
        },
      };
    }
    case 'surcharge_capture':
    case 'region_select': {
      const r = zeroRegions(ctx);
      const choice =
        r.own.length === 1 ? {} : { regions: r.offered, ...(ctx.s.region ? { region: ctx.s.region } : {}) };
      return {
        route: 'market_surcharge_capture',
        data: {
          currency_code: ctx.currency(),
          surcharge: ctx.s.surcharge ?? { fixed: 0, percentage: 0 },
          ...choice,
          ...provider,
        },
      };
    }
    case 'tariff_connection_pending':
      return { route: 'summary_tariff_inprogress', data: { provider: page.data.provider } };
    case 'tariff_connection_failed':
      return { route: 'summary_tariff_failed', data: { provider: page.data.provider } };
    default:
      return { route: page.route, data: page.data as Record<string, unknown> };
  }
}

/**
 * The engine's answer as a Zero client reads it: pages by Zero's names without `type` and
 * without BACK or CLOSE; leaving for the client is `session_complete` with `callback_uri`; a
 * provider's login is `session_redirect` with `redirect_uri`. Errors are the same error object.
 */
export function zeroOutbound(ctx: RouteContext, reply: Reply): ZeroReply | Reply {
  if (isErrorReply(reply)) return reply;
  const t = ctx.t;
  const head = { connect_token: t.id, direction: t.tariff_direction, live_mode: t.live_mode };
  if (isRedirect(reply)) {
    if (t.session?.closed && t.callback_url)
      return { route: 'session_complete', ...head, data: { callback_uri: zeroCallback(t.callback_url, t.id) } };
    const url = reply.data.redirect_url;
    return { route: 'session_redirect', ...head, data: { redirect_uri: url, redirect_url: url } };
  }
  const { route, data } = zeroPage(ctx, reply);
  // A summary the session stored its tariff on takes SAVE only: the token is spent.
  const listed = [...ZERO_PAGES[route].actions].filter(
    (a) => !(t.used && route.startsWith('summary_') && a !== 'SAVE' && route !== 'summary_tariff_failed'),
  );
  return {
    route,
    ...head,
    data: ZERO_PAGES[route].data.parse(data) as Record<string, unknown>,
    ...(listed.length ? { actions: listed } : {}),
  };
}
