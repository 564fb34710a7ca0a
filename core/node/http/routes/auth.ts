import { implement } from '../route.js';
import { authContracts } from '../../../engine/api/routes/auth.js';
import { ApiError } from '../../../engine/errors.js';

export const authRoutes = implement(authContracts, {
  login: ({ svc, request }) => {
    // Failed attempts slow the next ones, per client address and account.
    let account = '';
    let apiKey = '';
    try {
      [account = '', apiKey = ''] = Buffer.from(
        String(request.headers.authorization ?? '').replace(/^Basic\s+/i, ''),
        'base64',
      )
        .toString('utf8')
        .split(':');
    } catch {
      /* malformed headers are answered by login itself */
    }
    // A login is journalled under the account it names, in its key's mode, where that account
    // exists: a tester sees their client's logins, and failed ones, beside its other requests.
    if (svc.accounts.get(account)) request.scope = { accountId: account, liveMode: apiKey.startsWith('sk_live_') };
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
});
