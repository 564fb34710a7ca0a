import fp from 'fastify-plugin';
import { ApiError } from '../../../engine/errors.js';
import type { RateLimiter } from '../../traffic/limits.js';
import './request.js';

/** A per-account request budget; past it, 429 `rate_limit_exceeded` with `Retry-After`. */
export const rateLimit = fp<{ limiter: RateLimiter; perMinute: (accountId: string) => number }>(
  async (app, opts) => {
    app.addHook('onRequest', async (request) => {
      if (!request.scope) return;
      const wait = opts.limiter.take(request.scope.accountId, opts.perMinute(request.scope.accountId));
      if (wait !== undefined) {
        throw new ApiError(
          429,
          'rate_limit',
          'rate_limit_exceeded',
          `Too many requests for this account; retry in ${wait} s.`,
          {
            retry_after: wait,
          },
        );
      }
    });
  },
  { name: 'rate-limit', dependencies: ['bearer-auth'] },
);
