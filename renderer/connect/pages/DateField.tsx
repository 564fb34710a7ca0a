import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useRef } from 'react';
import type { DateTime } from 'luxon';
import { customerLocale } from '../locale';
import { problem } from './form';

/**
 * A day picked in the customer's own order and words (`31.03.2031`, `31/03/2031`, `03/31/2031`),
 * typed or chosen on a calendar. The browser's native date field is not used: it writes dates in
 * the browser build's language, whatever the customer's is.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  onTyped,
  error,
}: {
  id: string;
  label: string;
  value: DateTime | null;
  onChange(value: DateTime | null): void;
  /** What is typed (`31.MM.YYYY`), empty for nothing: a half-typed day is no day to the picker, but not nothing to the customer. */
  onTyped(text: string): void;
  error: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const typed = () => onTyped(input.current?.value ?? '');
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={customerLocale()}>
      <DatePicker
        label={label}
        value={value}
        onChange={(v) => {
          onChange(v);
          typed();
        }}
        inputRef={input}
        slotProps={{
          textField: { id, fullWidth: true, onKeyUp: typed, onBlur: typed, ...problem(error) },
          field: { clearable: true },
        }}
      />
    </LocalizationProvider>
  );
}
