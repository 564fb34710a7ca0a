import { useEffect, useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  type ChipProps,
} from '@mui/material';
import { CopyButton } from './common';

/** A table's header row from its column labels ('' for a column without one, e.g. actions). */
export function HeadRow({ labels }: { labels: string[] }) {
  return (
    <TableHead>
      <TableRow>
        {labels.map((l, i) => (
          <TableCell key={`${i}-${l}`}>{l}</TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** A row's delete action, named after what it deletes for screen readers and tests. */
export function DeleteButton({ name, onClick }: { name: string; onClick(): void }) {
  return (
    <Button size="small" color="error" aria-label={`Delete ${name}`} onClick={onClick}>
      Delete
    </Button>
  );
}

/**
 * One recorded exchange in a list (a request, a delivery): a status chip, a one-line summary
 * and what trails it; the details mount only when opened, so a long list stays light.
 */
export function RecordAccordion({
  status,
  color,
  icon,
  title,
  aside,
  children,
  ...data
}: {
  status: ReactNode;
  color: ChipProps['color'];
  /** An icon before the status, for a record that is not a request (the clock's own). */
  icon?: ChipProps['icon'];
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
} & { [attr: `data-${string}`]: string | number }) {
  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }} {...data}>
      <AccordionSummary>
        <Chip size="small" label={status} color={color} icon={icon} sx={{ mr: 1, minWidth: 48 }} />
        <Typography
          variant="body2"
          sx={{ flex: 1, minWidth: 0, fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {aside}
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

/** JSON indented for reading; anything else (a cut body, plain text) as it is. */
export function pretty(text: string): string {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return text;
  }
}

/** A labelled block of recorded text (a body, headers) with a copy button; JSON is indented. */
export function TextBlock({ label, text, empty = '(empty)' }: { label: string; text: string; empty?: string }) {
  const shown = pretty(text);
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h4" sx={{ flex: 1 }}>
          {label}
        </Typography>
        {text ? <CopyButton value={shown} label={label.toLowerCase()} /> : null}
      </Stack>
      <Box
        component="pre"
        aria-label={label}
        sx={{
          fontSize: 12,
          overflow: 'auto',
          bgcolor: 'action.hover',
          p: 1,
          m: 0,
          maxHeight: 320,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {shown || empty}
      </Box>
    </Box>
  );
}

/** Header lines as a request shows them. */
export const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** A select whose first choice is "Any" (the empty value): a filter that may be off. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  width = 130,
  labelOf = (o) => o,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange(v: string): void;
  width?: number;
  /** How an option reads in the list; the option itself by default. */
  labelOf?: (option: string) => string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width }}
    >
      <MenuItem value="">Any</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {labelOf(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A value that follows another after it has stopped changing for a moment (typing in a search box). */
export function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
