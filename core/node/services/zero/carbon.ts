import { createHash } from 'node:crypto';
import type { StoredLocation } from '../../../engine/schemas/location.js';

/** The region whose demo carbon series a location reads: its market region, else its country. */
export const carbonRegionOf = (loc: StoredLocation): string => loc.market_region ?? loc.postal_address.country_code;

/** The carbon source of a region: stable on every install, as market sources are. */
export const carbonSourceOf = (region: string): string =>
  `reg_${createHash('sha256').update(`carbon:${region}`).digest('hex').slice(0, 24)}`;
