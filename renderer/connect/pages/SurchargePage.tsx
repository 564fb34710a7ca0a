import { useState } from 'react';
import { Button, InputAdornment, Stack, TextField } from '@mui/material';
import type { PageProps } from '../App';

export function SurchargePage({ page, submit, busy, errorFor }: PageProps<'surcharge_capture'>) {
  const [fixed, setFixed] = useState(String(page.data.surcharge.fixed));
  const [percentage, setPercentage] = useState(String(page.data.surcharge.percentage));
  const n = (s: string) => (s.trim() === '' ? 0 : Number(s.replace(',', '.')));
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit({ surcharge: { fixed: n(fixed), percentage: n(percentage) } });
      }}
    >
      <TextField
        id="fixed"
        label="Fixed surcharge per kWh"
        value={fixed}
        onChange={(e) => setFixed(e.target.value)}
        inputMode="decimal"
        fullWidth
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">{page.data.currency_code}/kWh</InputAdornment> },
        }}
      />
      <TextField
        id="percentage"
        label="Percentage surcharge"
        value={percentage}
        onChange={(e) => setPercentage(e.target.value)}
        inputMode="decimal"
        error={!!errorFor('percentage')}
        helperText={errorFor('percentage') ?? 'For example 19 for 19 % VAT'}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Continue
      </Button>
    </Stack>
  );
}
