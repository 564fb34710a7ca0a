import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Location } from '../../../core/engine/schemas/location';
import { useApp } from '../context';
import { EmptyState, ErrorAlert } from './common';

/** A dialog around a form: its fields, the service's error in words, Cancel and the action. */
export function FormDialog({
  open,
  title,
  action,
  busy,
  disabled,
  error,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  action: string;
  busy?: boolean;
  disabled?: boolean;
  error?: unknown;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="form-dialog-title">
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          sx={{ mt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy && !disabled) onSubmit();
          }}
        >
          {children}
          <ErrorAlert error={error} />
          {/* Enter in a field submits. */}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onSubmit} disabled={busy || disabled}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A text field bound to one key of a form's state. */
export function bindField<F extends Record<string, string>>(f: F, setF: (f: F) => void) {
  return (k: keyof F) => ({
    value: f[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value }),
  });
}

/** A select over value/label pairs. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  size = 'small',
  fullWidth,
  sx,
  empty,
  ariaLabel,
  renderValue,
}: {
  /** The visible label; a select in a table cell goes without, named by `ariaLabel`. */
  label?: string;
  value: string;
  onChange(v: string): void;
  options: readonly (readonly [string, ReactNode])[];
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** The label of the empty value, where there is one. */
  empty?: string;
  ariaLabel?: string;
  /** The chosen value as the closed field shows it, where the options carry more (a code beside their words). */
  renderValue?: (value: string) => ReactNode;
}) {
  return (
    <TextField
      select
      size={size}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...(fullWidth ? { fullWidth } : {})}
      {...(sx ? { sx } : {})}
      slotProps={{
        select: {
          ...(empty ? { displayEmpty: true } : {}),
          ...(renderValue ? { renderValue: (v: unknown) => (v === '' && empty ? empty : renderValue(String(v))) } : {}),
        },
        ...(empty ? { inputLabel: { shrink: true } } : {}),
        ...(ariaLabel ? { htmlInput: { 'aria-label': ariaLabel } } : {}),
      }}
    >
      {empty ? <MenuItem value="">{empty}</MenuItem> : null}
      {options.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A date input whose label always sits above it. */
export function DateField({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: boolean;
  helperText?: string;
}) {
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth
      {...(error ? { error } : {})}
      {...(helperText ? { helperText } : {})}
    />
  );
}

/** Every location of the current mode (the pages' location pickers). */
export function useLocations() {
  const { api, liveMode } = useApp();
  return useQuery({
    queryKey: ['locations', liveMode],
    queryFn: () => api.call('locations.list', { query: { limit: 100 } }),
  });
}

/** One location of the current mode, when an id is known; the key every page shares, so one write refreshes all. */
export function useLocation(id: string | undefined) {
  const { api, liveMode } = useApp();
  return useQuery({
    enabled: !!id,
    queryKey: ['location', liveMode, id],
    queryFn: () => api.call('locations.retrieve', { params: { id: id! } }),
  });
}

/** The tariffs of a location (up to 100, the most a location holds in practice), when an id is known. */
export function useLocationTariffs(id: string | undefined) {
  const { api, liveMode } = useApp();
  return useQuery({
    enabled: !!id,
    queryKey: ['tariffs', liveMode, id],
    queryFn: () => api.call('tariffs.list', { query: { location_id: id!, limit: 100 } }),
  });
}

/** A location in a few words: street, post code and city, else city and country, else its id. */
export function addressOf(l: Pick<Location, 'id' | 'postal_address'> | undefined): string {
  if (!l) return '';
  const a = l.postal_address;
  const parts = [a.address_line1, [a.post_code, a.city].filter(Boolean).join(' ')];
  return parts.filter(Boolean).join(', ') || [a.city, a.country_code].filter(Boolean).join(', ') || l.id;
}

type Labelled = Pick<Location, 'id' | 'postal_address' | 'timezone'> & Partial<Pick<Location, 'reference_id'>>;

/**
 * How a location is named in lists and pickers: the street first ("Torstraße 1, Berlin"), then
 * post code, country and time zone as the quieter second part. Two locations at one address (two
 * connect sessions for the same house) differ by their reference, else by their id.
 */
export function locationLabel(l: Labelled, all: readonly Labelled[] = []): { primary: string; secondary: string } {
  const a = l.postal_address;
  const primary =
    [a.address_line1, a.city].filter(Boolean).join(', ') || [a.city, a.country_code].filter(Boolean).join(', ') || l.id;
  const twin = all.some((o) => o.id !== l.id && locationLabel(o).primary === primary);
  const secondary = [
    [a.post_code, a.address_line1 ? '' : a.city].filter(Boolean).join(' '),
    a.country_code,
    l.timezone,
    twin ? (l.reference_id ?? l.id) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return { primary, secondary };
}

/** A location label on one line, its second part as a quiet hint (select options and values). */
export function LocationLabel({ location, all }: { location: Labelled; all?: readonly Labelled[] }) {
  const { primary, secondary } = locationLabel(location, all);
  return (
    <Box
      component="span"
      data-location-label={location.id}
      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {primary}
      {secondary ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {secondary}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Picks one of the locations; `empty` adds a choice for none. */
export function LocationSelect({
  value,
  onChange,
  empty,
  fullWidth,
}: {
  value: string;
  onChange(id: string): void;
  empty?: string;
  fullWidth?: boolean;
}) {
  const locations = useLocations();
  const all = locations.data?.data ?? [];
  return (
    <SelectField
      label="Location"
      value={value}
      onChange={onChange}
      options={all.map((l) => [l.id, <LocationLabel key={l.id} location={l} all={all} />] as const)}
      sx={{ minWidth: fullWidth ? 0 : 220, maxWidth: '100%' }}
      {...(empty ? { empty } : {})}
      {...(fullWidth ? { fullWidth } : {})}
    />
  );
}

/** What a page that needs a location shows when there is none, with the way to make one. */
export function NoLocations({ hint }: { hint: string }) {
  const { navigate } = useApp();
  const locations = useLocations();
  if (locations.data?.data.length !== 0) return null;
  return (
    <EmptyState
      title="No locations"
      hint={hint}
      action={<Button onClick={() => navigate('locations')}>Go to locations</Button>}
    />
  );
}
