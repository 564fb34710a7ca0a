import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Grid,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../context';
import { ErrorAlert, Loading, PageHeader } from '../components/common';
import { useFeedback } from '../components/confirm';
import {
  DateField,
  FormDialog,
  LocationSelect,
  NoLocations,
  SelectField,
  useLocation,
  useLocationTariffs,
} from '../components/forms';
import { NoTariff, usePageLocation } from '../components/page-location';
import { CodeHint, Coded, NoBreak } from '../components/words';
import { PickList } from '../components/panels';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { ChargesEditor } from '../components/charges/ChargesEditor';
import { useChargesDraft } from '../components/charges/use-charges-draft';
import { clone, defaultSchedule, scheduleProblems } from '../components/schedule-model';
import type { Schedule } from '../../../core/engine/schemas/schedule';
import type { Tariff, TariffUpdate } from '../../../core/engine/schemas/tariff';
import { CONNECTION_WORDS, SLOTS, slotWords } from '../../../core/engine/labels';
import { CandidatePreview } from '../components/CandidatePreview';
import { useServiceToday } from '../service-time';
import { forget, recreate, refreshWithout, restorable, tariffName } from '../restore';
import { ImportDialog } from './tariff-import/ImportDialog';
import { DraftEditor } from './tariff-import/DraftEditor';
import type { ImportedDraft } from './tariff-import/draft';

export function TariffsPage() {
  const { route, navigate } = useApp();
  const { locations, id: locationId, anyTariff } = usePageLocation();
  const tariffs = useLocationTariffs(locationId);
  const selected = route.params.get('id') ?? tariffs.data?.data[0]?.id;
  // `new=1` (the "Create a tariff" step of another page) opens the new-tariff dialog at once.
  const [creating, setCreating] = useState(route.params.get('new') === '1');
  const [importing, setImporting] = useState(false);
  // An imported rate under review (not stored): it takes the editor's place until saved or discarded.
  const [imported, setImported] = useState<ImportedDraft | null>(null);
  const draft = imported?.tariff.location_id === locationId ? imported : null;
  // Each import opens a fresh editor, even of the same file.
  const [opened, setOpened] = useState(0);
  return (
    <>
      <PageHeader
        title="Tariffs"
        subtitle="Edit schedules visually; the preview is the service's answer for the edited schedule"
        actions={
          locationId ? (
            // One line beside a subtitle that wraps at 800 px, never a button broken in two.
            <>
              <Button
                variant="outlined"
                onClick={() => setImporting(true)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                Import a URDB rate
              </Button>
              <Button
                variant="contained"
                onClick={() => setCreating(true)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                New tariff
              </Button>
            </>
          ) : null
        }
      />
      <ErrorAlert error={locations.error ?? tariffs.error} />
      <Loading show={locations.isLoading || tariffs.isLoading} />
      <NoLocations hint="Tariffs belong to a location: create one first." />
      {locationId ? (
        // Side by side from the large breakpoint; below it the list sits above the tariff, full width.
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 3 }}>
            <LocationSelect value={locationId} onChange={(id) => navigate(`tariffs?location=${id}`)} fullWidth />
            <Box sx={{ mt: 2 }}>
              <PickList
                label="Tariffs"
                items={tariffs.data?.data ?? []}
                selected={draft ? undefined : selected}
                onPick={(t) => {
                  setImported(null);
                  navigate(`tariffs?location=${locationId}&id=${t.id}`);
                }}
                primary={(t) => tariffName(t)}
                secondary={(t) => `${slotWords(t.type, t.direction).label}${t.market_rates ? ' · market price' : ''}`}
                after={
                  tariffs.data?.data.length === 0 ? (
                    <Typography sx={{ p: 2 }} color="text.secondary">
                      No tariffs: create one, or connect one.
                    </Typography>
                  ) : null
                }
              />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, lg: 9 }}>
            {draft ? (
              <DraftEditor
                key={opened}
                draft={draft}
                onSaved={(id) => {
                  setImported(null);
                  navigate(`tariffs?location=${locationId}&id=${id}`);
                }}
                onDiscard={() => setImported(null)}
              />
            ) : selected ? (
              <TariffEditor key={selected} id={selected} locationId={locationId} />
            ) : null}
            {tariffs.data?.data.length === 0 && !draft ? (
              <NoTariff locationId={locationId} anyTariff={anyTariff} onCreate={() => setCreating(true)} />
            ) : null}
          </Grid>
        </Grid>
      ) : null}
      {/* Mounted only while open, so every opening starts from fresh defaults. */}
      {locationId && creating ? <CreateTariff locationId={locationId} onClose={() => setCreating(false)} /> : null}
      {locationId && importing ? (
        <ImportDialog
          locationId={locationId}
          onClose={() => setImporting(false)}
          onDraft={(d) => {
            setImported(d);
            setOpened((n) => n + 1);
            setImporting(false);
          }}
        />
      ) : null}
    </>
  );
}

function TariffEditor({ id, locationId }: { id: string; locationId: string }) {
  const { api, liveMode } = useApp();
  const { confirm, notify } = useFeedback();
  const qc = useQueryClient();
  const tariff = useQuery({
    queryKey: ['tariff', liveMode, id],
    queryFn: () => api.call('tariffs.retrieve', { params: { id } }),
  });
  const location = useLocation(locationId);
  const siblings = useLocationTariffs(locationId);
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const draft = useChargesDraft(tariff.data?.charges);
  const [editing, setEditing] = useState<'name' | 'dates' | null>(null);
  useEffect(() => {
    if (tariff.data) setSchedule(clone(tariff.data.schedule ?? defaultSchedule()));
  }, [tariff.data]);
  const zone = location.data?.timezone ?? 'UTC';
  const market = !!tariff.data?.market_rates;
  // The preview starts at today's local midnight on the service clock (which may be frozen or shifted).
  const today = useServiceToday(location.data?.timezone);
  const window = useMemo(() => {
    if (!today) return null;
    const start = DateTime.fromISO(today, { zone });
    return { from: start.toMillis(), to: start.plus({ days: 7 }).toMillis() };
  }, [today, zone]);
  const save = useMutation({
    mutationFn: () => api.call('tariffs.update', { params: { id }, body: { schedule, charges: draft.body } }),
    onSuccess: () => qc.invalidateQueries(),
  });

  // The editor's own rules, an empty price included: Save waits until the draft is one the API takes.
  const invalid = (!!schedule && scheduleProblems(schedule, market).length > 0) || draft.invalid;
  if (!tariff.data || !schedule) return <Loading show />;
  const dirty = JSON.stringify(schedule) !== JSON.stringify(tariff.data.schedule ?? defaultSchedule()) || draft.dirty;
  const kind = slotWords(tariff.data.type, tariff.data.direction);
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Tariff">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 200 }}>
            {tariffName(tariff.data)}
          </Typography>
          <Chip
            size="small"
            label={<Coded words={CONNECTION_WORDS[tariff.data.connection_type]} code={tariff.data.connection_type} />}
          />
          {market ? <Chip size="small" color="secondary" label="market price" /> : null}
          {/* The actions move to the next line together, never one by one. */}
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            <Button size="small" onClick={() => setEditing('name')}>
              Rename
            </Button>
            <Button size="small" onClick={() => setEditing('dates')}>
              Contract dates
            </Button>
            <TariffDelete tariff={tariff.data} />
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" component="div">
          <Coded words={kind} code={kind.code} /> · {zone} · contract{' '}
          <NoBreak>{tariff.data.contract_start_date.slice(0, 10)}</NoBreak> →{' '}
          <NoBreak>{tariff.data.contract_end_date?.slice(0, 10) ?? 'open-ended'}</NoBreak>
          <CodeHint code={id} />
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button variant="contained" disabled={!dirty || invalid || save.isPending} onClick={() => save.mutate()}>
            Save schedule
          </Button>
          <Button
            disabled={!dirty}
            onClick={() => {
              // Unsaved edits are gone once reverted: ask, then offer them back.
              const edited = schedule;
              const name = tariffName(tariff.data);
              void confirm({
                title: `Revert ${name}?`,
                body: 'The unsaved edits to its schedule are discarded and the saved schedule comes back.',
                action: 'Revert',
              }).then((ok) => {
                if (!ok) return;
                const { charges } = draft;
                setSchedule(clone(tariff.data.schedule ?? defaultSchedule()));
                draft.setCharges(tariff.data.charges);
                notify({
                  message: `Reverted ${name}`,
                  undo: () => {
                    setSchedule(edited);
                    draft.setCharges(charges);
                  },
                });
              });
            }}
          >
            Revert
          </Button>
        </Stack>
        {save.isSuccess && !dirty ? (
          <Alert severity="success" sx={{ mt: 1 }}>
            Saved.
          </Alert>
        ) : null}
        <ErrorAlert error={save.error} />
      </Paper>
      {editing === 'name' ? <RenameTariff tariff={tariff.data} onClose={() => setEditing(null)} /> : null}
      {editing === 'dates' ? <ContractDates tariff={tariff.data} zone={zone} onClose={() => setEditing(null)} /> : null}
      <ScheduleEditor
        schedule={schedule}
        market={market}
        zone={zone}
        currency={location.data?.currency_code}
        onChange={setSchedule}
      />
      <ChargesEditor charges={draft.charges} onChange={draft.setCharges} currency={location.data?.currency_code} />
      {location.data && siblings.data && window ? (
        <CandidatePreview
          tariff={tariff.data}
          schedule={schedule}
          location={location.data}
          siblings={siblings.data.data}
          window={window}
          edited={dirty}
        />
      ) : null}
    </Stack>
  );
}

/** A contract window as dates; an open end runs forever. */
const windowOf = (t: Pick<Tariff, 'contract_start_date' | 'contract_end_date'>) =>
  [t.contract_start_date.slice(0, 10), t.contract_end_date?.slice(0, 10) ?? '9999-12-31'] as const;
const overlaps = (a: readonly [string, string], b: readonly [string, string]) => a[0] < b[1] && b[0] < a[1];

/**
 * The tariff of the location that keeps a kind from a contract window: a location has at most
 * one supply, feed-in or local tariff at a time (grid fees add up, so they are never taken).
 */
function takenBy(tariffs: Tariff[], code: string, window: readonly [string, string]): Tariff | undefined {
  return tariffs.find(
    (t) => t.type === 'COMMODITY' && slotWords(t.type, t.direction).code === code && overlaps(windowOf(t), window),
  );
}

/** The new-tariff dialog, once "today" at the location is known from the service clock. */
function CreateTariff({ locationId, onClose }: { locationId: string; onClose(): void }) {
  const location = useLocation(locationId);
  const today = useServiceToday(location.data?.timezone);
  return today ? <CreateTariffForm locationId={locationId} today={today} onClose={onClose} /> : null;
}

function CreateTariffForm({ locationId, today, onClose }: { locationId: string; today: string; onClose(): void }) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const siblings = useLocationTariffs(locationId);
  const [f, setF] = useState({
    display_name: 'New tariff',
    // Unset until chosen: the first kind free for the dates.
    slot: null as string | null,
    market_rates: false,
    contract_start_date: today,
    contract_end_date: DateTime.fromISO(today).plus({ years: 1 }).toISODate()!,
  });
  const window = [f.contract_start_date, f.contract_end_date] as const;
  const existing = siblings.data?.data ?? [];
  const slot = f.slot ?? SLOTS.find((s) => !takenBy(existing, s.code, window))!.code;
  const chosen = SLOTS.find((s) => s.code === slot)!;
  const blocker = takenBy(existing, slot, window);
  const datesBad = !(f.contract_end_date > f.contract_start_date);
  const create = useMutation({
    mutationFn: () =>
      api.call('tariffs.create', {
        body: {
          location_id: locationId,
          display_name: f.display_name,
          type: chosen.type,
          direction: chosen.direction,
          market_rates: f.market_rates,
          contract_start_date: f.contract_start_date,
          contract_end_date: f.contract_end_date,
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
  return (
    <FormDialog
      open
      title="New tariff"
      action="Create"
      busy={create.isPending || !siblings.data}
      disabled={!!blocker || datesBad}
      error={create.error}
      onClose={onClose}
      onSubmit={() => create.mutate()}
    >
      <TextField label="Name" value={f.display_name} onChange={(e) => setF({ ...f, display_name: e.target.value })} />
      <SelectField
        size="medium"
        label="Kind"
        value={slot}
        onChange={(v) => setF({ ...f, slot: v })}
        renderValue={(v) => SLOTS.find((s) => s.code === v)?.label ?? v}
        options={SLOTS.map((s) => {
          const t = takenBy(existing, s.code, window);
          return [
            s.code,
            <span key={s.code}>
              {s.label}
              <CodeHint code={s.code} />
              {t ? ` — taken by “${tariffName(t)}”` : ''}
            </span>,
          ] as const;
        })}
      />
      {blocker ? (
        <Alert severity="warning" role="alert">
          {chosen.label} is taken for these dates by “{tariffName(blocker)}” ({windowOf(blocker)[0]} →{' '}
          {blocker.contract_end_date?.slice(0, 10) ?? 'open-ended'}): a location has one {chosen.label.toLowerCase()}{' '}
          tariff at a time. Pick another kind, or start after it ends.
        </Alert>
      ) : null}
      <FormControlLabel
        control={<Switch checked={f.market_rates} onChange={(e) => setF({ ...f, market_rates: e.target.checked })} />}
        label="Market price (the market's price plus a surcharge)"
      />
      <Stack direction="row" spacing={2}>
        <DateField
          label="Contract start"
          value={f.contract_start_date}
          onChange={(v) => setF({ ...f, contract_start_date: v })}
        />
        <DateField
          label="Contract end"
          value={f.contract_end_date}
          onChange={(v) => setF({ ...f, contract_end_date: v })}
          error={datesBad}
          {...(datesBad ? { helperText: 'Must be after the start.' } : {})}
        />
      </Stack>
    </FormDialog>
  );
}

/** A change to one tariff; the dialog closes when it is saved. */
function usePatch(id: string, onClose: () => void) {
  const { api } = useApp();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TariffUpdate) => api.call('tariffs.update', { params: { id }, body }),
    onSuccess: () => {
      void qc.invalidateQueries();
      onClose();
    },
  });
}

function RenameTariff({ tariff, onClose }: { tariff: Tariff; onClose(): void }) {
  const [name, setName] = useState(tariff.display_name ?? '');
  const save = usePatch(tariff.id, onClose);
  return (
    <FormDialog
      open
      title={`Rename “${tariffName(tariff)}”`}
      action="Rename"
      busy={save.isPending}
      error={save.error}
      onClose={onClose}
      // An empty name removes it: the tariff is then shown by its id.
      onSubmit={() => save.mutate({ display_name: name.trim() || null })}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
        helperText="Shown here, on the location's status and in the connect flow; empty shows the id."
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}

function ContractDates({ tariff, zone, onClose }: { tariff: Tariff; zone: string; onClose(): void }) {
  const [start, setStart] = useState(tariff.contract_start_date.slice(0, 10));
  const [end, setEnd] = useState(tariff.contract_end_date?.slice(0, 10) ?? '');
  const problem = !start
    ? 'Give a start date.'
    : !end && tariff.contract_end_date
      ? 'Give an end date.'
      : end && !(end > start)
        ? 'The end must be after the start.'
        : null;
  const save = usePatch(tariff.id, onClose);
  return (
    <FormDialog
      open
      title={`Contract dates of “${tariffName(tariff)}”`}
      action="Save dates"
      busy={save.isPending}
      disabled={!!problem}
      error={save.error}
      onClose={onClose}
      // An open-ended contract stays open unless an end is given.
      onSubmit={() => save.mutate({ contract_start_date: start, ...(end ? { contract_end_date: end } : {}) })}
    >
      <Typography variant="body2" color="text.secondary">
        Each date means midnight at the start of that day in {zone}. Outside the contract the tariff prices nothing.
      </Typography>
      <Stack direction="row" spacing={2}>
        <DateField label="Contract start" value={start} onChange={setStart} error={problem === 'Give a start date.'} />
        <DateField
          label={tariff.contract_end_date ? 'Contract end' : 'Contract end (empty: open-ended)'}
          value={end}
          onChange={setEnd}
          error={!!problem && problem !== 'Give a start date.'}
          {...(problem ? { helperText: problem } : {})}
        />
      </Stack>
    </FormDialog>
  );
}

/** Delete, after a confirmation that names the tariff; undo re-creates it from its stored body. */
function TariffDelete({ tariff }: { tariff: Tariff }) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const { confirm, notify } = useFeedback();
  const name = tariffName(tariff);
  const run = async () => {
    const body = restorable(tariff);
    const ok = await confirm({
      title: `Delete tariff “${name}”?`,
      body: (
        <>
          {slotWords(tariff.type, tariff.direction).label} at this location, contract{' '}
          {tariff.contract_start_date.slice(0, 10)} → {tariff.contract_end_date?.slice(0, 10) ?? 'open-ended'}. Its
          prices go with it.{' '}
          {body
            ? 'You can undo for a few seconds: the tariff comes back as a typed-in copy with a new id.'
            : 'An open-ended contract cannot be re-created through the API, so this cannot be undone.'}
        </>
      ),
      action: 'Delete',
    });
    if (!ok) return;
    try {
      await api.call('tariffs.delete', { params: { id: tariff.id } });
    } catch (e) {
      notify({ message: `Could not delete “${name}”: ${(e as Error).message}`, severity: 'error' });
      return;
    }
    forget(qc, tariff.id);
    navigate(`tariffs?location=${tariff.location_id}`);
    await refreshWithout(qc, tariff.id);
    notify({
      message: `Deleted “${name}”.${body ? ' Undo brings it back with a new id.' : ''}`,
      ...(body
        ? {
            undo: async () => {
              const [copy] = await recreate(api, [body]);
              await qc.invalidateQueries();
              navigate(`tariffs?location=${tariff.location_id}&id=${copy!.id}`);
            },
          }
        : {}),
    });
  };
  return (
    <Button size="small" color="error" onClick={() => void run()}>
      Delete
    </Button>
  );
}
