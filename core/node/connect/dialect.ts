import type { ConnectTokenRecord } from '../../engine/schemas/misc.js';
import type { Message, Reply } from '../../engine/connect/protocol.js';
import type { ConnectRoute } from '../../engine/connect/routes/index.js';
import type { RouteContext, Step } from './context.js';

/** A connect message as the service reads it: the client's route, with `type` optional. */
export type Incoming = Omit<Message, 'route' | 'type'> & { route: string; type?: string | undefined };

/**
 * How one API generation speaks the connect protocol over the one session state machine
 * (docs/connect.md, Zero dialect): its page names and actions in, the engine's steps adjusted to
 * its paths, and the engine's answers out in its own shapes. Anode tokens use none.
 */
export interface Dialect {
  /** The engine's message for a client's; throws the page's ApiError for a route or action the dialect lacks. */
  inbound(t: ConnectTokenRecord, m: Incoming): Incoming;
  /** Checks and takes what the dialect's page carries beyond the engine page's data, before the page's submit. */
  beforeSubmit(ctx: RouteContext, route: ConnectRoute, data: unknown): void;
  /** A dialect's own action on `route` (one the engine's page does not list), or undefined where it has none. */
  action(ctx: RouteContext, route: ConnectRoute, action: string): Step | Promise<Step> | undefined;
  /** The step a page returned, adjusted to the dialect's path through the pages. */
  step(ctx: RouteContext, step: Step): Step;
  /** The engine's answer in the dialect's shape; `ctx` is the token as saved after the message. */
  outbound(ctx: RouteContext, reply: Reply): unknown;
}
