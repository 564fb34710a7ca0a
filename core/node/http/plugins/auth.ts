import fp from 'fastify-plugin';
import type { Accounts } from '../../auth/accounts.js';
import './request.js';

/** Bearer authentication on every route but those whose config says `auth: false`. */
export const bearerAuth = fp<{ accounts: Accounts }>(
  async (app, opts) => {
    if (!app.hasRequestDecorator('scope')) app.decorateRequest('scope', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.auth === false || !request.routeOptions.url) return;
      request.scope = opts.accounts.authenticate(request.headers.authorization);
    });
  },
  { name: 'bearer-auth' },
);
