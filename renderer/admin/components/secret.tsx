import { useState } from 'react';
import { Button, Stack, Table, TableBody, TableCell, TableRow } from '@mui/material';
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

/**
 * The account id and its two keys, the keys masked until Show. Overview and Settings both show
 * this table, so a demo shows no key in clear on either screen.
 */
export function KeysTable({
  label,
  account_id,
  test_key,
  live_key,
}: {
  label: string;
  account_id: string;
  test_key: string;
  live_key: string;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        <TableRow>
          <TableCell sx={{ width: 160, whiteSpace: 'nowrap' }}>Account id</TableCell>
          <TableCell sx={{ width: '100%' }}>
            <Mono>{account_id}</Mono>
          </TableCell>
          <TableCell align="right">
            <CopyButton value={account_id} label="Account id" />
          </TableCell>
        </TableRow>
        {(
          [
            ['Test key', test_key],
            ['Live key', live_key],
          ] as const
        ).map(([name, value]) => (
          <TableRow key={name}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{name}</TableCell>
            <TableCell colSpan={2}>
              <Secret value={value} label={name} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
