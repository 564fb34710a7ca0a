import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';
import { withToken } from '../../../engine/connect/protocol.js';

export const providerSelect: ServerRoute<'provider_select'> = {
  render: (ctx) => {
    const a = ctx.address();
    const t = ctx.t;
    const providers = ctx.svc.providers
      .list(t.live_mode, { country_code: a.country_code, limit: 100 })
      .data.filter(
        (p) =>
          p.connection_types.includes('DIRECT') ||
          p.tariffs.some((x) => x.type === t.tariff_type && x.direction === t.tariff_direction),
      )
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
    s.provider_id = p.id;
    s.provider_name = undefined;
    if (p.connection_types.includes('DIRECT')) {
      // The provider's own login and consent pages decide; the session resumes after them.
      ctx.go('direct_redirect');
      s.connection_type = 'DIRECT';
      s.direct_result = undefined;
      const login = `${ctx.urls.connectWebUrl()}/provider-login/${encodeURIComponent(p.id)}`;
      return { reply: ctx.redirect(withToken(login, ctx.t.id)) };
    }
    s.connection_type = 'LIBRARY';
    return { to: 'tariff_select' };
  },
  actions: { PROVIDER_MISSING: () => ({ to: 'provider_name_capture' }) },
};
