import { PROFILES, type WireProfile } from '../wire-profile.js';
import type { Generation } from '../versions.js';

/**
 * How an account names its events on the wire: in Zero, by the names of Zero's era
 * (`location.create`, `connect_session.complete`, …, the production names of the `published`
 * profile), whatever its wire profile; in Anode, by its wire profile's names.
 */
const rulesOf = (profile: WireProfile, generation: Generation) =>
  generation === 'zero' ? PROFILES.published : PROFILES[profile];

/** The name an event of canonical type `type` has for an account of this profile and generation. */
export const eventNameIn = (profile: WireProfile, generation: Generation, type: string): string =>
  rulesOf(profile, generation).eventNames[type] ?? type;

/** Whether the account's endpoint filters may name events by the production names too (all but `spec` Anode). */
export const takesEitherName = (profile: WireProfile, generation: Generation): boolean =>
  rulesOf(profile, generation) !== PROFILES.spec;
