import { z } from 'zod';
import { ProviderHeader, SummaryRate } from '../fields.js';
import { CONNECT_ROUTES } from '../routes/index.js';
import { ACTION_ERRORS, pageData } from '../route.js';

/**
 * The connect pages of the Zero dialect (API version 2024-08-24; docs/connect.md, Zero dialect):
 * what a Zero token's session sends. The session underneath is the one state machine of
 * ../routes/; Zero renames some pages, merges the market region into the surcharge page, ends
 * every summary with SAVE, and lists no BACK or CLOSE.
 */

/** The buttons a Zero page may list. */
export const ZERO_ACTIONS = [
  'SAVE',
  'EDIT',
  'DISCONNECT',
  'RECONNECT',
  'PROVIDER_MISSING',
  'TARIFF_MISSING',
  'ADDRESS_CHANGE',
  'DISMISS_DIRECT',
] as const;
export type ZeroAction = (typeof ZERO_ACTIONS)[number];

const TariffHead = z.strictObject({
  name: z.string(),
  contract_end_date: z.string().optional(),
  structure_type: z.enum(['FIXED', 'TIME_OF_DAY', 'MARKET']),
});

interface ZeroPageSpec {
  /** The actions the page lists. */
  readonly actions: readonly ZeroAction[];
  /** Actions the page takes without listing them: the Zero-era web app sends them on its own (RECONNECT on a summary). */
  readonly unlisted?: readonly ZeroAction[];
  readonly data: z.ZodType;
  /** Error codes and the form field each belongs beside (`form`: the page as a whole). */
  readonly errors: Readonly<Record<string, string>>;
}

const same = <R extends keyof typeof CONNECT_ROUTES>(r: R, actions: readonly ZeroAction[]): ZeroPageSpec => ({
  actions,
  data: CONNECT_ROUTES[r].data,
  errors: CONNECT_ROUTES[r].errors,
});

export const ZERO_PAGES = {
  postal_address_capture: same('postal_address_capture', []),
  provider_select: same('provider_select', ['PROVIDER_MISSING', 'ADDRESS_CHANGE']),
  provider_name_capture: same('provider_name_capture', ['ADDRESS_CHANGE']),
  tariff_select: same('tariff_select', ['TARIFF_MISSING', 'ADDRESS_CHANGE']),
  tariff_name_capture: same('tariff_name_capture', []),
  tariff_structure_select: same('tariff_structure_select', []),
  contract_term_capture: same('contract_term_capture', []),
  rate_fixed_capture: same('rate_fixed_capture', []),
  rate_tod_capture: same('rate_tod_capture', []),
  market_surcharge_capture: {
    actions: [],
    data: pageData({
      currency_code: z.string(),
      surcharge: z.strictObject({ fixed: z.number(), percentage: z.number() }),
      // Only where the address may follow several regions: the choice, and the one suggested.
      regions: z.array(z.string()).optional(),
      region: z.string().optional(),
    }),
    errors: { surcharge_percentage_invalid: 'percentage', market_region_invalid: 'region', data_json_invalid: 'form' },
  },
  summary_fixed_confirm: {
    actions: ['SAVE', 'EDIT', 'DISCONNECT'],
    unlisted: ['RECONNECT'],
    data: pageData({ currency_code: z.string(), tariff: TariffHead, cost: z.number() }),
    errors: ACTION_ERRORS,
  },
  summary_tou_confirm: {
    actions: ['SAVE', 'EDIT', 'DISCONNECT'],
    unlisted: ['RECONNECT'],
    data: pageData({
      currency_code: z.string(),
      market_rates_source: z.boolean(),
      tariff: TariffHead,
      rates: z.strictObject({ today: z.array(SummaryRate), tomorrow: z.array(SummaryRate) }),
    }),
    errors: ACTION_ERRORS,
  },
  summary_tariff_inprogress: {
    actions: ['SAVE', 'DISCONNECT', 'DISMISS_DIRECT'],
    data: pageData({ provider: ProviderHeader.nullable() }),
    errors: ACTION_ERRORS,
  },
  summary_tariff_failed: {
    actions: ['RECONNECT', 'DISCONNECT'],
    data: pageData({ provider: ProviderHeader.nullable() }),
    errors: ACTION_ERRORS,
  },
} satisfies Record<string, ZeroPageSpec>;

export type ZeroRoute = keyof typeof ZERO_PAGES;
export const isZeroRoute = (r: string): r is ZeroRoute => Object.hasOwn(ZERO_PAGES, r);

/** Whether a Zero page takes `action`: one it lists, or one the Zero-era web app sends unlisted. */
export function zeroTakes(route: ZeroRoute, action: string): boolean {
  const spec: ZeroPageSpec = ZERO_PAGES[route];
  return [...spec.actions, ...(spec.unlisted ?? [])].includes(action as ZeroAction);
}

/** A Zero page: no `type` at the top level, and `actions` only where the page has some. */
export interface ZeroPage {
  route: ZeroRoute;
  connect_token: string;
  direction: string;
  live_mode: boolean;
  data: Record<string, unknown>;
  actions?: ZeroAction[];
}

/** The session is over: the browser goes to the client's `callback_uri`, the token appended as `fp_cot`. */
export interface ZeroComplete {
  route: 'session_complete';
  connect_token: string;
  direction: string;
  live_mode: boolean;
  data: { callback_uri: string };
}

/** The browser leaves for a provider's own login pages and comes back to `connect_web_uri`. */
export interface ZeroRedirect {
  route: 'session_redirect';
  connect_token: string;
  direction: string;
  live_mode: boolean;
  data: { redirect_uri: string; redirect_url: string };
}

export type ZeroReply = ZeroPage | ZeroComplete | ZeroRedirect;

/** The client's callback with the token appended, as Zero clients read it. */
export function zeroCallback(callbackUri: string, token: string): string {
  const u = new (
    globalThis as unknown as {
      URL: new (s: string) => { searchParams: { set(k: string, v: string): void }; toString(): string };
    }
  ).URL(callbackUri);
  u.searchParams.set('fp_cot', token);
  return u.toString();
}
