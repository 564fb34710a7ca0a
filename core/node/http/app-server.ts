import Fastify, { type FastifyInstance } from 'fastify';
import { singlePageApp } from './single-page-app.js';
import { securityHeaders } from './plugins/security-headers.js';
import { errorBodies, errorServerOptions } from './plugins/errors.js';
import { isLoopbackAddress } from './loopback.js';
import { jsonBodies } from './json-body.js';
import { ApiError, Codes } from '../../engine/errors.js';
import type { Bootstrap } from '../../engine/api/bootstrap.js';

/** The admin renderer's Content-Security-Policy: its own code, and the local service surfaces. */
export function appCsp(b: Pick<Bootstrap, 'api_url' | 'connect_service_url' | 'connect_web_url'>): string {
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: ${b.connect_web_url}`,
    `font-src 'self' data:`,
    `connect-src 'self' ${b.api_url} ${b.connect_service_url}`,
    `frame-src ${b.connect_web_url}`,
    `object-src 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

/**
 * Whether a client at `remoteAddress` may have the bootstrap (both API keys): only a client on
 * this machine. Decided by the socket's address, which the client cannot choose, never by the
 * Host header, which it can.
 */
export function mayBootstrap(remoteAddress: string | undefined): boolean {
  return isLoopbackAddress(remoteAddress);
}

/**
 * Serves the admin renderer in a browser (the desktop window shows the same page), and
 * `/bootstrap.json`: the service addresses and the credentials the preload gives the desktop
 * window, to clients on this machine only. Only loopback Host headers are answered, so other
 * sites cannot rebind to it.
 */
export function buildAppServer(
  distDir: string,
  bootstrap: () => Bootstrap,
  opts: { now?: () => Date } = {},
): FastifyInstance {
  const now = opts.now ?? (() => new Date());
  const app = Fastify({ logger: false, ...errorServerOptions('app', now) });
  jsonBodies(app);
  // Errors are the error object; unknown paths are the app's (its own client-side routes).
  void app.register(errorBodies, { surface: 'app', now, notFound: false });
  void app.register(securityHeaders, { csp: () => appCsp(bootstrap()), frameOptions: 'DENY', loopbackHostOnly: true });
  app.get('/bootstrap.json', async (req, reply) => {
    if (!mayBootstrap(req.socket.remoteAddress))
      throw new ApiError(
        403,
        'authentication_error',
        Codes.remoteNotLoopback,
        'The bootstrap carries the API keys and is served to this machine only.',
      );
    reply.header('cache-control', 'no-store');
    return bootstrap();
  });
  singlePageApp(app, { distDir, index: 'index.html', name: 'app' });
  return app;
}
