import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import { LOOPBACK_ORIGIN } from '../loopback.js';

export interface CorsOptions {
  /** Origins allowed besides loopback ones (the admin app's, the connect web app's). */
  origins?: () => string[];
  methods: string[];
  headers: string[];
  exposed?: string[];
}

/** Browser pages on this machine may call the service; any other origin gets no CORS headers. */
export const loopbackCors = fp<CorsOptions>(
  async (app, opts) => {
    await app.register(cors, {
      origin: (origin, cb) =>
        cb(null, !origin || LOOPBACK_ORIGIN.test(origin) || (opts.origins?.() ?? []).includes(origin)),
      methods: opts.methods,
      allowedHeaders: opts.headers,
      exposedHeaders: opts.exposed ?? [],
      maxAge: 600,
    });
  },
  { name: 'loopback-cors' },
);
