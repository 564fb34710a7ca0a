import Fastify, { type FastifyInstance } from 'fastify';
import { singlePageApp } from './single-page-app.js';
import { securityHeaders } from './plugins/security-headers.js';
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
 * Serves the admin renderer in a browser (the desktop window shows the same page), and
 * `/bootstrap.json`: the service addresses and the credentials the preload gives the desktop
 * window. Only loopback Host headers are answered, so other sites cannot rebind to it.
 */
export function buildAppServer(distDir: string, bootstrap: () => Bootstrap): FastifyInstance {
  const app = Fastify({ logger: false });
  void app.register(securityHeaders, { csp: () => appCsp(bootstrap()), frameOptions: 'DENY', loopbackHostOnly: true });
  app.get('/bootstrap.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return bootstrap();
  });
  singlePageApp(app, { distDir, index: 'index.html', name: 'app' });
  return app;
}
