import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Rate } from '../../../core/engine/schemas/schedule';
import { boundProblems, TIER_UNIT } from './schedule/tiers';
import { PriceField } from './price/PriceField';

/**
 * The number fields of one tier; `perKwh` ones are prices per kWh in the location's currency
 * (typed in its major or minor unit); the price only on fixed tariffs.
 */
const FIELDS: { key: keyof Rate; label: string; step?: number; fixedOnly?: boolean; max?: number; perKwh?: true }[] = [
  { key: 'fixed', label: 'Price', step: 0.01, fixedOnly: true, perKwh: true },
  { key: 'to_kwh', label: `Up to ${TIER_UNIT}` },
  { key: 'surcharge_fixed', label: 'Surcharge', step: 0.01, perKwh: true },
  { key: 'surcharge_percentage', label: 'Surcharge fraction', step: 0.01, max: 1 },
];

/**
 * Columns wide enough that no label is cut: four across on wide panels, two on narrow ones. A
 * price's question ("Did you mean 24.5 p/kWh?") takes a row of its own under the price; the
 * fields after it fill the row the price is on (`dense`).
 */
const FIELDS_GRID = {
  flex: 1,
  display: 'grid',
  gap: 1,
  gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
  gridAutoFlow: 'row dense',
};

/** Tiers and surcharges of the selected band, and its start and end as typed times. */
export function RatePanel({
  rate,
  market,
  onChange,
  title,
  span,
  onSpan,
  badTiers = new Set<number>(),
  currency,
  apply,
}: {
  rate: Rate[] | undefined;
  market: boolean;
  /**
   * `what` names the edit, e.g. "tier 1 price", for the undo history; `typed` edits of one field
   * in a row are one step there, an added or removed tier is a step of its own.
   */
  onChange(r: Rate[], what: string, typed?: boolean): void;
  title: string;
  /** The band's times as HH:MM (end of day 24:00). */
  span?: { from: string; to: string } | undefined;
  /** Moves the band to typed times; answers why not, or null when done. */
  onSpan?(from: string, to: string): string | null;
  badTiers?: Set<number>;
  /** The location's currency, for prices "EUR/kWh" (or "ct/kWh"); without it "per kWh". */
  currency?: string | undefined;
  /** Gives every band of the month group these tiers; `blocked` says why not yet. */
  apply?: { label: string; hint: string; blocked?: string | undefined; onApply(): void } | undefined;
}) {
  if (!rate)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">Select a band to edit its rate, or drag on a track to draw one.</Typography>
      </Paper>
    );
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  // Said on the field itself as it is typed, before Save; the validation panel has the sentence.
  const bounds = new Map(boundProblems(rate).map((b) => [b.tier, b.short]));
  const last = rate.length - 1;
  const set = (i: number, k: keyof Rate, v: number | undefined, label: string) =>
    onChange(
      rate.map((r, j) => (j === i ? clean({ ...r, [k]: v }) : r)),
      `tier ${i + 1} ${label.toLowerCase()}`,
      true,
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
            {FIELDS.filter((f) => !(market && f.fixedOnly)).map((f) => {
              if (f.perKwh)
                return (
                  <PriceField
                    key={f.key}
                    label={f.label}
                    value={r[f.key]}
                    currency={currency}
                    onValue={(v) => set(i, f.key, v, f.label)}
                    step={f.step}
                    // An empty price on a fixed tariff is the problem the panel names.
                    error={f.key === 'fixed' && !market && r.fixed === undefined}
                  />
                );
              const bound = f.key === 'to_kwh';
              // The last tier has no bound: it prices the rest of the month (one kept from a stored tariff can be cleared).
              const open = bound && i === last && r.to_kwh === undefined;
              return (
                <TextField
                  key={f.key}
                  size="small"
                  label={f.label}
                  type="number"
                  value={r[f.key] ?? ''}
                  onChange={(e) => set(i, f.key, num(e.target.value), f.label)}
                  disabled={open}
                  placeholder={open ? 'none' : undefined}
                  // The field the problem is about: a tier's bound, or a fraction over 1.
                  error={
                    (bound && bounds.has(i)) ||
                    (f.key === 'surcharge_percentage' && !!r.surcharge_percentage && !(r.surcharge_percentage <= 1))
                  }
                  helperText={
                    bound
                      ? (bounds.get(i) ?? (open && last > 0 ? 'None: the rest of the month' : undefined))
                      : undefined
                  }
                  slotProps={{
                    htmlInput: { step: f.step, min: f.max || bound ? 0 : undefined, max: f.max },
                    inputLabel: open ? { shrink: true } : undefined,
                    // "None: the rest of the month" is read, not greyed out with the field.
                    formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
                  }}
                />
              );
            })}
          </Box>
          <IconButton
            size="small"
            aria-label={`Remove tier ${i + 1}`}
            disabled={rate.length < 2}
            onClick={() => {
              const left = rate.filter((_, j) => j !== i);
              // The last tier has no bound: it prices the rest of the month.
              const end = left.length - 1;
              onChange(
                left.map((t, j) => (j === end ? clean({ ...t, to_kwh: undefined }) : t)),
                `remove tier ${i + 1}`,
              );
            }}
          >
            ×
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          onClick={() =>
            onChange(
              [
                // The last tier so far gets a bound above the one before it; the analyst types the real one.
                ...rate.map((r, i) =>
                  i === last && r.to_kwh === undefined ? { ...r, to_kwh: (rate[i - 1]?.to_kwh ?? 0) + 1000 } : r,
                ),
                market ? { surcharge_fixed: 0 } : { fixed: rate.at(-1)?.fixed ?? 0.3 },
              ],
              'add tier',
            )
          }
        >
          Add tier
        </Button>
        {apply ? (
          <Button size="small" onClick={apply.onApply} disabled={!!apply.blocked} title={apply.blocked ?? apply.hint}>
            {apply.label}
          </Button>
        ) : null}
      </Stack>
      {apply ? (
        <Typography variant="caption" color={apply.blocked ? 'error' : 'text.secondary'} sx={{ display: 'block' }}>
          {apply.blocked ?? apply.hint}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {market
          ? 'Market tariffs price (market + surcharge) × (1 + fraction).'
          : 'Fixed tariffs use the price; surcharges are ignored.'}{' '}
        Tiers count the tariff&apos;s energy in each calendar month at the location (its local month): a tier prices the
        month&apos;s kWh up to its bound, the next tier from there, and the last tier, without a bound, the rest. Costs
        price every tier; prices (the price signal) use the first, at a confidence of at most 0.8.
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
