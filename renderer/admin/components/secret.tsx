import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { CopyButton, Mono } from './common';

/**
 * A secret as the screen shows it until asked: its kind (the text up to the last underscore) and
 * its last four characters, the rest as dots. Enough to tell two keys apart in a demo, never
 * enough to use one.
 */
export function masked(value: string): string {
  const cut = value.lastIndexOf('_') + 1;
  const tail = value.length - cut > 8 ? value.slice(-4) : '';
  return `${value.slice(0, cut)}${'•'.repeat(8)}${tail}`;
}

/** A secret, masked until Show is pressed; Copy copies it whole either way. */
export function Secret({ value, label }: { value: string; label: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', display: 'inline-flex', minWidth: 0 }}>
      <Mono>
        <span aria-label={shown ? label : `${label}, hidden`}>{shown ? value : masked(value)}</span>
      </Mono>
      <Button
        size="small"
        aria-pressed={shown}
        aria-label={`${shown ? 'Hide' : 'Show'} ${label}`}
        onClick={() => setShown((s) => !s)}
        sx={{ minWidth: 0 }}
      >
        {shown ? 'Hide' : 'Show'}
      </Button>
      <CopyButton value={value} label={label} />
    </Stack>
  );
}
