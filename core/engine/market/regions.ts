/** A market bidding zone whose day-ahead prices market-rate tariffs follow. */
export interface MarketRegion {
  id: string;
  display_name: string;
  currency_code: string;
  timezone: string;
  /** Countries (and, where a country has several zones, states) the region serves. */
  country_codes: string[];
  /** Where listed, the region serves these states of its countries only (ISO 3166-2 subdivision codes). */
  states?: string[];
  /** Resolution of the published series, minutes. */
  resolution_minutes: number;
  /** Whether the service generates a deterministic demo series for it. */
  demo: boolean;
}

/** Demo generator parameters: typical level (major units per kWh) and daily swing. */
export interface DemoShape {
  base: number;
  swing: number;
}

// id, name, currency, zone, countries, states (where a country has several zones), resolution (min), demo base, swing
type SeedRow = [string, string, string, string, string[], string[] | null, number, number, number];
const SEED: SeedRow[] = [
  ['DE-LU', 'Germany–Luxembourg day-ahead', 'EUR', 'Europe/Berlin', ['DE', 'LU'], null, 15, 0.095, 0.45],
  ['GB', 'Great Britain day-ahead', 'GBP', 'Europe/London', ['GB'], null, 30, 0.085, 0.4],
  ['NO1', 'Norway Oslo (NO1) day-ahead', 'NOK', 'Europe/Oslo', ['NO'], null, 60, 0.75, 0.3],
  ['AU-NSW', 'Australia NSW spot', 'AUD', 'Australia/Sydney', ['AU'], ['NSW', 'ACT'], 5, 0.11, 0.6],
  ['US-ERCOT', 'ERCOT Houston hub', 'USD', 'America/Chicago', ['US'], ['TX'], 15, 0.045, 0.5],
  // California's own market: a Californian location never follows Texas's prices.
  ['US-CAISO', 'CAISO SP15 (US West)', 'USD', 'America/Los_Angeles', ['US'], ['CA'], 15, 0.055, 0.7],
];

/**
 * Whether a region may serve an address: one that lists states serves those states of its
 * countries only; one without states is not tied to a place (a location may follow any).
 */
export function regionServes(
  region: Pick<MarketRegion, 'country_codes' | 'states'>,
  countryCode: string,
  state: string | null | undefined,
): boolean {
  if (!region.states) return true;
  return region.country_codes.includes(countryCode.toUpperCase()) && !!state && region.states.includes(state);
}

export const seedRegions: (MarketRegion & { shape: DemoShape })[] = SEED.map(
  ([id, display_name, currency_code, timezone, country_codes, states, resolution_minutes, base, swing]) => ({
    id,
    display_name,
    currency_code,
    timezone,
    country_codes,
    ...(states ? { states } : {}),
    resolution_minutes,
    demo: true,
    shape: { base, swing },
  }),
);
