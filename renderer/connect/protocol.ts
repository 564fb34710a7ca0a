import { CONNECT_ROUTES, type ConnectRoute } from '../../core/engine/connect/routes/index';
import type { AnyPage, ErrorReply, Message, PageReply, Reply } from '../../core/engine/connect/protocol';
import { ZERO_PAGES, type ZeroReply } from '../../core/engine/connect/zero/pages';

/**
 * The connect protocol as the web app sees it (docs/connect.md, Protocol): every type comes
 * from the engine's route table, so a page's `data` here is what its schema says the service
 * sends. The app renders pages, nothing more.
 */
export type { AnyPage, ConnectRoute, ErrorReply, PageReply, Reply };
export { tokenFrom } from '../../core/engine/connect/protocol';

/** An error object, from either dialect. */
export const isError = (r: Reply | ZeroReply): r is ErrorReply => (r as ErrorReply).object === 'error';
/** A redirect, from either dialect (Zero names its address `redirect_uri`). */
export const isRedirect = (r: Reply | ZeroReply): r is Extract<Reply | ZeroReply, { route: 'session_redirect' }> =>
  (r as { route?: string }).route === 'session_redirect';

declare global {
  interface Window {
    CONNECT_API_URL?: string;
  }
}

const localError = (code: string, message: string): ErrorReply => ({
  object: 'error',
  type: 'api_error',
  code,
  message,
  context: 'connect',
  live_mode: false,
  time_created: new Date().toISOString(),
});

/** POSTs one message to the connect service root; the body is JSON sent as text/plain to skip preflight. */
export async function send(message: Omit<Message, 'route'> & { route: string }): Promise<Reply | ZeroReply> {
  const url = window.CONNECT_API_URL;
  if (!url) return localError('config_missing', 'CONNECT_API_URL is not set.');
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(message),
    });
    return (await res.json()) as Reply | ZeroReply;
  } catch {
    return localError('network_error', 'The connect service cannot be reached. Try again.');
  }
}

/** Which field of `route` an error code belongs beside, from the page's own error table; `form` for the page. */
export function fieldOf(route: string, code: string): string {
  const spec = Object.hasOwn(ZERO_PAGES, route)
    ? ZERO_PAGES[route as keyof typeof ZERO_PAGES]
    : CONNECT_ROUTES[route as ConnectRoute];
  const errors: Readonly<Record<string, string>> = spec?.errors ?? {};
  return errors[code] ?? 'form';
}

/**
 * The provider header of a page, when it shows one (`provider_name_capture` carries a typed name
 * instead). Choosing a provider shows none: after Back the page still names the earlier choice.
 */
export function headerOf(page: AnyPage) {
  if (page.route === 'provider_select') return undefined;
  const p = page.data.provider;
  return p && 'display_name' in p ? p : undefined;
}
