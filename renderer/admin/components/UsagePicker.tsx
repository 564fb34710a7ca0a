import { useEffect, useState } from 'react';
import { Alert, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../context';
import { readSeriesFile } from '../usage-csv';
import { ApiName } from './words';
import { CsvFileButton } from './CsvFileButton';
import type { Usage } from '../../../core/engine/schemas/cost';
import { profileForCountry } from '../../../core/engine/usage/choose';

/** A usage to price: a standard profile scaled to a year's energy, or a meter file's intervals. */
export type UsageChoice =
  | {
      kind: 'profile';
      profile: string;
      kwh_per_year: number;
      /** Chosen by the picker for the location's country, not by a person: follows the location. */
      auto?: true;
    }
  | {
      kind: 'csv';
      name: string;
      intervals: { start: number; end: number; kwh: number }[];
      total_kwh: number;
      /** The file's span, epoch ms. */
      from: number;
      to: number;
    };

/** How long a page waits after the last keystroke in the usage before pricing it (one request per pause). */
export const USAGE_DEBOUNCE_MS = 400;

/** A household's year, when nothing else is known: the order of a typical flat's consumption. */
export const DEFAULT_KWH_PER_YEAR = 3500;

/** The standard usage profiles, fetched once per mode. */
export function useUsageProfiles() {
  const { api, liveMode } = useApp();
  return useQuery({
    queryKey: ['usage-profiles', liveMode],
    queryFn: () => api.call('usageProfiles.list', {}),
    staleTime: Infinity,
  });
}

/**
 * The request's `usage` for a window [from, to): a profile as it is (the service lays it on the
 * window), a file's intervals that lie wholly inside the window (the API refuses any outside).
 */
export function usageOf(u: UsageChoice, from: number, to: number): Usage {
  if (u.kind === 'profile') return { profile: u.profile, kwh_per_year: u.kwh_per_year };
  return {
    intervals: u.intervals
      .filter((i) => i.start >= from && i.end <= to)
      .map((i) => ({
        start_time: new Date(i.start).toISOString(),
        end_time: new Date(i.end).toISOString(),
        kwh: i.kwh,
      })),
  };
}

/** A profile in words: its description up to the first colon or bracket ("German household standard load profile H0"). */
export const profileHead = (description: string) => description.split(/[:(.]/)[0]!.trim();

/** `profileHead` cut to fit a picker. */
export const profileWords = (description: string) => {
  const head = profileHead(description);
  return head.length > 48 ? `${head.slice(0, 47)}…` : head;
};

/** A usage in a query key: a file by its summary, not its rows (hashing 100,000 rows on every render is slow). */
export const usageKey = (u: UsageChoice | null) =>
  !u
    ? null
    : u.kind === 'profile'
      ? [u.profile, u.kwh_per_year]
      : [u.name, u.intervals.length, u.total_kwh, u.from, u.to];

/** Whether a usage can be priced yet (a profile is picked, or a file is read). */
export const ready = (u: UsageChoice | null): u is UsageChoice => !!u && (u.kind === 'csv' || !!u.profile);

/**
 * Picks a profile and the energy of a year, or reads a meter CSV file (in the browser, by the
 * engine's usage reader). Until one is picked, the household profile of the location's country
 * is chosen (else `bdew_h0`), so a cost shows without a click; `country` is undefined while the
 * location loads, and that choice follows the location until a person picks.
 */
export function UsagePicker({
  value,
  onChange,
  country,
  zone,
}: {
  value: UsageChoice | null;
  onChange(u: UsageChoice): void;
  country?: string | undefined;
  zone: string;
}) {
  const profiles = useUsageProfiles();
  const list = profiles.data?.data ?? [];
  const [problem, setProblem] = useState<string | null>(null);
  const [lastProfile, setLastProfile] = useState<{ profile: string; kwh_per_year: number } | null>(null);
  useEffect(() => {
    // Not before the country is known: a default picked earlier would be another country's.
    if (!list.length || country === undefined) return;
    if (value && !(value.kind === 'profile' && (value.auto || !value.profile))) return;
    const pick = profileForCountry(list, country);
    if (!pick || (value?.kind === 'profile' && value.profile === pick.name)) return;
    const kwh = value?.kind === 'profile' ? value.kwh_per_year : DEFAULT_KWH_PER_YEAR;
    onChange({ kind: 'profile', profile: pick.name, kwh_per_year: kwh, auto: true });
  }, [value, list, country, onChange]);
  const profile = value?.kind === 'profile' ? value : null;
  const read = async (f: File) => {
    setProblem(null);
    try {
      const series = await readSeriesFile(f, zone, 'usage');
      if (profile) setLastProfile(profile);
      onChange(series);
    } catch (e) {
      setProblem(`${f.name}: ${(e as Error).message}`);
    }
  };
  const day = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate();
  return (
    <Stack spacing={1} role="group" aria-label="Usage">
      {value?.kind === 'csv' ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip
            label={`${value.name} · ${value.intervals.length} rows · ${value.total_kwh.toFixed(1)} kWh · ${day(value.from)} – ${day(value.to - 1)}`}
            onDelete={() =>
              onChange({ kind: 'profile', ...(lastProfile ?? { profile: '', kwh_per_year: DEFAULT_KWH_PER_YEAR }) })
            }
            data-testid="usage-file"
            sx={{ maxWidth: '100%' }}
          />
        </Stack>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <TextField
            select
            size="small"
            label="Usage profile"
            value={profile?.profile ?? ''}
            onChange={(e) =>
              onChange({
                kind: 'profile',
                kwh_per_year: profile?.kwh_per_year ?? DEFAULT_KWH_PER_YEAR,
                profile: e.target.value,
              })
            }
            sx={{ minWidth: 200, maxWidth: '100%', flex: '1 1 240px' }}
            // Closed, the profile's words alone (its code is in the list), and its code for the tests.
            slotProps={{
              select: {
                renderValue: (v) => {
                  const p = list.find((x) => x.name === v);
                  return p ? <span data-code={p.name}>{profileWords(p.description)}</span> : String(v);
                },
              },
            }}
          >
            {list.map((p) => (
              <MenuItem key={p.name} value={p.name} title={p.description}>
                {profileWords(p.description)}
                <ApiName code={p.name} />
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label="kWh per year"
            value={profile?.kwh_per_year ?? DEFAULT_KWH_PER_YEAR}
            onChange={(e) =>
              onChange({
                kind: 'profile',
                profile: profile?.profile ?? '',
                kwh_per_year: Math.max(0, Number(e.target.value) || 0),
                // The energy typed is not a profile picked: the profile chosen for the location stays so.
                ...(profile?.auto ? { auto: true as const } : {}),
              })
            }
            slotProps={{ htmlInput: { min: 0, step: 100 } }}
            sx={{ width: 140 }}
          />
        </Stack>
      )}
      <Stack direction="row">
        <CsvFileButton size="small" inputLabel="Usage CSV file" onFile={(f) => void read(f)}>
          {value?.kind === 'csv' ? 'Another usage CSV' : 'Usage from a CSV file'}
        </CsvFileButton>
      </Stack>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
