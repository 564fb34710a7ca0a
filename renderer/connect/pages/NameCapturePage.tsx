import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import type { PageProps } from '../App';

function NameCapture({
  label,
  field,
  initial,
  wrap,
  props,
}: {
  label: string;
  field: string;
  initial: string;
  wrap: (name: string) => unknown;
  props: PageProps<'provider_name_capture'> | PageProps<'tariff_name_capture'>;
}) {
  const [name, setName] = useState(initial);
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.submit(wrap(name));
      }}
    >
      <TextField
        id={field}
        label={label}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!props.errorFor(field)}
        helperText={props.errorFor(field)}
        fullWidth
        autoFocus
      />
      {(props.page.actions as readonly string[]).includes('ADDRESS_CHANGE') ? (
        <Button onClick={() => props.submit(undefined, 'ADDRESS_CHANGE')} color="inherit">
          Change address
        </Button>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={props.busy}>
        Continue
      </Button>
    </Stack>
  );
}

export const ProviderNamePage = (p: PageProps<'provider_name_capture'>) => (
  <NameCapture
    label="Provider name"
    field="provider_name"
    initial={p.page.data.provider.name}
    wrap={(name) => ({ provider: { name } })}
    props={p}
  />
);
export const TariffNamePage = (p: PageProps<'tariff_name_capture'>) => (
  <NameCapture
    label="Tariff name"
    field="tariff_name"
    initial={p.page.data.tariff.name}
    wrap={(name) => ({ tariff: { name } })}
    props={p}
  />
);
