import type { TariffDirection, TariffType } from '../../core/engine/schemas/common';
import type { LibraryTariff, Slot } from '../../core/engine/schemas/connect';
import type { PostalAddress } from '../../core/engine/schemas/location';
import type { Provider } from '../../core/engine/schemas/misc';
import type { StructureType } from '../../core/engine/schedule/structure';

/** One interval of the summary's prices. */
export interface SummaryRate {
  valid_from: string;
  valid_to: string;
  tariff: { cost: number; confidence: number };
}

/**
 * What the connect service puts in a page's `data` (docs/connect.md, Pages), each field on the
 * pages that carry it. The engine has no schema for these answers, so they are typed here,
 * from the engine's types where one exists.
 */
export interface PageData {
  /** postal_address_capture, provider_select, provider_name_capture. */
  postal_address?: Partial<PostalAddress>;
  /** provider_select. */
  providers?: Pick<Provider, 'id' | 'display_name' | 'logo_url'>[];
  /** The chosen provider's header; `{ name }` on provider_name_capture; null on a status page without one. */
  provider?: (Partial<NonNullable<Slot['provider']>> & { name?: string }) | null;
  /** tariff_select: library tariffs, or grid-fee tariffs. */
  tariffs?: Pick<LibraryTariff, 'id' | 'name' | 'description'>[];
  /** `{ name }` on tariff_name_capture; the connected tariff on tariff_summary (null when there is none). */
  tariff?: { name: string; contract_end_date?: string; structure_type?: StructureType; tiered?: boolean } | null;
  /** tariff_structure_select. */
  options?: StructureType[];
  contract_end_date?: string;
  currency_code?: string;
  /** rate_fixed_capture: the captured price, or '' before one is given. */
  cost?: number | '';
  /** rate_tod_capture. */
  hours?: { valid_from: string; valid_to: string; cost: number | '' }[];
  /** region_select. */
  regions?: string[];
  region?: string;
  /** surcharge_capture. */
  surcharge?: { fixed: number; percentage: number };
  /** tariff_connection_failed. */
  connection_type?: string;
  /** tariff_summary. */
  market_rates_source?: boolean;
  rates?: { today: SummaryRate[]; tomorrow?: SummaryRate[] };
  /** session_redirect. */
  redirect_url?: string;
}

/** The connect protocol as the web app sees it (docs/connect.md, Protocol): it renders pages, nothing more. */
export interface Page {
  route: string;
  connect_token: string;
  live_mode: boolean;
  direction?: TariffDirection;
  type?: TariffType;
  data: PageData;
  actions?: string[];
}
export interface ErrorReply {
  object: 'error';
  code: string;
  message: string;
  context: string;
}
export type Reply = Page | ErrorReply;

declare global {
  interface Window {
    CONNECT_API_URL?: string;
  }
}

export function isError(r: Reply): r is ErrorReply {
  return (r as ErrorReply).object === 'error';
}

/** POSTs one message to the connect service root; the body is JSON sent as text/plain to skip preflight. */
export async function send(message: Record<string, unknown>): Promise<Reply> {
  const url = window.CONNECT_API_URL;
  if (!url)
    return { object: 'error', code: 'config_missing', message: 'CONNECT_API_URL is not set.', context: 'connect' };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(message),
    });
    return (await res.json()) as Reply;
  } catch {
    return {
      object: 'error',
      code: 'network_error',
      message: 'The connect service cannot be reached. Try again.',
      context: 'connect',
    };
  }
}

/** Which field an error code belongs beside (page error codes: docs/connect.md, Pages). */
export function fieldOf(code: string): string {
  const map: Record<string, string> = {
    address_line1_missing: 'address_line1',
    city_missing: 'city',
    post_code_missing: 'post_code',
    country_code_missing: 'country_code',
    country_code_invalid: 'country_code',
    geo_location_not_found: 'address_line1',
    provider_id_missing: 'provider',
    provider_not_found: 'provider',
    provider_name_missing: 'provider_name',
    tariff_id_missing: 'tariff',
    tariff_not_found: 'tariff',
    tariff_name_missing: 'tariff_name',
    option_invalid: 'options',
    contract_end_date_invalid: 'contract_end_date',
    cost_value_zero: 'cost',
    cost_value_negative: 'cost',
    valid_from_invalid: 'hours',
    valid_to_invalid: 'hours',
    gap_in_time_period: 'hours',
    incomplete_time_period: 'hours',
    market_region_invalid: 'region',
    surcharge_percentage_invalid: 'percentage',
  };
  return map[code] ?? 'form';
}
