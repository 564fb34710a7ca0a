import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import ct from 'countries-and-timezones';
import { problem } from './form';
import { customerLocale } from '../locale';

interface Country {
  code: string;
  name: string;
  /** The English name too: a customer may search by it whatever their language ("germ" in German). */
  en: string;
}

/** Every country the service can place (the same table it finds a location's zone in), named in the customer's language. */
function countriesIn(locale: string): Country[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  return Object.values(ct.getAllCountries())
    .map((c) => ({ code: c.id, name: names?.of(c.id) ?? c.name, en: c.name }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The country of the customer's locale (`en-GB` → GB), for a new address that names none. */
export function localeCountry(locale: string): string {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && ct.getCountry(region) ? region : '';
  } catch {
    return '';
  }
}

/** A searchable list of countries: type part of a name (or the code) to narrow it. */
export function CountryField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(code: string): void;
  error: string | undefined;
}) {
  const locale = customerLocale();
  const countries = useMemo(() => countriesIn(locale), [locale]);
  const chosen = countries.find((c) => c.code === value) ?? null;
  return (
    <Autocomplete
      id="country_code"
      options={countries}
      value={chosen}
      onChange={(_e, c) => onChange(c?.code ?? '')}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(all, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        if (!q) return all;
        const found = all.filter(
          (c) => c.name.toLowerCase().includes(q) || c.en.toLowerCase().includes(q) || c.code.toLowerCase() === q,
        );
        // The country whose code was typed first ("DE": Deutschland before Bangladesch).
        return [...found.filter((c) => c.code.toLowerCase() === q), ...found.filter((c) => c.code.toLowerCase() !== q)];
      }}
      autoHighlight
      fullWidth
      renderInput={(params) => <TextField {...params} label="Country" autoComplete="country" {...problem(error)} />}
    />
  );
}
