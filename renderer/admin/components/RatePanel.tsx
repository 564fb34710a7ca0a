import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Rate } from '../../../core/engine/schemas/schedule';

/** The number fields of one tier, prices in the location's currency; the price only on fixed tariffs. */
const fieldsOf = (
  unit: string,
): { key: keyof Rate; label: string; step?: number; fixedOnly?: boolean; max?: number }[] => [
  { key: 'fixed', label: `Price ${unit}`, step: 0.01, fixedOnly: true },
  { key: 'to_kwh', label: 'Up to kWh' },
  { key: 'surcharge_fixed', label: `Surcharge ${unit}`, step: 0.01 },
  { key: 'surcharge_percentage', label: 'Surcharge fraction', step: 0.01, max: 1 },
];

/** Columns wide enough that no label is cut: four across on wide panels, two on narrow ones. */
const FIELDS_GRID = { flex: 1, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' };

/** Tiers and surcharges of the selected band, and its start and end as typed times. */
export function RatePanel({
  rate,
  market,
  onChange,
  title,
  span,
  onSpan,
  badTiers = new Set<number>(),
  unit = 'per kWh',
}: {
  rate: Rate[] | undefined;
  market: boolean;
  /** `what` names the edit, e.g. "tier 1 price", for the undo history. */
  onChange(r: Rate[], what: string): void;
  title: string;
  /** The band's times as HH:MM (end of day 24:00). */
  span?: { from: string; to: string } | undefined;
  /** Moves the band to typed times; answers why not, or null when done. */
  onSpan?(from: string, to: string): string | null;
  badTiers?: Set<number>;
  /** Prices' unit, e.g. "EUR/kWh". */
  unit?: string;
}) {
  if (!rate)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">Select a band to edit its rate, or drag on a track to draw one.</Typography>
      </Paper>
    );
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const set = (i: number, k: keyof Rate, v: string, label: string) =>
    onChange(
      rate.map((r, j) => (j === i ? clean({ ...r, [k]: num(v) }) : r)),
      `tier ${i + 1} ${label.toLowerCase()}`,
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Rate panel">
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {span && onSpan ? <BandTimes span={span} onSpan={onSpan} /> : null}
      {rate.map((r, i) => (
        <Stack
          key={i}
          direction="row"
          spacing={1}
          sx={{
            mb: 1.5,
            alignItems: 'center',
            pl: 1,
            borderLeft: `3px solid ${badTiers.has(i) ? '#d32f2f' : 'transparent'}`,
          }}
          role="group"
          aria-label={`Tier ${i + 1}`}
          aria-invalid={badTiers.has(i) || undefined}
        >
          <Box sx={FIELDS_GRID}>
            {fieldsOf(unit)
              .filter((f) => !(market && f.fixedOnly))
              .map((f) => (
                <TextField
                  key={f.key}
                  size="small"
                  label={f.label}
                  type="number"
                  value={r[f.key] ?? ''}
                  onChange={(e) => set(i, f.key, e.target.value, f.label)}
                  disabled={f.key === 'to_kwh' && rate.length === 1}
                  // The field the problem is about: an empty price on a fixed tariff, else a tier's bound.
                  error={!market && r.fixed === undefined ? f.key === 'fixed' : badTiers.has(i) && f.key === 'to_kwh'}
                  slotProps={{ htmlInput: { step: f.step, min: f.max ? 0 : undefined, max: f.max } }}
                />
              ))}
          </Box>
          <IconButton
            size="small"
            aria-label={`Remove tier ${i + 1}`}
            disabled={rate.length < 2}
            onClick={() =>
              onChange(
                rate.filter((_, j) => j !== i),
                `remove tier ${i + 1}`,
              )
            }
          >
            ×
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        onClick={() =>
          onChange(
            [
              ...rate.map((r, i) =>
                i === rate.length - 1 && r.to_kwh === undefined ? { ...r, to_kwh: 1000 * (i + 1) } : r,
              ),
              market ? { surcharge_fixed: 0 } : { fixed: rate.at(-1)?.fixed ?? 0.3 },
            ],
            'add tier',
          )
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

/**
 * Start and end typed as HH:MM; each field is read when it loses focus or on Enter, so the band
 * always matches what the fields show. The answer says why a time was not taken.
 */
function BandTimes({
  span,
  onSpan,
}: {
  span: { from: string; to: string };
  onSpan(from: string, to: string): string | null;
}) {
  const [v, setV] = useState(span);
  const [error, setError] = useState<string | null>(null);
  // The band moved (a drag, undo, another band selected): show its times. Kept mounted, so focus stays in the pair.
  const { from, to } = span;
  useEffect(() => {
    setV({ from, to });
    setError(null);
  }, [from, to]);
  const commit = () => {
    if (v.from === span.from && v.to === span.to) return setError(null);
    setError(onSpan(v.from, v.to));
  };
  const field = (k: 'from' | 'to', label: string) => (
    <TextField
      size="small"
      label={label}
      value={v[k]}
      placeholder="HH:MM"
      error={!!error}
      onChange={(e) => setV({ ...v, [k]: e.target.value })}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      onBlur={commit}
      sx={{ width: 110 }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-native-undo': true } }}
    />
  );
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="group" aria-label="Band times">
        {field('from', 'Starts')}
        <span aria-hidden>–</span>
        {field('to', 'Ends')}
      </Stack>
      <Typography
        variant="caption"
        color={error ? 'error' : 'text.secondary'}
        role={error ? 'alert' : undefined}
        sx={{ display: 'block', mt: 0.5 }}
      >
        {error ?? 'Quarter hours; an end before the start wraps past midnight, 24:00 is the end of the day.'}
      </Typography>
    </Box>
  );
}

function clean(r: Rate): Rate {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && !Number.isNaN(v))) as Rate;
}
