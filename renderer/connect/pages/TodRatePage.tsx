import { useState } from 'react';
import { Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import type { PageProps } from '../page-props';
import { PageError, PageForm, UnitField, parseDecimal } from './form';

interface Band {
  valid_from: string;
  valid_to: string;
  cost: string;
}
const hhmm = (s: string) => s.slice(0, 5);
/** Until bands are captured the service sends none: day and night is where most tariffs start. */
const DEFAULT_BANDS: Band[] = [
  { valid_from: '07:00', valid_to: '22:00', cost: '' },
  { valid_from: '22:00', valid_to: '07:00', cost: '' },
];

export function TodRatePage({ page, submit, busy, errorFor }: PageProps<'rate_tod_capture'>) {
  const [bands, setBands] = useState<Band[]>(
    page.data.hours.length
      ? page.data.hours.map((h) => ({
          valid_from: hhmm(h.valid_from),
          valid_to: hhmm(h.valid_to),
          cost: String(h.cost),
        }))
      : DEFAULT_BANDS,
  );
  const set = (i: number, k: keyof Band, v: string) => setBands(bands.map((b, j) => (j === i ? { ...b, [k]: v } : b)));
  const err = errorFor('hours') ?? errorFor('cost');
  return (
    <PageForm
      busy={busy}
      onSubmit={() =>
        submit({
          hours: bands.map((b) => ({
            valid_from: `${b.valid_from}:00`,
            valid_to: `${b.valid_to}:00`,
            cost: parseDecimal(b.cost),
          })),
        })
      }
    >
      <Typography color="text.secondary">The bands of one day, together covering 24 hours.</Typography>
      <PageError message={err} id="hours-error" />
      {bands.map((b, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2 }} role="group" aria-label={`Band ${i + 1}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label="From"
              type="time"
              value={b.valid_from}
              onChange={(e) => set(i, 'valid_from', e.target.value)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'aria-describedby': err ? 'hours-error' : undefined },
              }}
            />
            <TextField
              label="To"
              type="time"
              value={b.valid_to}
              onChange={(e) => set(i, 'valid_to', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {bands.length > 1 ? (
              <IconButton aria-label={`Remove band ${i + 1}`} onClick={() => setBands(bands.filter((_, j) => j !== i))}>
                ×
              </IconButton>
            ) : null}
          </Stack>
          <UnitField
            sx={{ mt: 2 }}
            label={`Price band ${i + 1}`}
            unit={`${page.data.currency_code}/kWh`}
            value={b.cost}
            onChange={(e) => set(i, 'cost', e.target.value)}
          />
        </Paper>
      ))}
      <Button
        onClick={() =>
          setBands([
            ...bands,
            { valid_from: bands.at(-1)?.valid_to ?? '00:00', valid_to: bands[0]?.valid_from ?? '00:00', cost: '' },
          ])
        }
      >
        Add a band
      </Button>
    </PageForm>
  );
}
