import { z } from 'zod';
import { defineRoute } from '../route.js';
import { LoginResponse } from '../../../engine/schemas/misc.js';
import { ApiError } from '../../../engine/errors.js';

export const authRoutes = [
  defineRoute({
    method: 'GET',
    path: '/login',
    operationId: 'login',
    summary: 'Exchange Basic account_id:api_key for a bearer token',
    tag: 'Auth',
    auth: false,
    query: z.strictObject({}),
    response: LoginResponse,
    handler: ({ svc, request }) => {
      // Failed attempts slow the next ones, per client address and account.
      let account = '';
      try {
        account =
          Buffer.from(String(request.headers.authorization ?? '').replace(/^Basic\s+/i, ''), 'base64')
            .toString('utf8')
            .split(':')[0] ?? '';
      } catch {
        /* malformed headers are answered by login itself */
      }
      const key = `${request.ip}|${account}`;
      const wait = svc.loginThrottle.blocked(key);
      if (wait !== undefined)
        throw new ApiError(429, 'rate_limit', 'login_throttled', `Too many failed logins; retry in ${wait} s.`, {
          retry_after: wait,
        });
      try {
        const out = svc.accounts.login(request.headers.authorization);
        svc.loginThrottle.succeeded(key);
        return out;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) svc.loginThrottle.failed(key);
        throw e;
      }
    },
  }),
];
