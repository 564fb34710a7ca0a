import ct from 'countries-and-timezones';
import type { z } from 'zod';
import type { ConnectionType, ProviderConnectionType, TariffDirection, TariffType } from './schemas/common.js';
import { seedRegions } from './market/regions.js';
import type { Location } from './schemas/location.js';
import { VERSION_OF } from './versions.js';

/**
 * The words the apps show for the service's codes, in one table. Each entry has a short label
 * and, where the label alone does not say enough, a sentence for a tooltip; the apps show the
 * code itself beside the words as a quiet hint, since the API and its tests speak in codes.
 */
export interface Words {
  label: string;
  hint?: string;
}

/** A slot's and a tariff's connection state (location status, tariff status). */
export const STATUS_WORDS: Record<string, Words> = {
  CONNECTED: { label: 'Connected' },
  NOT_CONNECTED: { label: 'Not connected', hint: 'No tariff of this kind at the location yet.' },
  PENDING: { label: 'Waiting for the provider', hint: 'The provider has not delivered the tariff yet.' },
  FAILED: { label: 'Connection failed', hint: 'The provider refused or the customer left its login.' },
  ERROR: { label: 'Error', hint: 'The tariff could not be read; connect it again.' },
  NOT_SUPPORTED: { label: 'Not offered', hint: 'The service has no tariffs of this kind.' },
};

/** How a tariff came to the service (`connection_type`). */
export const CONNECTION_WORDS: Record<z.infer<typeof ConnectionType>, Words> = {
  LIBRARY: {
    label: 'From the library',
    hint: "A provider's published tariff, picked from the service's library; linked, so it follows the provider's changes.",
  },
  MANUAL: {
    label: 'Typed in',
    hint: 'Entered by hand: in this app, through the API, or by the customer in the connect flow.',
  },
  DIRECT: {
    label: 'Provider login',
    hint: 'Delivered by the provider after the customer logged in to it (simulated on this machine).',
  },
};

/** How a provider's customers connect a tariff (a provider's `connection_types`). */
export const PROVIDER_CONNECTION_WORDS: Record<z.infer<typeof ProviderConnectionType>, Words> = {
  LIBRARY: CONNECTION_WORDS.LIBRARY,
  DIRECT: CONNECTION_WORDS.DIRECT,
  MARKET: {
    label: 'Market prices',
    hint: "The provider's tariffs follow the day-ahead market: the connect flow asks the customer only for the surcharges on top.",
  },
};

/** How a tariff's rates are shaped (location status `structure_type`). */
export const STRUCTURE_WORDS: Record<string, Words> = {
  FIXED: { label: 'Fixed rate' },
  TIME_OF_DAY: { label: 'Time of day', hint: 'Rates that change with the hour of the day.' },
  MARKET: { label: 'Market price', hint: "The market's price plus the contract's surcharge." },
};

/** Which way the energy flows (`tariff_direction`). */
export const DIRECTION_WORDS: Record<TariffDirection, Words> = {
  IMPORT: { label: 'Import', hint: 'Energy bought from the grid.' },
  EXPORT: { label: 'Export', hint: 'Energy sent to the grid.' },
  LOCAL: { label: 'Local generation', hint: 'Energy made and used on site.' },
};

/** How quickly a webhook endpoint's failed deliveries are retried (`retry_schedule`). */
export const RETRY_WORDS: Record<'compressed' | 'standard', Words> = {
  compressed: {
    label: 'Within a minute',
    hint: 'For testing: retries after 1, 2, 4, 8, 15 and 30 seconds, seven attempts within about a minute.',
  },
  standard: {
    label: 'Over a day',
    hint: 'As in production: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, eight attempts over about a day.',
  },
};

/** How an account speaks where the service's own interface and the production service differ (`wire_profile`). */
export const WIRE_PROFILE_WORDS: Record<'spec' | 'published', Words> = {
  spec: { label: 'Service interface', hint: 'The service’s own event names, statuses and webhook signatures.' },
  published: { label: 'Production forms', hint: 'The production service’s event names, statuses and signatures.' },
};

/** The API generations, by the version each answers in (`api_version`, `Flatpeak-Version`). */
export const VERSION_WORDS: Record<string, Words> = {
  [VERSION_OF.anode]: {
    label: 'Anode',
    hint: 'The current API generation: prices, tariffs, meters and costs as they are today.',
  },
  [VERSION_OF.zero]: {
    label: 'Zero',
    hint: 'The previous API generation, for integrations written in 2024–2025: its own paths, names and status codes.',
  },
};

/** A tariff kind: its type and direction together, as the status page and the connect flow name them. */
const SLOT_WORDS: Record<`${TariffType}+${TariffDirection}`, Words> = {
  'COMMODITY+IMPORT': { label: 'Supply (import)', hint: 'The energy bought from the supplier.' },
  'COMMODITY+EXPORT': { label: 'Feed-in (export)', hint: 'What the grid pays for energy sent to it.' },
  'COMMODITY+LOCAL': { label: 'Local generation', hint: 'The value of energy made and used on site.' },
  'NON_COMMODITY+IMPORT': { label: 'Grid fees (import)', hint: "The grid operator's charges on energy bought." },
  'NON_COMMODITY+EXPORT': { label: 'Grid fees (export)', hint: "The grid operator's charges on energy sent." },
  'NON_COMMODITY+LOCAL': { label: 'Grid fees (local)', hint: "The grid operator's charges on local energy." },
};

export function slotWords(type: TariffType, direction: TariffDirection = 'IMPORT'): Words & { code: string } {
  const code = `${type}+${direction}` as const;
  return { ...SLOT_WORDS[code], code };
}

/** Every tariff kind, in the order the apps offer them (supply first). */
export const SLOTS = (Object.keys(SLOT_WORDS) as (keyof typeof SLOT_WORDS)[]).map((code) => {
  const [type, direction] = code.split('+') as [TariffType, TariffDirection];
  return { type, direction, code, ...SLOT_WORDS[code] };
});

/** The market a location's market-rate tariffs follow, by its region id; an imported region is named by its id. */
export function marketWords(region: string | null | undefined): Words & { code: string } {
  if (!region) return { label: 'No market', hint: 'Market-rate tariffs here have no market prices.', code: 'none' };
  const known = seedRegions.find((r) => r.id === region);
  return {
    label: !known
      ? `Market ${region}`
      : known.display_name.endsWith(' day-ahead')
        ? `Day-ahead market, ${known.display_name.slice(0, -' day-ahead'.length)}`
        : `Market, ${known.display_name}`,
    hint: 'Where the prices of market-rate tariffs come from.',
    code: region,
  };
}

/** The mark beside an estimated price, and what it means. */
export const ESTIMATE_MARK = '*';
export const ESTIMATE_HINT =
  'Estimate: the price is not certain here (a gap in the schedule, a tiered rate, or market prices not yet published).';

/** Countries by name, for address forms: every ISO 3166 country the service knows. */
export function countryOptions(): { code: string; name: string }[] {
  return Object.values(ct.getAllCountries())
    .map((c) => ({ code: c.id, name: c.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * One word for a location's tariff slots: the most pressing state any slot is in (a broken
 * tariff, then a failed or pending DIRECT connection), else CONNECTED when any slot is, else
 * NOT_CONNECTED.
 */
export function locationStatusWord(s: Location['tariff_status']): string {
  const states = Object.values(s);
  for (const w of ['ERROR', 'FAILED', 'PENDING', 'CONNECTED'] as const) if (states.includes(w)) return w;
  return 'NOT_CONNECTED';
}
