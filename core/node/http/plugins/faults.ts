import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../engine/errors.js';
import type { FaultService } from '../../traffic/faults.js';
import type { Scope } from '../../db/documents.js';
import './request.js';

/** Testers' fault rules: added latency, a forced error, or a dropped connection, per account and mode. */
export const faultInjection = fp<{
  faults: FaultService;
  /** The account and mode of a request that carries no bearer (the catcher), so its rules apply there too. */
  scopeOf?: (req: FastifyRequest) => Scope | null;
}>(
  async (app, opts) => {
    if (!app.hasRequestDecorator('fault')) app.decorateRequest('fault', null);
    app.addHook('onRequest', async (request, reply) => {
      const scope = request.scope ?? opts.scopeOf?.(request) ?? null;
      if (!scope) return;
      const rule = opts.faults.pick(scope, request.method, request.url.split('?')[0]!);
      if (!rule) return;
      request.fault = rule.id;
      if (rule.kind === 'latency') await new Promise((r) => setTimeout(r, rule.latency_ms));
      else if (rule.kind === 'drop') {
        reply.hijack();
        request.raw.socket?.destroy();
        reply.raw.destroy();
      } else {
        const type = rule.status === 429 ? 'rate_limit' : rule.status >= 500 ? 'api_error' : 'invalid_request';
        const retry = rule.status === 429 || rule.status === 503 ? { retry_after: 1 } : {};
        throw new ApiError(rule.status, type, rule.code, `Injected fault (${rule.id}): ${rule.pattern}.`, retry);
      }
    });
  },
  { name: 'fault-injection', dependencies: ['bearer-auth'] },
);
