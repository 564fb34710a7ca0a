import type { FastifyInstance } from 'fastify';
import { Agent, fetch as poolFetch } from 'undici';
import type { Fetch } from './types.js';

export interface OutboundOptions {
  /** The API, for deliveries to its own catcher: handled in this process, no socket. */
  api?: { app: FastifyInstance; url: () => string };
  /** Connections kept to any one receiver's origin; the worker sends no more at once than this. */
  connectionsPerOrigin?: number;
}

/** Deliveries in flight at once, and connections to one origin: a burst of events queues here, not in sockets. */
export const OUTBOUND_CONNECTIONS = 32;

/** A fetch-shaped answer from an in-process request. */
function answerOf(r: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  return {
    status: r.statusCode,
    headers: {
      get: (n: string) => {
        const v = r.headers[n.toLowerCase()];
        return v === undefined ? null : String(v);
      },
    },
    text: async () => r.body,
  };
}

/**
 * How the webhook worker reaches receivers. Deliveries to the built-in catcher are requests to
 * the API itself: they run in process through the API's own request path (its journal, fault
 * rules and catcher rules apply) without a socket, so they never take a connection a client
 * needs. Every other receiver is reached through one pool of kept-alive connections, bounded
 * per origin.
 */
export function outboundFetch(opts: OutboundOptions = {}): { fetch: Fetch; close(): Promise<void> } {
  const pool = new Agent({ connections: opts.connectionsPerOrigin ?? OUTBOUND_CONNECTIONS, keepAliveTimeout: 4_000 });
  const fetch: Fetch = async (url, init) => {
    const api = opts.api;
    const base = api?.url();
    if (api && base && url.startsWith(`${base}/catcher/`)) {
      const answer = api.app.inject({
        method: init.method as 'POST',
        url: url.slice(base.length),
        headers: init.headers,
        payload: init.body,
      });
      // A catcher holding its answer past the timeout (its `timeout` rule) is given up on, as a socket would be.
      const aborted = new Promise<never>((_, reject) => {
        if (init.signal.aborted) reject(init.signal.reason);
        init.signal.addEventListener('abort', () => reject(init.signal.reason), { once: true });
      });
      return answerOf(await Promise.race([answer, aborted]));
    }
    return poolFetch(url, { ...init, dispatcher: pool });
  };
  return { fetch, close: () => pool.close() };
}
