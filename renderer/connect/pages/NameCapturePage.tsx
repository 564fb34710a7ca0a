import { useState } from 'react';
import { Button } from '@mui/material';
import type { PageProps } from '../page-props';
import { PageForm, problem } from './form';
import { ValueField } from '../../shared/value-field';

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
    <PageForm busy={props.busy} onSubmit={() => props.submit(wrap(name))}>
      <ValueField
        id={field}
        label={label}
        value={name}
        onValue={setName}
        {...problem(props.errorFor(field))}
        fullWidth
        autoFocus
      />
      {(props.page.actions as readonly string[]).includes('ADDRESS_CHANGE') ? (
        <Button onClick={() => props.submit(undefined, 'ADDRESS_CHANGE')} color="inherit">
          Change address
        </Button>
      ) : null}
    </PageForm>
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
