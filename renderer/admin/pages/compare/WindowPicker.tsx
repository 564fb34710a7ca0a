import { Stack, Typography } from '@mui/material';
import { SelectField } from '../../components/forms';
import { ValueField } from '../../../shared/value-field';
import { firstMonth, windowChoices, windowOfMonth, windowOfValue, windowValue, type CompareWindow } from './window';

/**
 * The twelve months compared: the next twelve, a calendar year, or twelve from a month picked
 * here. A meter file brings its own months, which the picker then says instead.
 */
export function WindowPicker({
  value,
  onChange,
  today,
  fileMonths,
}: {
  value: CompareWindow;
  onChange(w: CompareWindow): void;
  /** The service's today at the location. */
  today: string;
  /** With a meter file: its months in words ("Sep 2026 – Oct 2026"), which replace the window. */
  fileMonths?: string | undefined;
}) {
  if (fileMonths)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="compare-window-file">
        Months compared: those of the meter file, {fileMonths}.
      </Typography>
    );
  const first = firstMonth(value, today);
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }} role="group" aria-label="Months compared">
      <SelectField
        label="Months"
        value={windowValue(value, today)}
        onChange={(v) => onChange(windowOfValue(v, today, first))}
        options={windowChoices(today)}
        sx={{ flex: '1 1 200px' }}
      />
      <ValueField
        size="small"
        type="month"
        label="First month"
        value={first}
        onValue={(m) => {
          const w = windowOfMonth(m);
          if (w) onChange(w);
        }}
        shrink
        // Wide enough for the longest month and its year ("September 2027") beside the picker's icon.
        sx={{ flex: '0 0 200px' }}
      />
    </Stack>
  );
}
