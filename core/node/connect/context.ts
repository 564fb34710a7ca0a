import type { z } from 'zod';
import type { Scope } from '../db/documents.js';
import type { StoredTariff } from '../db/store.js';
import type { Service } from '../service.js';
import type { ConnectTokenRecord } from '../../engine/schemas/misc.js';
import type { PastState, SessionState } from '../../engine/connect/session.js';
import type { ProviderHeader } from '../../engine/connect/fields.js';
import type { RedirectReply, Reply } from '../../engine/connect/protocol.js';
import type { Action } from '../../engine/connect/route.js';
import type { ActionOf, ConnectRoute, RouteOf, SubmitData } from '../../engine/connect/routes/index.js';
import { ApiError } from '../../engine/errors.js';
import { deriveCurrency } from '../../engine/geo/locale.js';
import { withToken } from '../../engine/connect/protocol.js';

/** Where the flow sends the browser: the connect web app and the provider pages it serves. */
export interface ConnectUrls {
  connectWebUrl(): string;
}

/** A page's answer to bad input: 400 with the page's error code. */
export const fail = (code: string, message: string): never => {
  throw new ApiError(400, 'invalid_request', code, message);
};

/**
 * One message's view of its session: the token as read (`before`) and as it is being changed
 * (`t`), and what the pages ask of the service (the address, the currency, the provider).
 */
export class RouteContext {
  readonly before: ConnectTokenRecord;
  /** The session as it was on the page this message answers (the page a rewind returned to, if one did). */
  private shown: SessionState | undefined;

  constructor(
    readonly svc: Service,
    readonly urls: ConnectUrls,
    readonly t: ConnectTokenRecord,
  ) {
    this.before = structuredClone(t);
    this.shown = this.before.session ?? undefined;
  }

  get s(): SessionState {
    return this.t.session!;
  }

  get scope(): Scope {
    return { accountId: this.t.account_id, liveMode: this.t.live_mode };
  }

  /** Saves the token if it is still as it was read; 409 `connect_token_conflict` if not. */
  save(): void {
    this.svc.connectTokens.update(this.before, this.t);
  }

  /** Moves forward to `route`; BACK returns to the page before, and the page left can be rewound to. */
  go(route: ConnectRoute | 'direct_redirect'): void {
    const s = this.s;
    // The record of what each page had captured stays only while it lines up with the history.
    const past = (s.past ?? []).length === s.history.length ? (s.past ?? []) : undefined;
    const then = this.shown && this.shown.route === s.route ? this.shown : s;
    s.history.push(s.route);
    if (past) s.past = [...past, pastOf(then)];
    else delete s.past;
    s.route = route;
  }

  /** Drops the history back to before its `i`-th page (BACK, a rewind, a restart). */
  truncate(i: number): void {
    const s = this.s;
    s.history = s.history.slice(0, i);
    if (s.past) s.past = s.past.slice(0, i);
  }

  /**
   * The session back on the `i`-th page of its history, with what it had captured then (where
   * that was kept), as if the pages after it had not been answered. Saved only with the step
   * that follows.
   */
  rewind(i: number): void {
    const s = this.s;
    const route = s.history[i]!;
    const then = s.past?.length === s.history.length ? s.past[i] : undefined;
    const history = s.history.slice(0, i);
    const past = s.past?.slice(0, i);
    const next: SessionState = then
      ? { ...structuredClone(then), route, history, ...(past ? { past } : {}) }
      : { ...s, route, history, ...(past ? { past } : {}) };
    if (!then) delete next.past;
    this.t.session = next;
    this.shown = structuredClone(next);
  }

  /** The address so far: the location's, or what the session or token captured (empty strings until known). */
  address() {
    const t = this.t;
    if (t.location_id) return this.svc.locations.find(this.scope, t.location_id).postal_address;
    const a = t.session?.address ?? t.postal_address ?? {};
    return {
      address_line1: a.address_line1 ?? '',
      city: a.city ?? '',
      post_code: a.post_code ?? '',
      country_code: a.country_code ?? '',
      ...(a.state ? { state: a.state } : {}),
    };
  }

  addressKnown(): boolean {
    const t = this.t;
    return (
      !!t.location_id ||
      !!(t.session?.address?.city && t.session.address.country_code) ||
      !!(t.postal_address?.city && t.postal_address.country_code)
    );
  }

  /** Grid fees are chosen from the operator serving the address; supply starts with the provider. */
  firstChoice(): ConnectRoute {
    return this.t.tariff_type === 'NON_COMMODITY' ? 'tariff_select' : 'provider_select';
  }

  /** Where provider selection starts over (EDIT, WRONG_TARIFF). */
  restart(): ConnectRoute {
    return this.addressKnown() ? this.firstChoice() : 'postal_address_capture';
  }

  currency(): string {
    const t = this.t;
    if (t.location_id) return this.svc.locations.find(this.scope, t.location_id).currency_code;
    return deriveCurrency(this.address().country_code || 'DE') ?? 'EUR';
  }

  providerHeader(id: string | undefined): ProviderHeader | undefined {
    if (!id) return undefined;
    const p = this.svc.providers.get(id, false);
    return { id: p.id, display_name: p.display_name, logo_url: p.logo_url };
  }

  /** The provider chosen or typed in this session: every page's header. */
  provider(): ProviderHeader | undefined {
    const s = this.s;
    return (
      this.providerHeader(s.provider_id) ??
      (s.provider_name ? { id: null, display_name: s.provider_name, logo_url: null } : undefined)
    );
  }

  /** The slot's current tariff, for a token that names a location. */
  slotTariff(): StoredTariff | undefined {
    const t = this.t;
    if (!t.location_id) return undefined;
    return this.svc.tariffs.slot(this.scope, t.location_id, t.tariff_type, t.tariff_direction).at(-1);
  }

  redirect(url: string): RedirectReply {
    return {
      route: 'session_redirect',
      connect_token: this.t.id,
      live_mode: this.t.live_mode,
      data: { redirect_url: url },
    };
  }

  /**
   * Leaving: to `callback_url` (else the web app's `/complete`), the token appended. The session
   * is closed with it (saved with the step), so the token answers no page afterwards.
   */
  callback(): RedirectReply {
    if (this.t.session) this.t.session.closed = true;
    return this.redirect(withToken(this.t.callback_url ?? `${this.urls.connectWebUrl()}/complete`, this.t.id));
  }
}

const pastOf = (s: SessionState): PastState => {
  const { history: _history, past: _past, ...rest } = structuredClone(s);
  return rest;
};

/** Where a page goes next. */
export type Step =
  /** Forward to a page; the page before goes into the history for BACK. */
  | { to: ConnectRoute }
  /** The page the session is now on (the handler set it: BACK, EDIT). */
  | { show: true }
  /** This answer as it is (a redirect); `saved` when the step saved the token itself. */
  | { reply: Reply; saved?: true }
  /** Store the tariff (PENDING for a DIRECT provider that has not delivered it) and show the result. */
  | { complete: { contractEnd: string | null; pending?: boolean } };

/** A page's action; `data` is what came with it (most actions take none). */
export type ActionHandler = (ctx: RouteContext, data?: unknown) => Step | Promise<Step>;

/** The actions the flow answers the same way on every page (docs/connect.md, Pages). */
export type CommonAction = Extract<
  Action,
  'BACK' | 'CLOSE' | 'EDIT' | 'WRONG_TARIFF' | 'DISCONNECT' | 'ADDRESS_CHANGE'
>;
type OwnAction<R extends ConnectRoute> = Exclude<ActionOf<R>, CommonAction>;

/**
 * The service's half of one page: what it renders (typed by the page's `data` schema), what a
 * submit of its `data` does and where it goes next, and its own actions. The compiler insists
 * on `submit` exactly for pages that take `data`, and on a handler for each action the page
 * lists that is not common to all.
 */
export type ServerRoute<R extends ConnectRoute> = {
  render(ctx: RouteContext): z.input<RouteOf<R>['data']>;
} & (RouteOf<R>['submit'] extends z.ZodType
  ? { submit(ctx: RouteContext, data: SubmitData<R>): Step | Promise<Step> }
  : { submit?: never }) &
  ([OwnAction<R>] extends [never]
    ? { actions?: Partial<Record<ActionOf<R>, ActionHandler>> }
    : { actions: Record<OwnAction<R>, ActionHandler> & Partial<Record<ActionOf<R>, ActionHandler>> });
