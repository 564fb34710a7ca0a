import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { LOOPBACK_HOST } from '../loopback.js';
import { ApiError, Codes } from '../../../engine/errors.js';

export interface SecurityOptions {
  /** The Content-Security-Policy of every answer (a page may depend on its request). */
  csp: (req: FastifyRequest) => string;
  /** Pages that must never be framed by another site (the admin app) say DENY. */
  frameOptions?: 'DENY';
  /**
   * Answer only requests whose Host is a loopback name, so a site that rebinds its own name to
   * 127.0.0.1 cannot read the answers (the admin app serves credentials).
   */
  loopbackHostOnly?: boolean;
}

/** Security headers on every answer, and the optional Host check against DNS rebinding. */
export const securityHeaders = fp<SecurityOptions>(
  async (app, opts) => {
    if (opts.loopbackHostOnly) {
      app.addHook('onRequest', async (req) => {
        // Thrown, so the server's error handler answers the error object.
        if (!LOOPBACK_HOST.test(req.headers.host ?? ''))
          throw new ApiError(
            421,
            'invalid_request',
            Codes.hostNotAllowed,
            'This server answers requests addressed to 127.0.0.1, localhost or [::1] only.',
          );
      });
    }
    app.addHook('onSend', async (req, reply) => {
      reply.header('content-security-policy', opts.csp(req));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      if (opts.frameOptions) reply.header('x-frame-options', opts.frameOptions);
    });
  },
  { name: 'security-headers' },
);

/** The policy of JSON-only surfaces: nothing to load, nothing to frame. */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
