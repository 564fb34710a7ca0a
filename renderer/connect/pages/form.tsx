import type { ReactNode } from 'react';
import { Alert, Button, InputAdornment, List, Stack, TextField, type TextFieldProps } from '@mui/material';

/** Every capture page is one form: its fields, then one large submit button. */
export function PageForm({
  onSubmit,
  busy,
  submitLabel = 'Continue',
  children,
}: {
  onSubmit(): void;
  busy: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** A decimal typed with a comma or a point; empty stays empty so the service can say it is missing. */
export function parseDecimal(s: string): number | '' {
  return s.trim() === '' ? '' : Number(s.replace(',', '.'));
}

/** A decimal field with its unit at the end (e.g. `EUR/kWh`, `%`). */
export function UnitField({ unit, ...props }: TextFieldProps & { unit: string }) {
  return (
    <TextField
      inputMode="decimal"
      fullWidth
      {...props}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }}
    />
  );
}

/** A page-level error (one not tied to a field), announced to screen readers. */
export function PageError({ message, id }: { message: string | undefined; id?: string }) {
  return message ? (
    <Alert severity="error" role="alert" {...(id ? { id } : {})}>
      {message}
    </Alert>
  ) : null;
}

/** The list a customer picks one entry of (providers, tariffs). */
export function ChoiceList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <List component="div" role="group" aria-label={label} sx={{ bgcolor: 'background.paper', borderRadius: 2 }}>
      {children}
    </List>
  );
}

/** A field's error state and the words under it: the service's message, else a hint. */
export function problem(message: string | undefined, hint?: string): { error: boolean; helperText?: string } {
  const text = message ?? hint;
  return { error: message !== undefined, ...(text !== undefined ? { helperText: text } : {}) };
}
