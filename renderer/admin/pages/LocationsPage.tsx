import { useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../context';
import type { ApiClient } from '../api';
import { EmptyState, ErrorAlert, Loading, PageHeader } from '../components/common';
import { useFeedback } from '../components/confirm';
import {
  addressOf,
  bindField,
  FormDialog,
  locationLabel,
  SelectField,
  useLocation,
  useLocations,
} from '../components/forms';
import { CodeHint, Coded, NoBreak, StatusChip } from '../components/words';
import { PickList } from '../components/panels';
import { ResolvePending } from '../components/ResolvePending';
import type { LocationStatus } from '../../../core/engine/schemas/connect';
import type { Location, LocationUpdate } from '../../../core/engine/schemas/location';
import type { TariffDirection, TariffType } from '../../../core/engine/schemas/common';
import type { TariffCreate } from '../../../core/engine/schemas/tariff';
import {
  CONNECTION_WORDS,
  countryOptions,
  marketWords,
  slotWords,
  locationStatusWord,
  STATUS_WORDS,
  STRUCTURE_WORDS,
} from '../../../core/engine/labels';
import { forget, recreate, refreshWithout, restorable, tariffName } from '../restore';
import { nameOf, useCustomers } from './customers/queries';

const COUNTRIES = countryOptions().map((c) => [c.code, c.name] as const);
const SLOTS = [
  ['commodity_import', 'COMMODITY', 'IMPORT'],
  ['commodity_export', 'COMMODITY', 'EXPORT'],
  ['non_commodity_import', 'NON_COMMODITY', 'IMPORT'],
] as const satisfies readonly (readonly [keyof LocationStatus['tariff_status'], TariffType, TariffDirection])[];
// Export grid fees and local tariffs are always NOT_SUPPORTED: the service offers no such slot.

export function LocationsPage() {
  const { route, navigate } = useApp();
  const [creating, setCreating] = useState(false);
  const list = useLocations();
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
            <PickList
              label="Locations"
              items={list.data.data}
              selected={selected}
              onPick={(l) => navigate(`locations?id=${l.id}`)}
              primary={(l) => locationLabel(l, list.data.data).primary}
              secondary={(l) =>
                `${locationLabel(l, list.data.data).secondary} · ${(STATUS_WORDS[locationStatusWord(l.tariff_status)] ?? { label: '' }).label}`
              }
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>{selected ? <StatusViewer key={selected} id={selected} /> : null}</Grid>
        </Grid>
      ) : null}
      {creating ? <LocationForm onClose={() => setCreating(false)} /> : null}
    </>
  );
}

/** The location's tariff connections, one card per slot (docs/api.md, Location status). */
export function StatusViewer({ id }: { id: string }) {
  const { api, boot, liveMode, navigate } = useApp();
  const qc = useQueryClient();
  const { confirm, notify } = useFeedback();
  const [editing, setEditing] = useState(false);
  const loc = useLocation(id);
  const status = useQuery({
    queryKey: ['status', liveMode, id],
    queryFn: () => api.call('locations.status', { params: { id } }),
  });
  const [error, setError] = useState<unknown>(null);
  /** Runs a confirmed action; its failure shows in words above the slots. */
  const attempt = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };
  const address = addressOf(loc.data) || id;

  /** Disconnect, after a confirmation naming the tariff it removes; undo re-creates it (a typed-in copy). */
  const disconnect = async (type: TariffType, direction: TariffDirection, shown: string) => {
    const kind = slotWords(type, direction).label;
    const gone = (await api.call('tariffs.list', { query: { location_id: id, type, tariff_direction: direction } }))
      .data;
    const bodies = gone.map((t) => restorable(t)).filter((b): b is TariffCreate => b !== null);
    const ok = await confirm({
      title: `Disconnect “${shown}”?`,
      body: (
        <>
          The {kind.toLowerCase()} tariff “{shown}” is removed from {address}; its prices go with it.{' '}
          {undoText(gone.length, bodies.length, 'tariff')}
        </>
      ),
      action: 'Disconnect',
    });
    if (!ok) return;
    const done = await attempt(() =>
      api.call('connect_token.create', {
        body: {
          location_id: id,
          tariff_type: type,
          tariff_direction: direction,
          actions: { disconnect_tariff: true },
          callback_url: `${boot.connect_web_url}/complete`,
        },
      }),
    );
    if (!done) return;
    void qc.invalidateQueries();
    notify({
      message: `Disconnected “${shown}”.${bodies.length ? ' Undo brings it back with a new id.' : ''}`,
      ...(bodies.length ? { undo: () => recreate(api, bodies).then(() => qc.invalidateQueries()) } : {}),
    });
  };

  /** Delete, after a confirmation naming the address and the tariffs that go with it; undo re-creates both. */
  const remove = async () => {
    if (!loc.data) return;
    const tariffs = (await api.call('tariffs.list', { query: { location_id: id, limit: 100 } })).data;
    const bodies = tariffs.map((t) => restorable(t)).filter((b): b is TariffCreate => b !== null);
    const ok = await confirm({
      title: `Delete location “${address}”?`,
      body: (
        <>
          {tariffs.length ? (
            <>
              Its {tariffs.length === 1 ? 'tariff goes' : `${tariffs.length} tariffs go`} with it:{' '}
              {tariffs.map((t) => `“${tariffName(t)}”`).join(', ')}.{' '}
            </>
          ) : (
            'It has no tariffs. '
          )}
          {undoText(tariffs.length, bodies.length, 'location')}
        </>
      ),
      action: 'Delete',
    });
    if (!ok || !(await attempt(() => api.call('locations.delete', { params: { id } })))) return;
    const before = loc.data;
    forget(qc, id);
    navigate('locations');
    void refreshWithout(qc, id);
    notify({
      message: `Deleted “${address}”${tariffs.length ? ` and ${tariffs.length === 1 ? 'its tariff' : `its ${tariffs.length} tariffs`}` : ''}. Undo brings it back with a new id.`,
      undo: async () => {
        const copy = await restoreLocation(api, before, bodies);
        await qc.invalidateQueries();
        navigate(`locations?id=${copy.id}`);
      },
    });
  };

  const market = marketWords(loc.data?.market_region);
  return (
    <Stack spacing={2} aria-label="Location status">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {address}
        </Typography>
        <Typography color="text.secondary" component="div">
          {loc.data?.timezone} · {loc.data?.currency_code} · <Coded words={market} code={market.code} />
          <CodeHint code={id} />
        </Typography>
        <OwnerLine customerId={loc.data?.customer_id ?? null} />
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" onClick={() => navigate(`tariffs?location=${id}`)}>
            Tariffs
          </Button>
          <Button size="small" onClick={() => navigate(`prices?location=${id}`)}>
            Prices
          </Button>
          <Button size="small" onClick={() => navigate(`usage?location=${id}`)}>
            Usage and cost
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button size="small" onClick={() => setEditing(true)} disabled={!loc.data}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={() => void remove()} disabled={!loc.data}>
            Delete
          </Button>
        </Stack>
      </Paper>
      <ErrorAlert error={status.error ?? error} />
      <Grid container spacing={2}>
        {SLOTS.map(([key, type, direction]) => {
          const s = status.data?.tariff_status[key];
          if (!s) return null;
          const connected = s.status === 'CONNECTED';
          const kind = slotWords(type, direction);
          const shown = s.tariff ? (s.tariff.display_name ?? s.tariff.id) : kind.label;
          return (
            <Grid key={key} size={{ xs: 12, sm: 6 }}>
              <Card
                variant="outlined"
                data-slot={key}
                sx={{ height: '100%', borderColor: s.offer ? 'secondary.main' : undefined }}
              >
                <CardContent>
                  <Stack
                    direction="row"
                    sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                  >
                    <Typography variant="subtitle1" component="h3">
                      <Coded words={kind} code={kind.code} hint={false} />
                    </Typography>
                    <StatusChip status={s.status} />
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
                      <Typography>{shown}</Typography>
                      <Typography variant="body2" color="text.secondary" component="div">
                        <Coded
                          words={STRUCTURE_WORDS[s.tariff.structure_type] ?? { label: s.tariff.structure_type }}
                          code={s.tariff.structure_type}
                        />
                        {s.connection_type ? (
                          <>
                            {' · '}
                            <Coded words={CONNECTION_WORDS[s.connection_type]} code={s.connection_type} />
                          </>
                        ) : null}
                        {' · '}
                        {s.tariff.contract_end_date ? (
                          <>
                            ends <NoBreak>{s.tariff.contract_end_date.slice(0, 10)}</NoBreak>
                          </>
                        ) : (
                          'no end date'
                        )}
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
                      <Button size="small" color="error" onClick={() => void disconnect(type, direction, shown)}>
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
      {editing && loc.data ? <LocationForm current={loc.data} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}

/** What a confirmation says about undo, given how many tariffs go and how many the API can re-create. */
function undoText(gone: number, restorable: number, what: 'tariff' | 'location') {
  if (what === 'tariff' && restorable === 0)
    return 'An open-ended contract cannot be re-created through the API, so this cannot be undone.';
  const lost = gone - restorable;
  const copies =
    what === 'location'
      ? `the location comes back with a new id${gone ? ', its tariffs as typed-in copies' : ''}`
      : 'the tariff comes back as a typed-in copy with a new id';
  return `You can undo for a few seconds: ${copies}${lost ? ` (not the ${lost} with an open-ended contract: the API cannot re-create those)` : ''}.`;
}

/** A deleted location again, under a new id, with the tariffs the API can re-create. */
async function restoreLocation(api: ApiClient, l: Location, tariffs: TariffCreate[]): Promise<Location> {
  const copy = await api.call('locations.create', {
    body: {
      postal_address: l.postal_address,
      ...(l.reference_id ? { reference_id: l.reference_id } : {}),
      timezone: l.timezone,
      currency_code: l.currency_code,
      market_region: l.market_region,
      ...(l.customer_id ? { customer_id: l.customer_id } : {}),
    },
  });
  await recreate(
    api,
    tariffs.map((t) => ({ ...t, location_id: copy.id })),
  );
  return copy;
}

/** Who owns the location, with a link to the customer. */
function OwnerLine({ customerId }: { customerId: string | null }) {
  const { navigate } = useApp();
  const customers = useCustomers();
  if (!customerId) return null;
  const c = customers.data?.data.find((x) => x.id === customerId);
  return (
    <Typography color="text.secondary" variant="body2">
      Customer:{' '}
      <Link
        component="button"
        onClick={() => navigate(`customers?id=${customerId}`)}
        sx={{ verticalAlign: 'baseline' }}
      >
        {c ? nameOf(c) : customerId}
      </Link>
    </Typography>
  );
}

const EMPTY_ADDRESS = { address_line1: '', post_code: '', city: '', state: '', country_code: 'DE', timezone: '' };

/** A new location, or the address and time zone of one (`current`). */
function LocationForm({ current, onClose }: { current?: Location; onClose(): void }) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const a = current?.postal_address;
  const initial = a
    ? {
        address_line1: a.address_line1 ?? '',
        post_code: a.post_code ?? '',
        city: a.city ?? '',
        state: a.state ?? '',
        country_code: a.country_code,
        timezone: current.timezone,
      }
    : EMPTY_ADDRESS;
  const [f, setF] = useState(initial);
  const [customer, setCustomer] = useState(current?.customer_id ?? '');
  const customers = useCustomers();
  const field = bindField(f, setF);
  const save = useMutation({
    mutationFn: () => {
      const { timezone, ...parts } = f;
      // Only the parts given: an empty one is left out of the address.
      const postal_address = {
        ...Object.fromEntries(Object.entries(parts).filter(([, v]) => v.trim())),
        country_code: f.country_code,
      };
      if (!current)
        return api.call('locations.create', {
          body: { postal_address, ...(timezone ? { timezone } : {}), ...(customer ? { customer_id: customer } : {}) },
        });
      // A changed address re-derives the zone, currency and market unless the zone was changed too.
      const moved = (Object.keys(parts) as (keyof typeof parts)[]).some((k) => parts[k] !== initial[k]);
      const body: LocationUpdate = {
        ...(moved ? { postal_address } : {}),
        ...(timezone && timezone !== current.timezone ? { timezone } : {}),
        ...(customer !== (current.customer_id ?? '') ? { customer_id: customer || null } : {}),
      };
      return api.call('locations.update', { params: { id: current.id }, body });
    },
    onSuccess: (loc) => {
      void qc.invalidateQueries();
      onClose();
      navigate(`locations?id=${loc.id}`);
    },
  });
  return (
    <FormDialog
      open
      title={current ? `Edit “${addressOf(current)}”` : 'New location'}
      action={current ? 'Save' : 'Create'}
      busy={save.isPending}
      error={save.error}
      onClose={onClose}
      onSubmit={() => save.mutate()}
    >
      <TextField label="Street and number" {...field('address_line1')} />
      <Stack direction="row" spacing={2}>
        <TextField label="Post code" {...field('post_code')} />
        <TextField label="City" {...field('city')} fullWidth />
      </Stack>
      <Stack direction="row" spacing={2}>
        <SelectField
          size="medium"
          label="Country"
          value={f.country_code}
          onChange={(country_code) => setF({ ...f, country_code })}
          options={COUNTRIES}
          sx={{ minWidth: 200 }}
        />
        <TextField label="State (where a country has several zones)" {...field('state')} fullWidth />
      </Stack>
      <TextField
        label={current ? 'Time zone' : 'Time zone (optional: derived from the address)'}
        {...field('timezone')}
        placeholder="Europe/Berlin"
        helperText={
          current ? 'A new address derives the zone, currency and market again, unless you change the zone too.' : ''
        }
      />
      <SelectField
        size="medium"
        label="Customer"
        value={customer}
        onChange={setCustomer}
        empty="No customer"
        options={(customers.data?.data ?? []).map((c) => [c.id, nameOf(c)] as const)}
      />
    </FormDialog>
  );
}
