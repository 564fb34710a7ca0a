import type { z } from 'zod';
import {
  ZERO_PAGES,
  type ZeroComplete,
  type ZeroPage,
  type ZeroRedirect,
  type ZeroReply,
  type ZeroRoute,
} from '../../../core/engine/connect/zero/pages';
import type { ErrorReply } from '../protocol';
import type { Ending } from '../ending';

/**
 * The Zero dialect as the web app sees it (docs/connect.md, Zero dialect): a Zero token's pages
 * by Zero's names, its way out (`session_complete` with `callback_uri`) and its redirects
 * (`redirect_uri`). Types come from the engine's Zero page table.
 */
export type { ZeroPage, ZeroReply, ZeroRoute };
export { ZERO_PAGES };

/** The `data` a Zero page sends. */
export type ZeroData<R extends ZeroRoute> = z.output<(typeof ZERO_PAGES)[R]['data']>;

export interface ZeroPageProps<R extends ZeroRoute> {
  page: Omit<ZeroPage, 'data' | 'actions'> & { route: R; data: ZeroData<R>; actions: string[] };
  submit: (data?: unknown, action?: string) => void;
  busy: boolean;
  error: ErrorReply | null;
  errorFor: (field: string) => string | undefined;
}

export const isZeroComplete = (r: unknown): r is ZeroComplete =>
  (r as ZeroComplete | null)?.route === 'session_complete';

/** A redirect's address, as either dialect names it. */
export const redirectUrlOf = (data: { redirect_url?: string } | ZeroRedirect['data']): string =>
  ('redirect_url' in data && data.redirect_url) || (data as ZeroRedirect['data']).redirect_uri;

/** What leaving a Zero page with `action` means, for the callback page. */
export function zeroEndingOf(route: string, action: string | undefined): Ending | null {
  if (action === 'DISCONNECT') return 'disconnected';
  if (action !== 'SAVE') return null;
  return route === 'summary_tariff_inprogress' ? 'pending' : 'connected';
}
