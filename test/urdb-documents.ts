import { readFileSync } from 'node:fs';

/** A URDB rate document of `examples/urdb/`, as text: what a user's file holds. */
export const urdbText = (name: string): string =>
  readFileSync(new URL(`../examples/urdb/${name}.json`, import.meta.url), 'utf8');

/**
 * The fields of `demand-commercial.json` that its IMPORT tariff does not hold, each named in one
 * import warning (the rate's ended contract, `enddate`, is warned about besides), sorted. Its
 * fixed, minimum and demand charges are held; `fixedmonthlycharge` is the older spelling of its
 * fixed charge, warned about and not charged twice.
 */
export const DEMAND_FIELDS = [
  'demandratchetpercentage',
  'dgrules',
  'energyattrs',
  'energyratestructure[0][0].sell',
  'energyratestructure[1][0].sell',
  'fixedmonthlycharge',
];
