import type { Server } from 'node:http';
import type { Socket } from 'node:net';

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
  /** Connections served at once; the ones past it are answered 503 `server_busy` and closed. */
  maxConnections: number;
  /** Connections open at all; past this many a new one is closed as it is accepted. */
  hardMaxConnections: number;
}

/**
 * Local clients send a request in milliseconds; the bounds are generous for a LAN bind. 128
 * served and up to 1,024 more answered busy per listener stay well under the open files a
 * process may have here, while a burst of clients each gets an answer.
 */
export const LISTENER_LIMITS: ListenerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 120_000,
  maxConnections: 128,
  hardMaxConnections: 1_152,
};

const OVER_CAP = Symbol('overCap');

/** Whether a connection arrived past its listener's cap: its requests are answered 503. */
export const isOverCap = (socket: Socket | undefined): boolean =>
  !!(socket as (Socket & { [OVER_CAP]?: boolean }) | undefined)?.[OVER_CAP];

/** Sets the limits on a server before it listens; answers the limits applied. */
export function applyListenerLimits(server: Server, limits: Partial<ListenerLimits> = {}): ListenerLimits {
  const l = { ...LISTENER_LIMITS, ...limits };
  if (l.hardMaxConnections < l.maxConnections) l.hardMaxConnections = l.maxConnections * 9;
  server.headersTimeout = l.headersTimeoutMs;
  server.requestTimeout = l.requestTimeoutMs;
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  server.setTimeout(l.idleTimeoutMs);
  // Node drops what is past this; below it, connections past the cap are answered, not dropped.
  server.maxConnections = l.hardMaxConnections;
  let open = 0;
  server.on('connection', (socket: Socket & { [OVER_CAP]?: boolean }) => {
    open++;
    socket.once('close', () => open--);
    if (open > l.maxConnections) socket[OVER_CAP] = true;
  });
  // Node enforces the two request timeouts on a timer (every 30 s by default), read when the
  // server starts listening: every quarter of the shorter one (at most a second) cuts a slow
  // client soon after its time is up. The typings know the option only as a constructor's.
  const shorter = Math.min(...[l.headersTimeoutMs, l.requestTimeoutMs].filter((ms) => ms > 0), 4_000);
  Object.assign(server, { connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(shorter / 4))) });
  return l;
}
