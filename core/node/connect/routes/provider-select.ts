import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';
import { withToken } from '../../../engine/connect/protocol.js';
import { providerPath } from '../../../engine/connect/provider-path.js';

export const providerSelect: ServerRoute<'provider_select'> = {
  render: (ctx) => {
    const a = ctx.address();
    const t = ctx.t;
    const providers = ctx.svc.providers
      .list(t.live_mode, { country_code: a.country_code, limit: 100 })
      .data.filter((p) => providerPath(p, t.tariff_type, t.tariff_direction) !== null)
      .map((p) => ({ id: p.id, display_name: p.display_name, logo_url: p.logo_url }));
    return { providers, postal_address: a };
  },
  submit: (ctx, { provider: { id } }) => {
    let p;
    try {
      p = ctx.svc.providers.get(id, ctx.t.live_mode);
    } catch {
      return fail('provider_not_found', `No provider '${id}'.`);
    }
    const s = ctx.s;
    // After Zero's DISMISS_DIRECT a DIRECT provider's tariff is given by hand: its library, else typed in.
    const offered = s.skip_direct ? { ...p, connection_types: p.connection_types.filter((c) => c !== 'DIRECT') } : p;
    const path = providerPath(offered, ctx.t.tariff_type, ctx.t.tariff_direction);
    s.provider_id = p.id;
    s.provider_name = undefined;
    // A choice made before BACK must not outlive this one.
    s.library_tariff_id = undefined;
    s.market_only = undefined;
    if (path === 'DIRECT') {
      // The provider's own login and consent pages decide; the session resumes after them.
      ctx.go('direct_redirect');
      s.connection_type = 'DIRECT';
      s.direct_result = undefined;
      const login = `${ctx.urls.connectWebUrl()}/provider-login/${encodeURIComponent(p.id)}`;
      return { reply: ctx.redirect(withToken(login, ctx.t.id)) };
    }
    if (path === 'MARKET') {
      // No tariff to pick or name: the tariff follows the market and is named after its provider.
      s.market_only = true;
      s.tariff_name = p.display_name;
      s.connection_type = 'MANUAL';
      return { to: 'tariff_structure_select' };
    }
    if (path === null && s.skip_direct) {
      s.connection_type = 'MANUAL';
      return { to: 'tariff_name_capture' };
    }
    s.connection_type = 'LIBRARY';
    return { to: 'tariff_select' };
  },
  actions: { PROVIDER_MISSING: () => ({ to: 'provider_name_capture' }) },
};
