import { useRef } from 'react';
import { Button, type ButtonProps } from '@mui/material';

/**
 * A button that picks one CSV file (or, with `accept`, another kind) through a hidden file input
 * (named by `inputLabel`, which is how tests and screen readers reach it). The input is emptied
 * after each pick, so picking the same file again is seen again.
 */
export function CsvFileButton({
  inputLabel,
  onFile,
  accept = '.csv,text/csv,text/plain',
  children,
  ...button
}: Omit<ButtonProps, 'onClick'> & { inputLabel: string; onFile(file: File): void; accept?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={inputLabel}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
    </>
  );
}
