import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { join } from 'node:path';
import type { Service } from '../service.js';
import type { ConnectFlow } from './flow.js';
import { logoSvg } from './logo.js';
import { securityHeaders } from '../http/plugins/security-headers.js';
import { errorBodies, errorServerOptions } from '../http/plugins/errors.js';
import { requestJournal } from '../http/plugins/journal.js';
import { jsonBodies } from '../http/json-body.js';
import { singlePageApp } from '../http/single-page-app.js';
import { TOKEN_PARAMS, withToken } from '../../engine/connect/protocol.js';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A Content-Security-Policy allowing the page's own scripts and the connect service. Forms post
 * to the page's own origin and to `formTargets`: a provider's consent form is answered by a
 * redirect to the client's own address, which browsers check against `form-action` too.
 */
export function csp(connectServiceUrl: string, formTargets: string[] = []): string {
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data:`,
    `font-src 'self' data:`,
    `connect-src 'self' ${connectServiceUrl}`,
    `frame-ancestors *`,
    [`form-action 'self'`, ...formTargets].join(' '),
  ].join('; ');
}

/** The connect token of a page request: either query parameter, or the form field. */
function tokenOf(req: FastifyRequest): string | undefined {
  for (const from of [req.query, req.body] as (Record<string, unknown> | undefined)[])
    for (const p of TOKEN_PARAMS) {
      const v = from?.[p];
      if (typeof v === 'string' && v) return v;
    }
  return undefined;
}

const UNSAFE_SCHEMES = ['javascript:', 'data:', 'blob:', 'file:', 'filesystem:'];
/** A URL as a CSP source: its origin for a web address, its scheme for an app's own (`myapp:`). */
function originOf(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') return [u.origin];
    return /^[a-z][a-z0-9+.-]*:$/.test(u.protocol) && !UNSAFE_SCHEMES.includes(u.protocol) ? [u.protocol] : [];
  } catch {
    return [];
  }
}

/**
 * The hosted connect web app's server: the built React app (`renderer/dist/connect`), its
 * `config.js` naming CONNECT_API_URL, provider logos, and the simulated provider login and
 * consent pages of DIRECT providers.
 */
export function buildConnectWeb(
  svc: Service,
  flow: ConnectFlow,
  opts: { distDir: string; connectApiUrl: () => string; connectWebUrl: () => string },
): FastifyInstance {
  const now = () => svc.clock.now();
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024, ...errorServerOptions('connect_web', now) });
  // Errors are the error object; unknown paths are the app's (its own client-side routes).
  void app.register(errorBodies, { surface: 'connect_web', now, notFound: false });
  void app.register(formbody);
  jsonBodies(app);
  // The provider's pages return to the client's own address (`connect_url`): forms may go there.
  void app.register(securityHeaders, {
    csp: (req) => {
      const id = req.url.startsWith('/provider-login/') ? tokenOf(req) : undefined;
      const t = id ? svc.connectTokens.load(id) : undefined;
      return csp(opts.connectApiUrl(), originOf(t?.connect_url));
    },
  });
  // This app serves the provider logos: the provider library answers their URLs absolute, here.
  svc.providers.logoBase = opts.connectWebUrl;
  // The simulated provider pages are part of a session: journal them under its token's account.
  void app.register(requestJournal, {
    journal: svc.journal,
    surface: 'connect_web',
    now: () => svc.clock.now(),
    scopeOf: (req) => {
      const id = tokenOf(req);
      const token = id ? svc.connectTokens.load(id) : undefined;
      return token ? { accountId: token.account_id, liveMode: token.live_mode } : null;
    },
    skip: (req) => !req.url.startsWith('/provider-login/'),
  });
  // The page refers to the bundles as ../assets; every other GET (including /complete) is the app.
  singlePageApp(app, { distDir: opts.distDir, index: join('connect', 'index.html'), name: 'connect web app' });

  app.get('/config.js', async (_req, reply) => {
    reply.type('text/javascript').header('cache-control', 'no-store');
    return `window.CONNECT_API_URL = ${JSON.stringify(opts.connectApiUrl())};\n`;
  });
  app.get('/logos/:file', async (req, reply) => {
    const id = (req.params as { file: string }).file.replace(/\.svg$/, '');
    let name = id;
    try {
      name = svc.providers.get(id, false).display_name;
    } catch {
      /* any name gets a logo */
    }
    // Any page may show or fetch a logo: the hosted app's, a client's own, the admin app.
    reply
      .type('image/svg+xml')
      .header('cache-control', 'max-age=3600')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin');
    return logoSvg(id, name);
  });

  const provider = (id: string) => {
    try {
      return svc.providers.get(id, false);
    } catch {
      return undefined;
    }
  };

  app.get('/provider-login/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const token = tokenOf(req) ?? '';
    const p = provider(id);
    reply.type('text/html; charset=utf-8');
    if (!p) return reply.code(404).send(page('Unknown provider', '<p>This provider does not exist.</p>'));
    return page(
      `Sign in to ${p.display_name}`,
      `<img class="logo" src="/logos/${esc(p.id)}.svg" alt="" width="56" height="56">
       <h1>Sign in to ${esc(p.display_name)}</h1>
       <p class="muted">Simulated provider login. This provider is set to <strong>${esc(p.direct_behaviour ?? 'succeed')}</strong>.</p>
       <form method="post" action="/provider-login/${esc(p.id)}">
         <input type="hidden" name="svc_cot" value="${esc(token)}">
         <label>Email <input name="username" type="email" autocomplete="username" required value="customer@example.com"></label>
         <label>Password <input name="password" type="password" autocomplete="current-password" required value="demo-password"></label>
         <label class="check"><input type="checkbox" name="consent" value="yes" required> Share my tariff with this app</label>
         <button name="decision" value="allow" type="submit">Allow access</button>
         <button name="decision" value="deny" type="submit" formnovalidate class="secondary">Cancel</button>
       </form>`,
    );
  });

  app.post('/provider-login/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const body = (req.body ?? {}) as Record<string, string>;
    const p = provider(id);
    const tokenId = tokenOf(req) ?? '';
    const t = svc.connectTokens.load(tokenId);
    if (!p || !t)
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(page('Sign-in failed', '<p>The sign-in link is not valid any more.</p>'));
    const result = body.decision === 'allow' && body.consent === 'yes' ? (p.direct_behaviour ?? 'succeed') : 'fail';
    flow.setDirectResult(tokenId, id, result);
    // Back to the client's own page (another origin), which resumes the session with the token.
    return reply.redirect(withToken(t.connect_url ?? opts.connectWebUrl() + '/', tokenId), 303);
  });

  return app;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1c2430}main{max-width:420px;margin:0 auto;padding:32px 20px}
h1{font-size:1.4rem}label{display:block;margin:14px 0;font-weight:500}input[type=email],input[type=password]{display:block;width:100%;box-sizing:border-box;padding:10px;margin-top:6px;border:1px solid #b8c2cc;border-radius:6px;font-size:1rem}
.check{display:flex;gap:8px;align-items:center;font-weight:400}button{width:100%;padding:12px;border:0;border-radius:6px;background:#2f5d8a;color:#fff;font-size:1rem;margin-top:10px;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1c2430}.muted{color:#5b6673}.logo{border-radius:12px}</style></head><body><main>${body}</main></body></html>`;
}
