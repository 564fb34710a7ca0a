import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import type { PageProps } from '../App';

export function RegionPage({ page, submit, busy, errorFor }: PageProps<'region_select'>) {
  const [region, setRegion] = useState(page.data.region ?? '');
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit({ region });
      }}
    >
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
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Continue
      </Button>
    </Stack>
  );
}
