import type { Server } from 'node:http';

/**
 * How long a client may take and how many may be connected, per listener (docs/reliability.md,
 * Limits). A slow or idle client cannot hold a connection for ever, and many cannot exhaust
 * the process's file descriptors.
 */
export interface ListenerLimits {
  /** From a request's first byte to the end of its headers (clients that trickle headers). */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body; the answer itself may take longer. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /**
   * A connection with no traffic either way is cut after this long. Above the longest a
   * catcher rule holds its answer (60 s), which is silence by design.
   */
  idleTimeoutMs: number;
  /** Connections open at once; a further one is closed as it is accepted. */
  maxConnections: number;
}

/**
 * Local clients send a request in milliseconds; the bounds are generous for a LAN bind. Four
 * listeners of 128 connections stay well under the usual limit of 1,024 open files.
 */
export const LISTENER_LIMITS: ListenerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 120_000,
  maxConnections: 128,
};

/** Sets the limits on a server before it listens; answers the limits applied. */
export function applyListenerLimits(server: Server, limits: Partial<ListenerLimits> = {}): ListenerLimits {
  const l = { ...LISTENER_LIMITS, ...limits };
  server.headersTimeout = l.headersTimeoutMs;
  server.requestTimeout = l.requestTimeoutMs;
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  server.setTimeout(l.idleTimeoutMs);
  server.maxConnections = l.maxConnections;
  // Node enforces the two request timeouts on a timer (every 30 s by default), read when the
  // server starts listening: every quarter of the shorter one (at most a second) cuts a slow
  // client soon after its time is up. The typings know the option only as a constructor's.
  const shorter = Math.min(...[l.headersTimeoutMs, l.requestTimeoutMs].filter((ms) => ms > 0), 4_000);
  Object.assign(server, { connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(shorter / 4))) });
  return l;
}
