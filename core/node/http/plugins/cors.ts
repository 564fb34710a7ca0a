import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import { LOOPBACK_ORIGIN } from '../loopback.js';
import { ApiError, Codes } from '../../../engine/errors.js';

export interface CorsOptions {
  /** Origins allowed besides loopback ones (the admin app's, the connect web app's). */
  origins?: () => string[];
  methods: string[];
  headers: string[];
  exposed?: string[];
}

/**
 * Browser pages on this machine may call the service; any other origin gets no CORS headers.
 * A preflight the service will not allow is refused with the error object (before any bearer
 * is asked for), never the CORS library's plain-text answer.
 */
export const loopbackCors = fp<CorsOptions>(
  async (app, opts) => {
    const allowed = (origin: string | undefined) =>
      !origin || LOOPBACK_ORIGIN.test(origin) || (opts.origins?.() ?? []).includes(origin);
    app.addHook('onRequest', async (req) => {
      if (req.method !== 'OPTIONS') return;
      const origin = req.headers.origin;
      if (!origin || !req.headers['access-control-request-method'])
        throw new ApiError(
          400,
          'invalid_request',
          Codes.preflightInvalid,
          'A preflight (OPTIONS) needs the Origin and Access-Control-Request-Method headers.',
        );
      if (!allowed(origin))
        throw new ApiError(
          403,
          'invalid_request',
          Codes.originNotAllowed,
          'This origin may not call the service from a browser.',
        );
    });
    await app.register(cors, {
      origin: (origin, cb) => cb(null, allowed(origin)),
      methods: opts.methods,
      allowedHeaders: opts.headers,
      exposedHeaders: opts.exposed ?? [],
      maxAge: 600,
    });
  },
  { name: 'loopback-cors' },
);
