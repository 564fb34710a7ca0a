import type { TariffDirection, TariffType } from '../schemas/common.js';
import type { ErrorBody } from '../errors.js';
import type { ActionOf, ConnectRoute, PageData } from './routes/index.js';

/**
 * The connect protocol's messages (docs/connect.md, Protocol), typed from the route table:
 * what the connect service answers and what a client sends.
 */

/** A page: its route, the token's mode, slot, `data` and the buttons it allows. */
export interface PageReply<R extends ConnectRoute = ConnectRoute> {
  route: R;
  connect_token: string;
  live_mode: boolean;
  direction: TariffDirection;
  type: TariffType;
  data: PageData<R>;
  actions: ActionOf<R>[];
}
/** One of the pages, discriminated by `route`. */
export type AnyPage = { [R in ConnectRoute]: PageReply<R> }[ConnectRoute];

/** The browser leaves for `redirect_url` (a provider's login, or the client's callback). */
export interface RedirectReply {
  route: 'session_redirect';
  connect_token: string;
  live_mode: boolean;
  data: { redirect_url: string };
}

export type ErrorReply = ErrorBody;
export type Reply = AnyPage | RedirectReply | ErrorReply;

/** What a client posts: start or resume a session, or answer the page it is on. */
export interface Message {
  route: ConnectRoute | 'session_start' | 'session_restore';
  connect_token: string;
  type: 'submit';
  action?: string;
  data?: unknown;
}

export const isErrorReply = (r: Reply): r is ErrorReply => (r as ErrorReply).object === 'error';
export const isRedirect = (r: Reply): r is RedirectReply => (r as RedirectReply).route === 'session_redirect';

/**
 * The query parameters that carry the connect token in a page address. Clients read either;
 * every address the service builds carries both.
 */
export const TOKEN_PARAMS = ['svc_cot', 'fp_cot'] as const;

/** The connect token of a page address (its query string), from either parameter. */
export function tokenFrom(search: string): string | null {
  const params = new (web().URLSearchParams)(search);
  for (const p of TOKEN_PARAMS) {
    const v = params.get(p);
    if (v) return v;
  }
  return null;
}

/** `url` with the token appended under every parameter name clients read. */
export function withToken(url: string, token: string): string {
  const u = new (web().URL)(url);
  for (const p of TOKEN_PARAMS) u.searchParams.set(p, token);
  return u.toString();
}

/** An origin as browsers send it: `scheme://host[:port]`, http or https, nothing after. */
export function isWebOrigin(s: string): boolean {
  try {
    const u = new (web().URL)(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s;
  } catch {
    return false;
  }
}

// The WHATWG URL classes: Node and every browser provide them; the engine sees neither runtime's types.
interface Params {
  get(name: string): string | null;
  set(name: string, value: string): void;
}
interface WebUrl {
  readonly protocol: string;
  readonly origin: string;
  readonly searchParams: Params;
  toString(): string;
}
const web = () =>
  globalThis as unknown as { URL: new (url: string) => WebUrl; URLSearchParams: new (init: string) => Params };
