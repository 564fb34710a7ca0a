import type { AnyPage } from './protocol';
import type { EndedMessage } from '../shared/connect-ending';

/**
 * How a session left for the client's callback, as the web app saw it leave: the page it was on
 * and the action that left. The callback page (`/complete`) reads it back for the same token, so
 * it says what happened instead of a blanket "All done". The service's own record (the token's
 * `complete_action`) is what a client backend reads; this is only the sheet's last word.
 */
export type Ending = NonNullable<EndedMessage['ending']>;

/** What leaving `page` with `action` means: only Done on a tariff, or leaving a pending one, connected anything. */
export function endingOf(page: AnyPage, action: string | undefined): Ending | null {
  if (action === 'DISCONNECT') return 'disconnected';
  if (action !== 'CLOSE' && action !== 'BACK') return null;
  if (page.route === 'tariff_summary' && page.data.tariff) return 'connected';
  if (page.route === 'tariff_connection_pending') return 'pending';
  return 'closed';
}

const key = (token: string) => `tariff-desk:connect-ending:${token}`;

/** Keeps how the session is leaving, for the callback page; a redirect that is not an ending (a provider's login) clears it. */
export function rememberEnding(token: string, ending: Ending | null): void {
  try {
    if (ending) window.sessionStorage.setItem(key(token), ending);
    else window.sessionStorage.removeItem(key(token));
  } catch {
    // storage refused: the callback page says the session ended, without how
  }
}

export function recalledEnding(token: string): Ending | null {
  try {
    const v = window.sessionStorage.getItem(key(token));
    return v === 'connected' || v === 'pending' || v === 'disconnected' || v === 'closed' ? v : null;
  } catch {
    return null;
  }
}
