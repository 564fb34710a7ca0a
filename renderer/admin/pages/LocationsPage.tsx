import { useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../context';
import { EmptyState, ErrorAlert, Loading, Mono, PageHeader } from '../components/common';
import { ResolvePending } from '../components/ResolvePending';
import type { LocationStatus } from '../../../core/engine/schemas/connect';
import type { PostalAddress } from '../../../core/engine/schemas/location';
import type { TariffDirection, TariffType } from '../../../core/engine/schemas/common';

const COUNTRIES = [
  ['DE', 'Germany'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['AU', 'Australia'],
  ['NO', 'Norway'],
  ['SE', 'Sweden'],
  ['FR', 'France'],
  ['NL', 'Netherlands'],
  ['CL', 'Chile'],
  ['IN', 'India'],
];
const SLOTS = [
  ['commodity_import', 'Electricity supply', 'COMMODITY', 'IMPORT'],
  ['commodity_export', 'Feed-in (export)', 'COMMODITY', 'EXPORT'],
  ['non_commodity_import', 'Grid fees', 'NON_COMMODITY', 'IMPORT'],
] as const satisfies readonly (readonly [keyof LocationStatus['tariff_status'], string, TariffType, TariffDirection])[];
// Export grid fees and local tariffs are always NOT_SUPPORTED: the service offers no such slot.

export function LocationsPage() {
  const { api, liveMode, route, navigate } = useApp();
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: ['locations', liveMode],
    queryFn: () => api.call('locations.list', { query: { limit: 100 } }),
  });
  const selected = route.params.get('id') ?? list.data?.data[0]?.id;
  return (
    <>
      <PageHeader
        title="Locations"
        subtitle="Customer addresses and their tariff connections"
        actions={
          <Button variant="contained" onClick={() => setCreating(true)}>
            New location
          </Button>
        }
      />
      <Loading show={list.isLoading} />
      <ErrorAlert error={list.error} />
      {list.data && list.data.data.length === 0 ? (
        <EmptyState
          title="No locations yet"
          hint="Create a location, or run a connect session: it creates one."
          action={<Button onClick={() => setCreating(true)}>New location</Button>}
        />
      ) : null}
      {list.data && list.data.data.length > 0 ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper variant="outlined">
              <List aria-label="Locations" dense>
                {list.data.data.map((l) => (
                  <ListItemButton
                    key={l.id}
                    selected={l.id === selected}
                    onClick={() => navigate(`locations?id=${l.id}`)}
                  >
                    <ListItemText
                      primary={
                        [l.postal_address.city, l.postal_address.country_code].filter(Boolean).join(', ') || l.id
                      }
                      secondary={`${l.timezone} · ${l.tariff_status}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>{selected ? <StatusViewer id={selected} /> : null}</Grid>
        </Grid>
      ) : null}
      <CreateLocation open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

/** The location's tariff connections, one card per slot (docs/api.md, Location status). */
export function StatusViewer({ id }: { id: string }) {
  const { api, boot, liveMode, navigate } = useApp();
  const qc = useQueryClient();
  const loc = useQuery({
    queryKey: ['location', liveMode, id],
    queryFn: () => api.call('locations.retrieve', { params: { id } }),
  });
  const status = useQuery({
    queryKey: ['status', liveMode, id],
    queryFn: () => api.call('locations.status', { params: { id } }),
  });
  const disconnect = useMutation({
    mutationFn: (s: { type: TariffType; direction: TariffDirection }) =>
      api.call('connect_token.create', {
        body: {
          location_id: id,
          tariff_type: s.type,
          tariff_direction: s.direction,
          actions: { disconnect_tariff: true },
          callback_url: `${boot.connect_web_url}/complete`,
        },
      }),
    onSuccess: () => qc.invalidateQueries(),
  });
  const a: Partial<PostalAddress> = loc.data?.postal_address ?? {};
  return (
    <Stack spacing={2} aria-label="Location status">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {[a.address_line1, a.post_code, a.city].filter(Boolean).join(', ') || id}
        </Typography>
        <Typography color="text.secondary">
          <Mono>{id}</Mono> · {loc.data?.timezone} · {loc.data?.currency_code} · market{' '}
          {loc.data?.market_region ?? 'none'}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" onClick={() => navigate(`tariffs?location=${id}`)}>
            Tariffs
          </Button>
          <Button size="small" onClick={() => navigate(`prices?location=${id}`)}>
            Prices
          </Button>
        </Stack>
      </Paper>
      <ErrorAlert error={status.error ?? disconnect.error} />
      <Grid container spacing={2}>
        {SLOTS.map(([key, label, type, direction]) => {
          const s = status.data?.tariff_status[key];
          if (!s) return null;
          const connected = s.status === 'CONNECTED';
          return (
            <Grid key={key} size={{ xs: 12, sm: 6 }}>
              <Card
                variant="outlined"
                data-slot={key}
                sx={{ height: '100%', borderColor: s.offer ? 'secondary.main' : undefined }}
              >
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography variant="subtitle1" component="h3">
                      {label}
                    </Typography>
                    <Chip
                      size="small"
                      label={s.status.replace(/_/g, ' ')}
                      color={connected ? 'success' : s.status === 'ERROR' ? 'error' : 'default'}
                    />
                  </Stack>
                  {s.provider ? (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                      {s.provider.logo_url ? (
                        <Avatar
                          variant="rounded"
                          src={new URL(s.provider.logo_url, boot.connect_web_url).href}
                          alt=""
                          sx={{ width: 28, height: 28 }}
                        />
                      ) : null}
                      <Typography>{s.provider.display_name}</Typography>
                    </Stack>
                  ) : null}
                  {s.tariff ? (
                    <Box sx={{ mt: 1 }}>
                      <Typography>{s.tariff.display_name ?? s.tariff.id}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {s.tariff.structure_type.replace(/_/g, ' ')} · {s.connection_type} ·{' '}
                        {s.tariff.contract_end_date ? `ends ${s.tariff.contract_end_date.slice(0, 10)}` : 'no end date'}
                      </Typography>
                    </Box>
                  ) : null}
                  {s.offer ? (
                    <Paper
                      sx={{ mt: 1, p: 1, bgcolor: '#e8f4ee' }}
                      elevation={0}
                      role="note"
                      aria-label="Grid-fee offer"
                    >
                      <Typography variant="body2">
                        <strong>Grid fee available:</strong> {s.offer.grid_operator}, {s.offer.display_name}. The supply
                        contract leaves grid fees out.
                      </Typography>
                    </Paper>
                  ) : null}
                </CardContent>
                <CardActions>
                  {s.status === 'PENDING' && s.tariff ? <ResolvePending tariffId={s.tariff.id} /> : null}
                  {connected ? (
                    <>
                      <Button
                        size="small"
                        onClick={() => navigate(`connect?location=${id}&type=${type}&direction=${direction}`)}
                      >
                        Edit
                      </Button>
                      <Button size="small" color="error" onClick={() => disconnect.mutate({ type, direction })}>
                        Disconnect
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="small"
                      variant={s.offer ? 'contained' : 'text'}
                      color={s.offer ? 'secondary' : 'primary'}
                      onClick={() => navigate(`connect?location=${id}&type=${type}&direction=${direction}`)}
                    >
                      {s.offer ? 'Connect grid fee' : 'Connect'}
                    </Button>
                  )}
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Stack>
  );
}

function CreateLocation({ open, onClose }: { open: boolean; onClose(): void }) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const [f, setF] = useState({
    address_line1: '',
    city: '',
    post_code: '',
    state: '',
    country_code: 'DE',
    timezone: '',
  });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value });
  const create = useMutation({
    mutationFn: () => {
      const { timezone, state, ...a } = f;
      return api.call('locations.create', {
        body: {
          postal_address: { ...a, ...(state ? { state } : {}) },
          ...(timezone ? { timezone } : {}),
        },
      });
    },
    onSuccess: (loc) => {
      void qc.invalidateQueries({ queryKey: ['locations'] });
      onClose();
      navigate(`locations?id=${loc.id}`);
    },
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>New location</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Street and number" value={f.address_line1} onChange={set('address_line1')} />
          <Stack direction="row" spacing={2}>
            <TextField label="Post code" value={f.post_code} onChange={set('post_code')} />
            <TextField label="City" value={f.city} onChange={set('city')} fullWidth />
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label="Country"
              value={f.country_code}
              onChange={set('country_code')}
              sx={{ minWidth: 200 }}
            >
              {COUNTRIES.map(([c, n]) => (
                <MenuItem key={c} value={c}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="State (where a country has several zones)"
              value={f.state}
              onChange={set('state')}
              fullWidth
            />
          </Stack>
          <TextField
            label="Time zone (optional: derived from the address)"
            value={f.timezone}
            onChange={set('timezone')}
            placeholder="Europe/Berlin"
          />
          <ErrorAlert error={create.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
