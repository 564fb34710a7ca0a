/** The connect protocol as the web app sees it (DESIGN.md section 5): it renders pages, nothing more. */
export interface Page {
  route: string;
  connect_token: string;
  live_mode: boolean;
  direction?: string;
  type?: string;
  data: Record<string, any>;
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

/** Which field an error code belongs beside (CONNECT-PROTOCOL.md page error codes). */
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
