/** The profile a location gets until someone picks another: the German household's, as before countries had their own. */
export const FALLBACK_PROFILE = 'bdew_h0';

/**
 * The household profile of a country (ISO 3166-1 alpha-2, either case): the listed profile
 * whose `country` matches, else `bdew_h0`, else the first listed. Generic shapes (`country`
 * null: an EV, a heat pump) are never a default.
 */
export function profileForCountry<P extends { name: string; country: string | null }>(
  profiles: readonly P[],
  country: string | null | undefined,
): P | undefined {
  const code = country?.toUpperCase();
  return (
    (code ? profiles.find((p) => p.country === code) : undefined) ??
    profiles.find((p) => p.name === FALLBACK_PROFILE) ??
    profiles[0]
  );
}
