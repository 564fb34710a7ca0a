import { TextField, type TextFieldProps } from '@mui/material';

/**
 * A text field that hands back its value as a string (`onValue={setName}`); `shrink` keeps the
 * label above the field, as date fields and fields with a placeholder need.
 */
export function ValueField({
  onValue,
  shrink = false,
  slotProps,
  ...props
}: Omit<TextFieldProps, 'onChange'> & { onValue(value: string): void; shrink?: boolean }) {
  return (
    <TextField
      {...props}
      onChange={(e) => onValue(e.target.value)}
      slotProps={shrink ? { ...slotProps, inputLabel: { shrink: true } } : slotProps}
    />
  );
}
