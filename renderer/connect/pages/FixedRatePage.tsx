import { useState } from 'react';
import { Button, InputAdornment, Stack, TextField } from '@mui/material';
import type { PageProps } from '../App';

export function FixedRatePage({ page, submit, busy, errorFor }: PageProps<'rate_fixed_capture'>) {
  // 0 means no price yet: the field starts empty.
  const [cost, setCost] = useState(page.data.cost ? String(page.data.cost) : '');
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit({ cost: cost.trim() === '' ? '' : Number(cost.replace(',', '.')) });
      }}
    >
      <TextField
        id="cost"
        label="Price per kWh"
        value={cost}
        onChange={(e) => setCost(e.target.value)}
        inputMode="decimal"
        error={!!errorFor('cost')}
        helperText={errorFor('cost') ?? 'In major currency units, e.g. 0.32'}
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">{page.data.currency_code}/kWh</InputAdornment> },
        }}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Continue
      </Button>
    </Stack>
  );
}
