import { Typography } from '@mui/material';
import { countryOptions } from '../../../../core/engine/labels';
import { profileHead, useUsageProfiles, type UsageChoice } from '../../components/UsagePicker';
import type { Location } from '../../../../core/engine/schemas/location';

const COUNTRY_NAMES = new Map(countryOptions().map((c) => [c.code, c.name]));

/**
 * Which usage profile prices the comparison and why, in one line: the household profile of the
 * location's country, the stand-in where the country has none, or one picked here.
 */
export function ProfileNote({
  usage,
  address,
}: {
  usage: UsageChoice | null;
  address: Location['postal_address'] | undefined;
}) {
  const profiles = useUsageProfiles().data?.data ?? [];
  if (usage?.kind !== 'profile' || !usage.profile || !address) return null;
  const p = profiles.find((x) => x.name === usage.profile);
  if (!p) return null;
  const code = address.country_code.toUpperCase();
  const country = COUNTRY_NAMES.get(code) ?? code;
  // Where the location is, as its address says it: the state where it has one ("CA, US").
  const place = address.state ? `${address.state}, ${code}` : country;
  const words = profileHead(p.description);
  const own = profiles.find((x) => x.country === code);
  const why = !usage.auto
    ? own && own.name !== p.name
      ? `picked here (the location’s own would be ${profileHead(own.description)})`
      : 'picked here'
    : p.country === code
      ? `as the location is in ${place}`
      : `standing in, as no household profile of ${country} is known (the location is in ${place})`;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="compare-profile-why">
      {usage.auto ? 'Household profile' : 'Usage profile'}: {words}, {why}.
    </Typography>
  );
}
