import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../../context';
import { ErrorAlert, Loading } from '../../components/common';
import { useFeedback } from '../../components/confirm';
import { useLocation, useLocationTariffs } from '../../components/forms';
import { CodeHint, Coded, NoBreak } from '../../components/words';
import { ScheduleEditor } from '../../components/ScheduleEditor';
import { ChargesEditor } from '../../components/charges/ChargesEditor';
import { useChargesDraft } from '../../components/charges/use-charges-draft';
import { chargeProblems, tidyCharges } from '../../components/charges/words';
import { clone, defaultSchedule, scheduleProblems } from '../../components/schedule-model';
import { CandidatePreview } from '../../components/CandidatePreview';
import { useServiceToday } from '../../service-time';
import { tariffName } from '../../restore';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import { CONNECTION_WORDS, slotWords } from '../../../../core/engine/labels';
import { ContractDates } from './ContractDates';
import { RenameTariff } from './RenameTariff';
import { TariffDelete } from './TariffDelete';
import { ImportedOrigin, IMPORTED_WORDS } from './ImportedOrigin';

/** A stored tariff: its name, kind and contract, its actions, the schedule editor and the service's preview. */
export function TariffEditor({ id, locationId }: { id: string; locationId: string }) {
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
  // The preview prices the charges as edited too: its fixed charges are the draft's. A draft the
  // charges editor already says is wrong (a block half typed) keeps the saved ones meanwhile,
  // rather than asking the service a question it refuses.
  const previewed = useMemo(() => {
    if (!tariff.data) return null;
    if (chargeProblems(draft.charges).length) return tariff.data;
    const { charges: _saved, ...rest } = tariff.data;
    const charges = tidyCharges(draft.charges);
    return charges ? { ...rest, charges } : rest;
  }, [tariff.data, draft.charges]);
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
            label={
              // An imported rate says so, not "Typed in": the API stores it as entered by hand.
              tariff.data.imported_from ? (
                <Coded words={IMPORTED_WORDS} code="" hint={false} />
              ) : (
                <Coded words={CONNECTION_WORDS[tariff.data.connection_type]} code={tariff.data.connection_type} />
              )
            }
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
      {tariff.data.imported_from ? <ImportedOrigin origin={tariff.data.imported_from} /> : null}
      {editing === 'name' ? <RenameTariff tariff={tariff.data} onClose={() => setEditing(null)} /> : null}
      {editing === 'dates' ? <ContractDates tariff={tariff.data} zone={zone} onClose={() => setEditing(null)} /> : null}
      <ScheduleEditor
        schedule={schedule}
        market={market}
        zone={zone}
        currency={location.data?.currency_code}
        onChange={setSchedule}
      />
      {/* No bill counts an export tariff's charges, so the service refuses them there; one stored before keeps its editor, to remove them. */}
      {tariff.data.direction === 'EXPORT' && !tariff.data.charges ? (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Charges">
          <Typography color="text.secondary">
            An export tariff takes no charges: standing, minimum and demand charges belong on the supply (import)
            tariff, which the bill counts.
          </Typography>
        </Paper>
      ) : (
        <ChargesEditor charges={draft.charges} onChange={draft.setCharges} currency={location.data?.currency_code} />
      )}
      {location.data && siblings.data && window && previewed ? (
        <CandidatePreview
          tariff={previewed}
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
