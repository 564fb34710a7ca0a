import ct from 'countries-and-timezones';
import tzlookup from 'tz-lookup';
import countryToCurrency from 'country-to-currency';
import type { PostalAddress } from '../schemas/location.js';
import type StateModule from 'country-state-city/lib/cjs/state.js';
import type CountryModule from 'country-state-city/lib/cjs/country.js';

/**
 * Offline time zone and currency for a postal address: the state's zone where the country
 * has several (from the state's coordinates), else the country's. Data come from packages
 * made for it; nothing is fetched.
 */
export interface Locale {
  timezone: string;
  currency_code: string;
}

interface CscModule {
  State: typeof StateModule;
  Country: typeof CountryModule;
}
let csc: CscModule | undefined;
/** These files are CommonJS with `exports.default`: Node hands back `module.exports`, bundlers its `default`. */
const cjsDefault = <T>(m: { default: T }): T => (m.default as { default?: T }).default ?? m.default;
async function stateData(): Promise<CscModule> {
  // The state table is large; load it only when an address needs it. The package's index would
  // also load its city table (8 MB of JSON, about 50 MiB once parsed), which nothing here reads.
  csc ??= {
    State: cjsDefault(await import('country-state-city/lib/cjs/state.js')),
    Country: cjsDefault(await import('country-state-city/lib/cjs/country.js')),
  };
  return csc;
}

function zoneAt(lat: number, lon: number, countryZones: Set<string>): string | undefined {
  try {
    const z = tzlookup(lat, lon);
    return countryZones.has(z) ? z : undefined;
  } catch {
    return undefined;
  }
}

export async function deriveTimezone(address: PostalAddress): Promise<string | undefined> {
  const country = ct.getCountry(address.country_code.toUpperCase());
  if (!country) return undefined;
  const zones = new Set(
    ct.getTimezonesForCountry(country.id, { deprecated: true })?.map((z) => z.name) ?? country.timezones,
  );
  if (country.timezones.length === 1) return country.timezones[0];
  const { State, Country } = await stateData();
  if (address.state) {
    const wanted = address.state.trim().toLowerCase();
    const state = State.getStatesOfCountry(country.id).find(
      (s) => s.isoCode.toLowerCase() === wanted || s.name.toLowerCase() === wanted,
    );
    if (state?.latitude && state.longitude) {
      const z = zoneAt(Number(state.latitude), Number(state.longitude), zones);
      if (z) return z;
    }
  }
  const c = Country.getCountryByCode(country.id);
  if (c?.latitude && c.longitude) {
    const z = zoneAt(Number(c.latitude), Number(c.longitude), zones);
    if (z) return z;
  }
  return country.timezones[0];
}

export function deriveCurrency(countryCode: string): string | undefined {
  return (countryToCurrency as Record<string, string>)[countryCode.toUpperCase()];
}
