import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import type { PageProps } from '../page-props';
import { problem } from './form';
import { CountryField, localeCountry } from './CountryField';
import { customerLocale } from '../locale';

export function AddressPage({ page, submit, busy, errorFor }: PageProps<'postal_address_capture'>) {
  const initial = page.data.postal_address;
  const [a, setA] = useState({
    address_line1: initial.address_line1 ?? '',
    city: initial.city ?? '',
    post_code: initial.post_code ?? '',
    // The location's country; for an address that names none, the country of the customer's locale.
    country_code: initial.country_code || localeCountry(customerLocale()),
    state: initial.state ?? '',
  });
  const set = (k: keyof typeof a) => (e: React.ChangeEvent<HTMLInputElement>) => setA({ ...a, [k]: e.target.value });
  const field = (k: 'address_line1' | 'city' | 'post_code', label: string, auto: string) => (
    <TextField
      id={k}
      label={label}
      value={a[k]}
      onChange={set(k)}
      autoComplete={auto}
      {...problem(errorFor(k))}
      fullWidth
    />
  );
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        const { state, ...rest } = a;
        submit({ postal_address: state ? a : rest });
      }}
      noValidate
    >
      {field('address_line1', 'Street and number', 'address-line1')}
      {field('post_code', 'Post code', 'postal-code')}
      {field('city', 'City', 'address-level2')}
      <CountryField
        value={a.country_code}
        onChange={(country_code) => setA({ ...a, country_code })}
        error={errorFor('country_code')}
      />
      {['US', 'AU'].includes(a.country_code) ? (
        <TextField
          id="state"
          label="State"
          value={a.state}
          onChange={set('state')}
          autoComplete="address-level1"
          fullWidth
        />
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Continue
      </Button>
    </Stack>
  );
}
