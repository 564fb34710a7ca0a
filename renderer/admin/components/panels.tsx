import type { ReactNode } from 'react';
import { List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** An outlined panel with a heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A settings panel: its heading, a sentence on what it is for, then its controls. */
export function Panel({
  title,
  intro,
  testId,
  children,
}: {
  title: string;
  intro: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

/** A list to pick one item from (a page's master list), in an outlined panel. */
export function PickList<T extends { id: string }>({
  label,
  items,
  selected,
  onPick,
  primary,
  secondary,
  after,
}: {
  label: string;
  items: readonly T[];
  selected: string | undefined;
  onPick(item: T): void;
  primary(item: T): ReactNode;
  secondary(item: T): ReactNode;
  /** Below the list: what to say when it is empty. */
  after?: ReactNode;
}) {
  return (
    <Paper variant="outlined">
      <List dense component="nav" aria-label={label}>
        {items.map((t) => (
          <ListItemButton key={t.id} selected={t.id === selected} onClick={() => onPick(t)}>
            <ListItemText primary={primary(t)} secondary={secondary(t)} />
          </ListItemButton>
        ))}
      </List>
      {after}
    </Paper>
  );
}

/** A small table: a header row of titles, then a row per item with its key and cells. */
export function SimpleTable<T>({
  label,
  head,
  items,
  row,
  rowProps,
}: {
  label: string;
  /** Column titles; an empty one leaves its header cell blank (an action column). */
  head: readonly string[];
  items: readonly T[];
  row(item: T): { key: string; cells: readonly ReactNode[] };
  /** Extra attributes of a row (a test hook such as `data-scenario`). */
  rowProps?(item: T): Record<string, string>;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {head.map((h, i) => (
            <TableCell key={i} {...(h === '' && i === head.length - 1 ? { align: 'right' as const } : {})}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => {
          const r = row(item);
          return (
            <TableRow key={r.key} {...(rowProps?.(item) ?? {})}>
              {r.cells.map((c, i) => (
                <TableCell key={i}>{c}</TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
