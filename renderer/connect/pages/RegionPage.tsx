import { useState } from 'react';
import { MenuItem } from '@mui/material';
import type { PageProps } from '../page-props';
import { PageForm, problem } from './form';
import { ValueField } from '../../shared/value-field';

export function RegionPage({ page, submit, busy, errorFor }: PageProps<'region_select'>) {
  const [region, setRegion] = useState(page.data.region ?? '');
  return (
    <PageForm busy={busy} onSubmit={() => submit({ region })}>
      <ValueField
        id="region"
        select
        label="Market region"
        value={region}
        onValue={setRegion}
        {...problem(errorFor('region'))}
        fullWidth
      >
        {page.data.regions.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </ValueField>
    </PageForm>
  );
}
