import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import type { FlatDemand } from '../../../../core/engine/schemas/charges';
import { MonthChips } from '../schedule/MonthFilter';
import { DemandBlocks } from './DemandBlocks';
import { flatWords } from './words';

/** Month chips as the schedule editor toggles them: All, or named months; none left is said, never a silent All. */
export function toggledMonths(cur: string[] | undefined, m: string): string[] {
  const key = m.slice(0, 3).toLowerCase();
  const named = (cur ?? ['All']).filter((x) => x.toLowerCase() !== 'all');
  if (m === 'All') return ['All'];
  return named.some((x) => x.toLowerCase().startsWith(key))
    ? named.filter((x) => !x.toLowerCase().startsWith(key))
    : [...named, m];
}

/**
 * Flat demand: the month's highest kW at any time, priced by kW blocks; a rate may hold for some
 * months only (the first entry naming a month prices it).
 */
export function FlatDemandList({
  flat,
  onChange,
  currency,
}: {
  flat: FlatDemand[];
  onChange(f: FlatDemand[]): void;
  currency: string | undefined;
}) {
  const set = (k: number, f: FlatDemand) => onChange(flat.map((x, j) => (j === k ? f : x)));
  return (
    <Stack spacing={1} role="group" aria-label="Flat demand">
      <Typography variant="subtitle2" component="h4">
        Flat demand
      </Typography>
      {flat.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None: no charge on the month’s highest kW.
        </Typography>
      ) : null}
      {flat.map((f, k) => (
        <Box
          key={k}
          role="group"
          aria-label={`Flat demand ${k + 1}`}
          sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 1 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="body2" sx={{ flex: 1 }} data-testid="flat-words">
              {flatWords(f.rate, f.months, currency)}
            </Typography>
            <IconButton
              size="small"
              aria-label={`Remove flat demand ${k + 1}`}
              onClick={() => onChange(flat.filter((_, j) => j !== k))}
            >
              ×
            </IconButton>
          </Stack>
          <Box sx={{ mb: 1 }}>
            <MonthChips
              months={f.months ?? ['All']}
              onToggle={(m) => {
                const months = toggledMonths(f.months, m);
                const next: FlatDemand = { rate: f.rate };
                if (!(months.length === 1 && months[0] === 'All')) next.months = months;
                set(k, next);
              }}
            />
          </Box>
          <DemandBlocks
            rate={f.rate}
            onChange={(rate) => set(k, { ...f, rate })}
            currency={currency}
            label={`Blocks of flat demand ${k + 1}`}
          />
        </Box>
      ))}
      <Stack direction="row">
        <Button size="small" onClick={() => onChange([...flat, { rate: [{ fixed: 0 }] }])}>
          Add flat demand
        </Button>
      </Stack>
    </Stack>
  );
}
