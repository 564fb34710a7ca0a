import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, Codes } from '../../engine/errors.js';

/**
 * Serves a built single-page app: its bundles under `/assets/` (from `dist/assets`, shared by
 * both entries) and its `index.html` for every other GET, so client-side routes load. Before a
 * build the page says how to make one instead.
 */
export function singlePageApp(app: FastifyInstance, opts: { distDir: string; index: string; name: string }): void {
  const indexFile = join(opts.distDir, opts.index);
  const built = existsSync(indexFile);
  if (built) void app.register(fastifyStatic, { root: join(opts.distDir, 'assets'), index: false, prefix: '/assets/' });
  // Thrown, so the server's error handler answers the error object.
  app.setNotFoundHandler((req, reply) => {
    if (!built)
      throw new ApiError(
        404,
        'invalid_request',
        Codes.appNotBuilt,
        `The ${opts.name} is not built: run npm run build.`,
      );
    if (req.method !== 'GET')
      throw new ApiError(
        404,
        'invalid_request',
        Codes.routeNotFound,
        `No route ${req.method} ${req.url.split('?')[0]}.`,
      );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(readFileSync(indexFile, 'utf8'));
  });
}
