import type { ConnectRoute, ErrorReply, PageReply } from './protocol';

/**
 * What each screen gets: its page (typed by its route's schema), and how to answer it. In a
 * module of its own, so the pages and the app that shows them both import it and neither the other.
 */
export interface PageProps<R extends ConnectRoute = ConnectRoute> {
  page: PageReply<R>;
  submit: (data?: unknown, action?: string) => void;
  busy: boolean;
  error: ErrorReply | null;
  /** The error to show beside `field`, if it belongs there. */
  errorFor: (field: string) => string | undefined;
}
