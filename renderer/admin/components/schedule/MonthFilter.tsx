import { useRef, useState } from 'react';
import { Chip, Stack, TextField } from '@mui/material';
import { MONTH_NAMES } from '../../../../core/engine/schedule/names';
import { parseDates } from '../schedule-model';

const CHIPS = ['All', ...MONTH_NAMES];
const same = (a: string, b: string) => a.toLowerCase().slice(0, 3) === b.toLowerCase().slice(0, 3);

/**
 * The month chips of a month group: one Tab stop (roving tabindex); ←/→, Home and End move
 * between chips, Space or Enter toggles one.
 */
export function MonthChips({ months, onToggle }: { months: string[]; onToggle(m: string): void }) {
  const [focus, setFocus] = useState(0);
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  const move = (k: number) => {
    const n = (k + CHIPS.length) % CHIPS.length;
    setFocus(n);
    refs.current[n]?.focus();
  };
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      role="toolbar"
      aria-label="Months"
      onKeyDown={(ev) => {
        const k = { ArrowRight: focus + 1, ArrowLeft: focus - 1, Home: 0, End: CHIPS.length - 1 }[ev.key];
        if (k === undefined) return;
        ev.preventDefault();
        move(k);
      }}
    >
      {CHIPS.map((m, k) => {
        const on = months.some((x) => same(x, m));
        return (
          <Chip
            key={m}
            ref={(el: HTMLDivElement | null) => void (refs.current[k] = el)}
            size="small"
            label={m.slice(0, 3)}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => {
              setFocus(k);
              onToggle(m);
            }}
            onFocus={() => setFocus(k)}
            tabIndex={k === focus ? 0 : -1}
            aria-pressed={on}
            title={m}
            sx={{ '&.Mui-focusVisible': { outline: '3px solid #1565c0', outlineOffset: 1 } }}
          />
        );
      })}
    </Stack>
  );
}

/**
 * The dates of a month group as typed text: kept as typed while the field has focus, read on
 * blur or Enter ("25, 26" or "25 26"), with the reason shown when a part is not a date.
 */
export function DatesField({ dates, onDates }: { dates: number[] | undefined; onDates(d: number[]): void }) {
  const shown = (dates ?? []).join(', ');
  const [raw, setRaw] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    if (raw === null) return;
    const d = parseDates(raw);
    if (typeof d === 'string') return setError(d);
    setError(null);
    setRaw(null);
    if (d.join(', ') !== shown) onDates(d);
  };
  return (
    <TextField
      size="small"
      label="Dates"
      placeholder="e.g. 25, 26"
      value={raw ?? shown}
      error={!!error}
      helperText={error ?? undefined}
      sx={{ width: 170 }}
      onChange={(ev) => setRaw(ev.target.value)}
      onBlur={commit}
      onKeyDown={(ev) => ev.key === 'Enter' && commit()}
      slotProps={{ htmlInput: { 'data-native-undo': true } }}
    />
  );
}
