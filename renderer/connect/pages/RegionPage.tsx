import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import type { PageProps } from '../App';
import { PageForm } from './form';

export function RegionPage({ page, submit, busy, errorFor }: PageProps<'region_select'>) {
  const [region, setRegion] = useState(page.data.region ?? '');
  return (
    <PageForm busy={busy} onSubmit={() => submit({ region })}>
      <TextField
        id="region"
        select
        label="Market region"
        value={region}
        onChange={(e) => setRegion(e.target.value)}
        error={!!errorFor('region')}
        helperText={errorFor('region')}
        fullWidth
      >
        {page.data.regions.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
    </PageForm>
  );
}
