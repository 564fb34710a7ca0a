import { Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Rate } from '../../../core/engine/schemas/schedule';

/** Tiers and surcharges of the selected band. */
export function RatePanel({
  rate,
  market,
  onChange,
  title,
}: {
  rate: Rate[] | undefined;
  market: boolean;
  onChange(r: Rate[]): void;
  title: string;
}) {
  if (!rate)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">Select a band to edit its rate, or drag on a track to draw one.</Typography>
      </Paper>
    );
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const set = (i: number, k: keyof Rate, v: string) =>
    onChange(rate.map((r, j) => (j === i ? clean({ ...r, [k]: num(v) }) : r)));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Rate panel">
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {rate.map((r, i) => (
        <Stack
          key={i}
          direction="row"
          spacing={1}
          sx={{ mb: 1, alignItems: 'center' }}
          role="group"
          aria-label={`Tier ${i + 1}`}
        >
          {!market ? (
            <TextField
              size="small"
              label="Price /kWh"
              type="number"
              value={r.fixed ?? ''}
              onChange={(e) => set(i, 'fixed', e.target.value)}
              slotProps={{ htmlInput: { step: 0.01 } }}
            />
          ) : null}
          <TextField
            size="small"
            label="Up to kWh"
            type="number"
            value={r.to_kwh ?? ''}
            onChange={(e) => set(i, 'to_kwh', e.target.value)}
            disabled={rate.length === 1}
          />
          <TextField
            size="small"
            label="Surcharge /kWh"
            type="number"
            value={r.surcharge_fixed ?? ''}
            onChange={(e) => set(i, 'surcharge_fixed', e.target.value)}
            slotProps={{ htmlInput: { step: 0.01 } }}
          />
          <TextField
            size="small"
            label="Surcharge (fraction)"
            type="number"
            value={r.surcharge_percentage ?? ''}
            onChange={(e) => set(i, 'surcharge_percentage', e.target.value)}
            slotProps={{ htmlInput: { step: 0.01, min: 0, max: 1 } }}
          />
          <IconButton
            size="small"
            aria-label={`Remove tier ${i + 1}`}
            disabled={rate.length < 2}
            onClick={() => onChange(rate.filter((_, j) => j !== i))}
          >
            ×
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        onClick={() =>
          onChange([
            ...rate.map((r, i) =>
              i === rate.length - 1 && r.to_kwh === undefined ? { ...r, to_kwh: 1000 * (i + 1) } : r,
            ),
            market ? { surcharge_fixed: 0 } : { fixed: rate.at(-1)?.fixed ?? 0.3 },
          ])
        }
      >
        Add tier
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {market
          ? 'Market tariffs price (market + surcharge) × (1 + fraction).'
          : 'Fixed tariffs use the price; surcharges are ignored.'}{' '}
        With several tiers, the first is the price signal and confidence is at most 0.8.
      </Typography>
    </Paper>
  );
}

function clean(r: Rate): Rate {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && !Number.isNaN(v))) as Rate;
}
