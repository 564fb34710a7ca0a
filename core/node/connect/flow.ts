import { z } from 'zod';
import type { Service } from '../service.js';
import type { ConnectTokenRecord } from '../../engine/schemas/misc.js';
import type { AnyPage, Reply } from '../../engine/connect/protocol.js';
import type { SessionState } from '../../engine/connect/session.js';
import { ApiError, errorBody } from '../../engine/errors.js';
import { parseSubmit, type Action, type RouteSpec } from '../../engine/connect/route.js';
import { CONNECT_ROUTES, isConnectRoute, type ConnectRoute } from '../../engine/connect/routes/index.js';
import { RouteContext, fail, type ActionHandler, type ConnectUrls, type Step } from './context.js';
import { COMMON_ACTIONS } from './actions.js';
import { complete } from './complete.js';
import { withoutSkipped } from './route-options.js';
import { SERVER_ROUTES } from './routes/index.js';
import type { Dialect, Incoming } from './dialect.js';
import { zeroDialect } from './zero/index.js';

export type { ConnectUrls };

/** The dialect a token's session speaks: its generation's (docs/connect.md, Zero dialect); Anode needs none. */
const dialectOf = (t: ConnectTokenRecord | undefined): Dialect | undefined =>
  t?.generation === 'zero' ? zeroDialect : undefined;

const Message = z.object({
  route: z.string().max(60),
  connect_token: z.string().max(80),
  type: z.string().max(20).optional(),
  action: z.string().max(40).optional(),
  data: z.unknown().optional(),
});

/**
 * The connect service's state machine (docs/connect.md, Protocol and Pages). Each token carries
 * its session on the server; the web app only renders the page it is sent. The pages
 * themselves are the route table: core/engine/connect/routes/ (actions, schemas, error codes)
 * and ./routes/ (what each renders and where it goes next); this class starts and resumes
 * sessions, checks messages against the table and runs the steps the pages return.
 */
export class ConnectFlow {
  constructor(
    private readonly svc: Service,
    private readonly urls: ConnectUrls,
  ) {}

  /** Handles one message in its token's dialect; always answers a page, a redirect or an error object (never throws). */
  handle(raw: unknown): Promise<{ status: number; body: unknown }> {
    return this.process(raw, true);
  }

  /** Handles one message in the engine's own words whatever the token's generation (the test helper drives these). */
  handleEngine(raw: unknown): Promise<{ status: number; body: Reply }> {
    return this.process(raw, false) as Promise<{ status: number; body: Reply }>;
  }

  private async process(raw: unknown, dialects: boolean): Promise<{ status: number; body: unknown }> {
    const parsed = Message.safeParse(raw);
    if (!parsed.success) {
      const e = new ApiError(
        400,
        'invalid_request',
        'data_json_invalid',
        'The message must be {route, connect_token, type, action?, data?}.',
      );
      return this.error(e, 'connect', undefined, false);
    }
    const token = this.svc.connectTokens.load(parsed.data.connect_token);
    const d = dialects ? dialectOf(token) : undefined;
    // Errors name the page the client answered, in its own words.
    const context = `connect.${parsed.data.route}`;
    try {
      if (!token) throw new ApiError(404, 'invalid_request', 'connect_token_invalid', 'Unknown connect token.');
      const m = d ? d.inbound(token, parsed.data) : parsed.data;
      const out = (reply: Reply) => this.out(d, token.id, reply);
      const left = this.leaveSpent(token, m);
      if (left) return { status: 200, body: out(left) };
      if (m.route === 'session_start' || m.route === 'session_restore')
        return { status: 200, body: out(await this.start(new RouteContext(this.svc, this.urls, token), d)) };
      if (!isConnectRoute(m.route))
        throw new ApiError(400, 'invalid_request', 'route_invalid', `Unknown route '${m.route}'.`);
      if (!token.session)
        throw new ApiError(400, 'invalid_request', 'session_not_started', 'Start the session first (session_start).');
      const ctx = new RouteContext(this.svc, this.urls, token);
      if (token.session.route !== m.route) {
        // Zero's going back: its web app shows the previous page again (history.back()) and
        // submits it, so a page the session passed rewinds the session to it. Anode goes back
        // with BACK only.
        const passed = d ? token.session.history.lastIndexOf(m.route) : -1;
        if (passed < 0)
          throw new ApiError(
            400,
            'invalid_request',
            'route_invalid',
            `The session is on ${d ? 'another page' : token.session.route}, not ${parsed.data.route}.`,
          );
        ctx.rewind(passed);
      }
      if (this.svc.connectTokens.expired(token))
        throw new ApiError(400, 'invalid_request', 'connect_token_expired', 'The connect token has expired.');
      return { status: 200, body: out(await this.submit(ctx, d, m.route, m.action, m.data, parsed.data.route)) };
    } catch (e) {
      if (e instanceof ApiError) return this.error(e, context, parsed.data.connect_token, token?.live_mode ?? false);
      throw e;
    }
  }

  /** The reply in the token's dialect, read against the token as the message left it. */
  private out(d: Dialect | undefined, tokenId: string, reply: Reply): unknown {
    if (!d) return reply;
    const after = this.svc.connectTokens.load(tokenId)!;
    return d.outbound(new RouteContext(this.svc, this.urls, after), reply);
  }

  /**
   * A token is single use (docs/connect.md, Tokens): once its session completed or left, no
   * message acts on it again, on any route. The one exception is leaving a completed session
   * (CLOSE or BACK on the page it rests on), once: the customer still has to get back to the
   * client. Answers that redirect, or undefined for a token still in use.
   */
  private leaveSpent(t: ConnectTokenRecord, m: Incoming): Reply | undefined {
    const s = t.session;
    if (s?.closed)
      throw new ApiError(
        400,
        'invalid_request',
        'connect_token_used',
        'This connect session was closed; create a new token.',
      );
    if (!t.used) return undefined;
    const leaving =
      !!s &&
      m.route === s.route &&
      isConnectRoute(m.route) &&
      (m.action === 'CLOSE' || m.action === 'BACK') &&
      (CONNECT_ROUTES[m.route].actions as readonly string[]).includes(m.action);
    if (!leaving)
      throw new ApiError(400, 'invalid_request', 'connect_token_used', 'This connect token was already used.');
    const ctx = new RouteContext(this.svc, this.urls, t);
    const reply = ctx.callback();
    ctx.save();
    return reply;
  }

  private error(e: ApiError, context: string, tokenId: string | undefined, live: boolean) {
    const body = errorBody(e, context, live, this.svc.clock.now());
    if (tokenId) body.connect_token = tokenId;
    return { status: e.status, body };
  }

  // ---- session start and resume ----

  private async start(ctx: RouteContext, d: Dialect | undefined): Promise<Reply> {
    const t = ctx.t;
    if (t.used)
      throw new ApiError(400, 'invalid_request', 'connect_token_used', 'This connect token was already used.');
    if (this.svc.connectTokens.expired(t))
      throw new ApiError(400, 'invalid_request', 'connect_token_expired', 'The connect token has expired.');
    if (t.session) {
      // Back from the provider's pages.
      if (t.session.route === 'direct_redirect') return this.resolveDirect(ctx, d);
      return this.page(ctx);
    }
    const s: SessionState = { route: 'provider_select', history: [] };
    t.session = s;
    if (t.postal_address) s.address = { ...t.postal_address };
    const slot = t.edit_tariff ? undefined : ctx.slotTariff();
    if (slot) {
      // A slot with a tariff opens on it: the summary, or where its DIRECT connection stands.
      s.route =
        slot.status === 'PENDING'
          ? 'tariff_connection_pending'
          : slot.status === 'FAILED'
            ? 'tariff_connection_failed'
            : 'tariff_summary';
      if (slot.status === 'PENDING' || slot.status === 'FAILED') s.connection_type = slot.connection_type;
    } else s.route = ctx.restart();
    ctx.save();
    return this.page(ctx);
  }

  /** DIRECT: back from the provider's pages with its answer. */
  private async resolveDirect(ctx: RouteContext, d: Dialect | undefined): Promise<Reply> {
    const s = ctx.s;
    s.connection_type = 'DIRECT';
    // Resumed without an answer (the customer left the provider's pages) counts as a refusal.
    const result = s.direct_result ?? 'fail';
    if (result === 'fail') {
      s.route = 'tariff_connection_failed';
      ctx.save();
      return this.page(ctx);
    }
    // A pending provider completes the session too: its tariff waits, PENDING, for the provider.
    return this.run(ctx, d, { complete: { contractEnd: null, pending: result === 'pending' } });
  }

  // ---- submissions ----

  private async submit(
    ctx: RouteContext,
    d: Dialect | undefined,
    route: ConnectRoute,
    action: string | undefined,
    data: unknown,
    asked: string = route,
  ) {
    const spec = CONNECT_ROUTES[route];
    const mod = SERVER_ROUTES[route];
    if (action !== undefined) {
      if (!(spec.actions as readonly string[]).includes(action)) {
        const own = d?.action(ctx, route, action);
        if (own) return this.run(ctx, d, await own);
        fail('action_invalid', `Action ${action} is not allowed on ${asked}.`);
      }
      const own = (mod.actions as Partial<Record<Action, ActionHandler>> | undefined)?.[action as Action];
      const handler = own ?? COMMON_ACTIONS[action as keyof typeof COMMON_ACTIONS];
      return this.run(ctx, d, await handler(ctx, data));
    }
    if (!spec.submit || !mod.submit) return fail('action_missing', `${asked} needs an action.`);
    const parsed = parseSubmit(spec as RouteSpec & { submit: z.ZodType }, data);
    if (!parsed.ok) return fail(parsed.code, parsed.message);
    d?.beforeSubmit(ctx, route, data);
    // Parsed by this page's own schema just above.
    const submitPage = mod.submit as (ctx: RouteContext, data: unknown) => Step | Promise<Step>;
    return this.run(ctx, d, await submitPage(ctx, parsed.data));
  }

  /** Carries out a page's step and answers with where the session is now. */
  private async run(ctx: RouteContext, d: Dialect | undefined, given: Step): Promise<Reply> {
    const step = withoutSkipped(ctx, d?.step(ctx, given) ?? given);
    if ('reply' in step) {
      if (!step.saved) ctx.save();
      return step.reply;
    }
    if ('complete' in step) await complete(ctx, step.complete.contractEnd, step.complete.pending);
    else {
      if ('to' in step) ctx.go(step.to);
      ctx.save();
    }
    return this.page(ctx);
  }

  /** The page the session is on, its `data` checked by the page's own schema. */
  private page(ctx: RouteContext): AnyPage {
    const t = ctx.t;
    const route = ctx.s.route as ConnectRoute;
    const render = SERVER_ROUTES[route].render as (ctx: RouteContext) => Record<string, unknown>;
    const raw = render(ctx);
    const provider = ctx.provider();
    const data = CONNECT_ROUTES[route].data.parse(provider && !('provider' in raw) ? { ...raw, provider } : raw);
    return {
      route,
      connect_token: t.id,
      live_mode: t.live_mode,
      direction: t.tariff_direction,
      type: t.tariff_type,
      data,
      actions: [...CONNECT_ROUTES[route].actions],
    } as AnyPage;
  }

  /** The simulated provider's answer, from its consent page. */
  setDirectResult(
    tokenId: string,
    providerId: string,
    result: 'succeed' | 'pending' | 'fail',
  ): ConnectTokenRecord | undefined {
    const t = this.svc.connectTokens.load(tokenId);
    if (
      !t ||
      t.used ||
      !t.session ||
      t.session.closed ||
      t.session.route !== 'direct_redirect' ||
      t.session.provider_id !== providerId
    )
      return undefined;
    const ctx = new RouteContext(this.svc, this.urls, t);
    ctx.s.direct_result = result;
    ctx.save();
    return t;
  }
}
