import type { ConnectRoute } from './routes/index.js';

/**
 * A connect session's server-side state (docs/connect.md, Protocol): the page it is on, the
 * pages before it (for BACK), and what it has captured. `direct_redirect` is the time spent on a
 * DIRECT provider's own login and consent pages.
 */
export interface SessionState {
  route: ConnectRoute | 'direct_redirect';
  history: (ConnectRoute | 'direct_redirect')[];
  /**
   * The session as it stood on each page of `history` (same order), so that a page passed
   * earlier can be answered again as it was then (Zero's going back). Absent on sessions stored
   * before it was kept; such a session rewinds its page only.
   */
  past?: PastState[];
  address?: { address_line1?: string; city?: string; post_code?: string; country_code?: string; state?: string };
  provider_id?: string;
  provider_name?: string;
  library_tariff_id?: string;
  tariff_name?: string;
  /** A market-only provider was chosen: its pages offer only MARKET and ask only the surcharges. */
  market_only?: boolean;
  structure?: 'FIXED' | 'TIME_OF_DAY' | 'MARKET';
  fixed_cost?: number;
  tod_hours?: { valid_from: string; valid_to: string; cost: number }[];
  region?: string;
  surcharge?: { fixed: number; percentage: number };
  /** DIRECT: the provider's answer after its login and consent pages. */
  direct_result?: 'succeed' | 'pending' | 'fail';
  connection_type?: 'LIBRARY' | 'MANUAL' | 'DIRECT';
  /** Zero: the provider listed no tariff of the slot, so the tariff is named after its rates are captured. */
  name_after_rates?: boolean;
  /** Zero's DISMISS_DIRECT: the customer gives the tariff by hand, so provider selection leads to no provider's login. */
  skip_direct?: boolean;
  /** The session left for the callback (CLOSE, BACK off the first page, DISCONNECT): the token answers nothing more. */
  closed?: boolean;
}

/** What a session had captured while it was on one page. */
export type PastState = Omit<SessionState, 'history' | 'past'>;
