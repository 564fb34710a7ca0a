/** A market bidding zone whose day-ahead prices market-rate tariffs follow. */
export interface MarketRegion {
  id: string;
  display_name: string;
  currency_code: string;
  timezone: string;
  /** Countries (and, where a country has several zones, states) the region serves. */
  country_codes: string[];
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

export const seedRegions: (MarketRegion & { shape: DemoShape })[] = [
  {
    id: 'DE-LU',
    display_name: 'Germany–Luxembourg day-ahead',
    currency_code: 'EUR',
    timezone: 'Europe/Berlin',
    country_codes: ['DE', 'LU'],
    resolution_minutes: 15,
    demo: true,
    shape: { base: 0.095, swing: 0.45 },
  },
  {
    id: 'GB',
    display_name: 'Great Britain day-ahead',
    currency_code: 'GBP',
    timezone: 'Europe/London',
    country_codes: ['GB'],
    resolution_minutes: 30,
    demo: true,
    shape: { base: 0.085, swing: 0.4 },
  },
  {
    id: 'NO1',
    display_name: 'Norway Oslo (NO1) day-ahead',
    currency_code: 'NOK',
    timezone: 'Europe/Oslo',
    country_codes: ['NO'],
    resolution_minutes: 60,
    demo: true,
    shape: { base: 0.75, swing: 0.3 },
  },
  {
    id: 'AU-NSW',
    display_name: 'Australia NSW spot',
    currency_code: 'AUD',
    timezone: 'Australia/Sydney',
    country_codes: ['AU'],
    states: ['NSW', 'ACT'],
    resolution_minutes: 5,
    demo: true,
    shape: { base: 0.11, swing: 0.6 },
  },
  {
    id: 'US-ERCOT',
    display_name: 'ERCOT Houston hub',
    currency_code: 'USD',
    timezone: 'America/Chicago',
    country_codes: ['US'],
    states: ['TX'],
    resolution_minutes: 15,
    demo: true,
    shape: { base: 0.045, swing: 0.5 },
  },
];
