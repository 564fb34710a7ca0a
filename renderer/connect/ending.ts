import type { AnyPage } from './protocol';
import type { EndedMessage } from '../shared/connect-ending';

/**
 * How a session left for the client's callback, as the web app saw it leave: the page it was on
 * and the action that left. The callback page (`/complete`) reads it back for the same token, so
 * it says what happened instead of a blanket "All done". The service's own record (the token's
 * `complete_action`) is what a client backend reads; this is only the sheet's last word.
 */
export type Ending = NonNullable<EndedMessage['ending']>;

/**
 * What leaving `page` with `action` means: only Done on a tariff, or leaving a pending one,
 * connected anything. Closing (or going back from) the summary of a tariff the session opened on,
 * without Done, stores nothing: `unconfirmed` says the session is still on that first summary.
 */
export function endingOf(page: AnyPage, action: string | undefined, done = true, unconfirmed = false): Ending | null {
  if (action === 'DISCONNECT') return 'disconnected';
  if (action !== 'CLOSE' && action !== 'BACK') return null;
  if (page.route === 'tariff_summary' && page.data.tariff)
    return unconfirmed && (action === 'BACK' || !done) ? 'closed' : 'connected';
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

const openedKey = (token: string) => `tariff-desk:connect-opened-on-summary:${token}`;

/**
 * Keeps whether the session is still on the summary it opened on (the slot had a tariff, and
 * the customer has gone nowhere since): set by its first page, cleared by any other page.
 */
export function noteSummaryOpening(token: string, route: string, first: boolean): void {
  try {
    // A session resumed in this tab (a reload) is not opening: only its very first page counts.
    const seen = `${openedKey(token)}:seen`;
    const opening = first && window.sessionStorage.getItem(seen) === null;
    window.sessionStorage.setItem(seen, '1');
    if (opening && route === 'tariff_summary') window.sessionStorage.setItem(openedKey(token), '1');
    else if (route !== 'tariff_summary') window.sessionStorage.removeItem(openedKey(token));
  } catch {
    // storage refused: the ending is told from the page alone
  }
}

export function onOpeningSummary(token: string): boolean {
  try {
    return window.sessionStorage.getItem(openedKey(token)) === '1';
  } catch {
    return false;
  }
}
