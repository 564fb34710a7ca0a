import { useState } from 'react';
import { MenuItem } from '@mui/material';
import { PageForm, problem } from '../pages/form';
import { useSurcharge } from '../pages/surcharge-fields';
import { ValueField } from '../../shared/value-field';
import type { ZeroPageProps } from './protocol';

/** The surcharge on the market price; the market region too, where the address may follow several. */
export function MarketSurchargePage({ page, submit, busy, errorFor }: ZeroPageProps<'market_surcharge_capture'>) {
  const d = page.data;
  const { fields, surcharge } = useSurcharge(d.surcharge, d.currency_code, errorFor('percentage'));
  const [region, setRegion] = useState(d.region ?? '');
  const send = () => submit({ surcharge: surcharge(), ...(d.regions && region ? { region } : {}) });
  return (
    <PageForm busy={busy} onSubmit={send}>
      {d.regions ? (
        <ValueField
          id="region"
          select
          label="Market region"
          value={region}
          onValue={setRegion}
          {...problem(errorFor('region'))}
          fullWidth
        >
          {d.regions.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </ValueField>
      ) : null}
      {fields}
    </PageForm>
  );
}
