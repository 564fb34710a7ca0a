import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import type { DemandPeriod, DemandScheduleEntry } from '../../../../core/engine/schemas/charges';
import { DemandBlocks } from './DemandBlocks';
import { periodColour } from './DemandSchedule';
import { periodWords } from './words';

const NAMES = ['On-peak', 'Off-peak', 'Mid-peak'];

/** The schedule with every band of period `from` renamed `to`, or removed when `to` is null. */
function renamed(schedule: DemandScheduleEntry[], from: string, to: string | null): DemandScheduleEntry[] {
  return schedule.map((g) => ({
    ...g,
    days_and_hours: g.days_and_hours.map((r) => ({
      ...r,
      hours: r.hours.flatMap((h) => (h.period !== from ? [h] : to === null ? [] : [{ ...h, period: to }])),
    })),
  }));
}

/**
 * Time-of-use demand periods: each its name, its colour on the demand schedule and its kW blocks.
 * Renaming a period renames its bands; removing it removes them.
 */
export function DemandPeriods({
  periods,
  schedule,
  onChange,
  currency,
}: {
  periods: DemandPeriod[];
  schedule: DemandScheduleEntry[];
  onChange(periods: DemandPeriod[], schedule: DemandScheduleEntry[]): void;
  currency: string | undefined;
}) {
  const set = (k: number, p: DemandPeriod) => {
    const old = periods[k]!.name;
    onChange(
      periods.map((x, j) => (j === k ? p : x)),
      p.name !== old && p.name ? renamed(schedule, old, p.name) : schedule,
    );
  };
  const fresh = () => {
    const taken = new Set(periods.map((p) => p.name));
    return NAMES.find((n) => !taken.has(n)) ?? `Period ${periods.length + 1}`;
  };
  return (
    <Stack spacing={1} role="group" aria-label="Demand periods">
      <Typography variant="subtitle2" component="h4">
        Time-of-use demand
      </Typography>
      {periods.map((p, k) => (
        <Box
          key={k}
          role="group"
          aria-label={`Demand period ${k + 1}`}
          sx={{
            border: '1px solid',
            borderColor: 'divider',
            borderLeft: `6px solid ${periodColour(periods, p.name)}`,
            borderRadius: 1,
            p: 1,
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <TextField
              size="small"
              label="Period name"
              value={p.name}
              onChange={(ev) => set(k, { ...p, name: ev.target.value })}
              sx={{ width: 180 }}
              slotProps={{ htmlInput: { 'data-native-undo': true } }}
            />
            <Typography variant="body2" sx={{ flex: 1 }} data-testid="period-words">
              {periodWords(p.name, p.rate, currency)}
            </Typography>
            <IconButton
              size="small"
              aria-label={`Remove demand period ${p.name}`}
              onClick={() =>
                onChange(
                  periods.filter((_, j) => j !== k),
                  renamed(schedule, p.name, null),
                )
              }
            >
              ×
            </IconButton>
          </Stack>
          <DemandBlocks
            rate={p.rate}
            onChange={(rate) => set(k, { ...p, rate })}
            currency={currency}
            label={`Blocks of ${p.name}`}
          />
        </Box>
      ))}
      <Stack direction="row">
        <Button size="small" onClick={() => onChange([...periods, { name: fresh(), rate: [{ fixed: 0 }] }], schedule)}>
          Add demand period
        </Button>
      </Stack>
    </Stack>
  );
}
