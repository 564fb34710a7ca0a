import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../context';
import { EmptyState, ErrorAlert, Loading, Mono, PageHeader, EnumSelect } from '../components/common';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { RatePanel } from '../components/RatePanel';
import { PriceChart } from '../components/PriceChart';
import { clone, defaultSchedule, dstNotes, gaps, type Sel } from '../components/schedule-model';
import { Schedule as ScheduleSchema, type Schedule } from '../../../core/engine/schemas/schedule';
import { breakdown, marketSeries } from '../preview';
import { TariffDirection, TariffType } from '../../../core/engine/schemas/common';

export function TariffsPage() {
  const { api, liveMode, route, navigate } = useApp();
  const locations = useQuery({
    queryKey: ['locations', liveMode],
    queryFn: () => api.call('locations.list', { query: { limit: 100 } }),
  });
  const locationId = route.params.get('location') ?? locations.data?.data[0]?.id;
  const tariffs = useQuery({
    enabled: !!locationId,
    queryKey: ['tariffs', liveMode, locationId],
    queryFn: () => api.call('tariffs.list', { query: { location_id: locationId!, limit: 100 } }),
  });
  const selected = route.params.get('id') ?? tariffs.data?.data[0]?.id;
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Tariffs"
        subtitle="Edit schedules visually; the preview uses the same engine as the API"
        actions={
          locationId ? (
            <Button variant="contained" onClick={() => setCreating(true)}>
              New tariff
            </Button>
          ) : null
        }
      />
      <ErrorAlert error={locations.error ?? tariffs.error} />
      <Loading show={locations.isLoading || tariffs.isLoading} />
      {locations.data?.data.length === 0 ? (
        <EmptyState
          title="No locations"
          hint="Tariffs belong to a location: create one first."
          action={<Button onClick={() => navigate('locations')}>Go to locations</Button>}
        />
      ) : null}
      {locationId ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextField
              select
              fullWidth
              size="small"
              label="Location"
              value={locationId}
              onChange={(e) => navigate(`tariffs?location=${e.target.value}`)}
            >
              {(locations.data?.data ?? []).map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.postal_address.city ?? l.id}, {l.postal_address.country_code}
                </MenuItem>
              ))}
            </TextField>
            <Paper variant="outlined" sx={{ mt: 2 }}>
              <List dense aria-label="Tariffs">
                {(tariffs.data?.data ?? []).map((t) => (
                  <ListItemButton
                    key={t.id}
                    selected={t.id === selected}
                    onClick={() => navigate(`tariffs?location=${locationId}&id=${t.id}`)}
                  >
                    <ListItemText
                      primary={t.display_name ?? t.id}
                      secondary={`${t.type} · ${t.direction ?? 'IMPORT'}${t.market_rates ? ' · market' : ''}`}
                    />
                  </ListItemButton>
                ))}
              </List>
              {tariffs.data?.data.length === 0 ? (
                <Typography sx={{ p: 2 }} color="text.secondary">
                  No tariffs: create one, or connect one.
                </Typography>
              ) : null}
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            {selected ? <TariffEditor key={selected} id={selected} locationId={locationId} /> : null}
          </Grid>
        </Grid>
      ) : null}
      {locationId ? <CreateTariff open={creating} locationId={locationId} onClose={() => setCreating(false)} /> : null}
    </>
  );
}

function TariffEditor({ id, locationId }: { id: string; locationId: string }) {
  const { api, liveMode } = useApp();
  const qc = useQueryClient();
  const tariff = useQuery({
    queryKey: ['tariff', liveMode, id],
    queryFn: () => api.call('tariffs.retrieve', { params: { id } }),
  });
  const location = useQuery({
    queryKey: ['location', liveMode, locationId],
    queryFn: () => api.call('locations.retrieve', { params: { id: locationId } }),
  });
  const siblings = useQuery({
    queryKey: ['tariffs', liveMode, locationId],
    queryFn: () => api.call('tariffs.list', { query: { location_id: locationId, limit: 100 } }),
  });
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const [sel, setSel] = useState<Sel | null>(null);
  useEffect(() => {
    if (tariff.data) setSchedule(clone(tariff.data.schedule ?? defaultSchedule()));
  }, [tariff.data]);
  const zone = location.data?.timezone ?? 'UTC';
  const market = !!tariff.data?.market_rates;
  const window = useMemo(() => {
    const start = DateTime.now().setZone(zone).startOf('day');
    return { from: start.toMillis(), to: start.plus({ days: 7 }).toMillis() };
  }, [zone]);
  const series = useQuery({
    enabled: !!location.data,
    queryKey: ['market', location.data?.market_region, window.from],
    queryFn: () => marketSeries(api, location.data?.market_region ?? null, window.from, window.to),
  });
  const save = useMutation({
    mutationFn: () => api.call('tariffs.update', { params: { id }, body: { schedule } }),
    onSuccess: () => qc.invalidateQueries(),
  });

  const check = schedule ? ScheduleSchema.safeParse(schedule) : null;
  const issues = check && !check.success ? check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) : [];
  const preview = useMemo(() => {
    if (!schedule || !tariff.data || !siblings.data || !check?.success) return null;
    const others = siblings.data.data.filter((t) => t.id !== id);
    return breakdown(
      zone,
      window.from,
      window.to,
      tariff.data.direction ?? 'IMPORT',
      [...others, { ...tariff.data, schedule }],
      series.data,
    );
  }, [schedule, tariff.data, siblings.data, series.data, zone, window, id, check?.success]);

  if (!tariff.data || !schedule) return <Loading show />;
  const band = sel ? schedule[sel.entry]?.days_and_hours[sel.item]?.hours[sel.band] : undefined;
  const dirty = JSON.stringify(schedule) !== JSON.stringify(tariff.data.schedule ?? defaultSchedule());
  const notes = dstNotes(zone, schedule);
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {tariff.data.display_name ?? id}
          </Typography>
          <Chip size="small" label={tariff.data.connection_type} />
          {market ? <Chip size="small" color="secondary" label="market rates" /> : null}
          <Button
            variant="contained"
            disabled={!dirty || issues.length > 0 || save.isPending}
            onClick={() => save.mutate()}
          >
            Save schedule
          </Button>
          <Button disabled={!dirty} onClick={() => setSchedule(clone(tariff.data.schedule ?? defaultSchedule()))}>
            Revert
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          <Mono>{id}</Mono> · {tariff.data.type} {tariff.data.direction ?? 'IMPORT'} · {zone} · contract{' '}
          {tariff.data.contract_start_date} → {tariff.data.contract_end_date ?? 'open'}
        </Typography>
        {save.isSuccess && !dirty ? (
          <Alert severity="success" sx={{ mt: 1 }}>
            Saved.
          </Alert>
        ) : null}
        <ErrorAlert error={save.error} />
      </Paper>
      <ScheduleEditor schedule={schedule} market={market} onChange={setSchedule} sel={sel} onSelect={setSel} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <RatePanel
            rate={band?.rate}
            market={market}
            title={band ? `Rate of ${band.valid_from.slice(0, 5)}–${band.valid_to.slice(0, 5)}` : 'Rate'}
            onChange={(r) =>
              sel &&
              setSchedule((s) => {
                const n = clone(s!);
                n[sel.entry]!.days_and_hours[sel.item]!.hours[sel.band]!.rate = r;
                return n;
              })
            }
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Paper variant="outlined" sx={{ p: 2 }} aria-label="Validation">
            <Typography variant="subtitle1" component="h3">
              Validation
            </Typography>
            {issues.length === 0 ? (
              <Alert severity="success" sx={{ my: 1 }}>
                The schedule is valid.
              </Alert>
            ) : (
              issues.map((m) => (
                <Alert key={m} severity="error" sx={{ my: 0.5 }}>
                  {m}
                </Alert>
              ))
            )}
            {schedule
              .flatMap((e, i) =>
                e.days_and_hours.map((it, j) => ({
                  label: `${(e.months ?? ['All']).join(',')} / ${it.days.join(',')}`,
                  g: gaps(it.hours),
                  key: `${i}-${j}`,
                })),
              )
              .filter((x) => x.g.length)
              .map((x) => (
                <Alert key={x.key} severity="warning" sx={{ my: 0.5 }}>
                  Gap in {x.label}: {x.g.join(', ')} has no band, so prices there are unknown (confidence ≤ 0.5).
                </Alert>
              ))}
            {notes.map((n) => (
              <Alert key={n.date} severity="info" sx={{ my: 0.5 }}>
                {n.date}: {n.span} is {n.kind} in {zone}.
                {n.bands.length
                  ? ` Bands there: ${n.bands.join('; ')} (they cover ${n.kind === 'skipped' ? 'nothing' : 'twice their length'} that day).`
                  : ''}
              </Alert>
            ))}
          </Paper>
        </Grid>
      </Grid>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3">
          Live preview: the next 7 days, {tariff.data.direction ?? 'IMPORT'}, all components of the location
        </Typography>
        {preview ? (
          <PriceChart
            points={preview.points}
            components={preview.series}
            zone={zone}
            label="Price preview"
            height={260}
          />
        ) : (
          <Typography color="text.secondary">Fix the validation errors to see prices.</Typography>
        )}
      </Paper>
    </Stack>
  );
}

function CreateTariff({ open, locationId, onClose }: { open: boolean; locationId: string; onClose(): void }) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const [f, setF] = useState<{
    display_name: string;
    type: TariffType;
    direction: TariffDirection;
    market_rates: boolean;
    contract_start_date: string;
    contract_end_date: string;
  }>({
    display_name: 'New tariff',
    type: 'COMMODITY',
    direction: 'IMPORT',
    market_rates: false,
    contract_start_date: DateTime.now().toISODate()!,
    contract_end_date: DateTime.now().plus({ years: 1 }).toISODate()!,
  });
  const create = useMutation({
    mutationFn: () =>
      api.call('tariffs.create', {
        body: {
          location_id: locationId,
          ...f,
          schedule: f.market_rates
            ? [
                {
                  months: ['All'],
                  days_and_hours: [
                    {
                      days: ['All'],
                      hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ surcharge_fixed: 0.1 }] }],
                    },
                  ],
                },
              ]
            : defaultSchedule(),
        },
      }),
    onSuccess: (t) => {
      void qc.invalidateQueries();
      onClose();
      navigate(`tariffs?location=${locationId}&id=${t.id}`);
    },
  });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>New tariff</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Name" value={f.display_name} onChange={set('display_name')} />
          <Stack direction="row" spacing={2}>
            <EnumSelect
              label="Type"
              schema={TariffType}
              value={f.type}
              onChange={(type) => setF({ ...f, type })}
              fullWidth
            />
            <EnumSelect
              label="Direction"
              schema={TariffDirection}
              value={f.direction}
              onChange={(direction) => setF({ ...f, direction })}
              fullWidth
            />
          </Stack>
          <FormControlLabel
            control={
              <Switch checked={f.market_rates} onChange={(e) => setF({ ...f, market_rates: e.target.checked })} />
            }
            label="Market rates"
          />
          <Stack direction="row" spacing={2}>
            <TextField
              type="date"
              label="Contract start"
              value={f.contract_start_date}
              onChange={set('contract_start_date')}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              type="date"
              label="Contract end"
              value={f.contract_end_date}
              onChange={set('contract_end_date')}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          <ErrorAlert error={create.error} />
          <Box />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => create.mutate()}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
