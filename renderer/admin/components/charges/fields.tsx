import { useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';

/**
 * A number typed as text: kept as typed while it is being written ("0.", "1e"), handed back as a
 * number once it reads as one, or as undefined when emptied (a block's bound left open).
 */
export function NumberField({
  value,
  onValue,
  label,
  sx,
  unit,
  ...rest
}: {
  value: number | undefined;
  onValue(v: number | undefined): void;
  label: string;
  unit?: string | undefined;
} & Pick<TextFieldProps, 'sx' | 'placeholder' | 'error' | 'helperText'>) {
  const [raw, setRaw] = useState<string | null>(null);
  const shown = raw ?? (value === undefined ? '' : String(value));
  return (
    <TextField
      {...rest}
      size="small"
      label={unit ? `${label} ${unit}` : label}
      value={shown}
      onChange={(ev) => {
        const t = ev.target.value;
        setRaw(t);
        if (t.trim() === '') return onValue(undefined);
        const n = Number(t);
        if (Number.isFinite(n)) onValue(n);
      }}
      onBlur={() => setRaw(null)}
      sx={{ width: 150, ...sx }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-native-undo': true } }}
    />
  );
}
