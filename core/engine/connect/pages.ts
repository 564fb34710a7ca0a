/** The buttons each connect page allows (docs/connect.md, Pages). */
export const PAGE_ACTIONS: Record<string, string[]> = {
  postal_address_capture: ['BACK', 'CLOSE'],
  provider_select: ['PROVIDER_MISSING', 'ADDRESS_CHANGE', 'BACK', 'CLOSE'],
  provider_name_capture: ['ADDRESS_CHANGE', 'BACK', 'CLOSE'],
  tariff_select: ['TARIFF_MISSING', 'BACK', 'CLOSE'],
  tariff_name_capture: ['BACK', 'CLOSE'],
  tariff_structure_select: ['BACK', 'CLOSE'],
  contract_term_capture: ['BACK', 'CLOSE'],
  rate_fixed_capture: ['BACK', 'CLOSE'],
  rate_tod_capture: ['BACK', 'CLOSE'],
  region_select: ['BACK', 'CLOSE'],
  surcharge_capture: ['BACK', 'CLOSE'],
  tariff_connection_pending: ['EDIT', 'DISCONNECT', 'CLOSE'],
  tariff_connection_failed: ['EDIT', 'DISCONNECT', 'CLOSE'],
  tariff_summary: ['EDIT', 'DISCONNECT', 'WRONG_TARIFF', 'BACK', 'CLOSE'],
};

export const ROUTES = Object.keys(PAGE_ACTIONS);
export const STRUCTURES = ['FIXED', 'TIME_OF_DAY', 'MARKET'] as const;
