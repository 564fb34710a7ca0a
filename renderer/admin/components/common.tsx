import { useState, type ReactNode } from 'react';
import type { Words } from '../../../core/engine/labels';
import { ApiName } from './code-hint';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  SvgIcon,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2, gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
      </Box>
      {actions ? (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** A service error with its message, or any error. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const e = error as { message?: string; code?: string };
  return (
    <Alert severity="error" role="alert" sx={{ my: 1 }}>
      {e.message ?? String(error)}
      {e.code ? (
        <Typography component="span" variant="caption" sx={{ ml: 1, opacity: 0.7 }}>
          ({e.code})
        </Typography>
      ) : null}
    </Alert>
  );
}

export function Loading({ show }: { show: boolean }) {
  return show ? <LinearProgress aria-label="Loading" sx={{ my: 1 }} /> : null;
}

/** What to do next when a list is empty. */
export function EmptyState({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
      <Typography variant="h6">{title}</Typography>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {hint}
      </Typography>
      {action}
    </Paper>
  );
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <Tooltip title={done ? 'Copied' : `Copy ${label}`}>
      <IconButton
        size="small"
        aria-label={`Copy ${label}`}
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(() => {
            setDone(true);
            setTimeout(() => setDone(false), 1500);
          })
        }
      >
        <SvgIcon fontSize="small">
          {done ? (
            <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
          ) : (
            <path d="M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z" />
          )}
        </SvgIcon>
      </IconButton>
    </Tooltip>
  );
}

export function Mono({ children }: { children: ReactNode }) {
  return (
    <Box component="code" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13, wordBreak: 'break-all' }}>
      {children}
    </Box>
  );
}

export function SmallButton(props: React.ComponentProps<typeof Button>) {
  return <Button size="small" {...props} />;
}

/** Label, value and a copy button per row. */
export function CopyTable({
  label,
  rows,
  labelWidth = 160,
}: {
  label: string;
  rows: [string, string][];
  labelWidth?: number;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell sx={{ width: labelWidth, whiteSpace: 'nowrap' }}>{k}</TableCell>
            {/* One line, cut with an ellipsis: an address never breaks inside its port; Copy keeps it whole. */}
            <TableCell
              title={v}
              sx={{ maxWidth: 0, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              <Mono>{v}</Mono>
            </TableCell>
            <TableCell align="right">
              <CopyButton value={v} label={k} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A select over a zod enum's values: what it offers and what it hands back are the schema's own.
 * With `words`, each value is offered by its words (the code a quiet hint beside them in the list,
 * the meaning on hover) and the closed field shows the words alone.
 */
export function EnumSelect<const T extends string>({
  label,
  schema,
  value,
  onChange,
  size,
  fullWidth,
  sx,
  words,
}: {
  label: string;
  schema: { options: readonly T[]; parse(v: unknown): T };
  value: NoInfer<T>;
  onChange(v: NoInfer<T>): void;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  words?: Record<NoInfer<T>, Words>;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(schema.parse(e.target.value))}
      {...(words ? { slotProps: { select: { renderValue: (v: unknown) => words[v as T]?.label ?? String(v) } } } : {})}
      {...(size ? { size } : {})}
      {...(fullWidth ? { fullWidth } : {})}
      {...(sx ? { sx } : {})}
    >
      {schema.options.map((o) => (
        <MenuItem key={o} value={o} {...(words?.[o]?.hint ? { title: words[o].hint } : {})}>
          {words ? (
            <>
              {words[o].label}
              <ApiName code={o} />
            </>
          ) : (
            o
          )}
        </MenuItem>
      ))}
    </TextField>
  );
}
