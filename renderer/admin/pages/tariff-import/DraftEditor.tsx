import { useMemo, useState } from 'react';
import { Alert, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../../context';
import { ErrorAlert, Loading } from '../../components/common';
import { useFeedback } from '../../components/confirm';
import { DateField, FormDialog, useLocation, useLocationTariffs } from '../../components/forms';
import { ScheduleEditor } from '../../components/ScheduleEditor';
import { CandidatePreview } from '../../components/CandidatePreview';
import { clone, defaultSchedule, scheduleProblems } from '../../components/schedule-model';
import { Coded, NoBreak } from '../../components/words';
import { useServiceToday } from '../../service-time';
import { slotWords } from '../../../../core/engine/labels';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import type { TariffCreate } from '../../../../core/engine/schemas/tariff';
import { ChargesEditor } from '../../components/charges/ChargesEditor';
import { chargeProblems, tidyCharges } from '../../components/charges/words';
import type { Charges } from '../../../../core/engine/schemas/charges';
import { WarningsPanel } from './WarningsPanel';
import { draftAsTariff, previewStart, withChoices, type ImportedDraft } from './draft';
import { takenBy, windowOf } from '../../taken';
import { tariffName } from '../../restore';

/**
 * An imported rate in the tariff editor before it is saved: its name, kind and contract, the
 * warnings of the import, the schedule editor and the service's preview, as for a stored tariff.
 * Save creates it (POST /tariffs, as edited); Discard forgets it.
 */
export function DraftEditor({
  draft,
  onSaved,
  onDiscard,
}: {
  draft: ImportedDraft;
  onSaved(id: string): void;
  onDiscard(): void;
}) {
  const { api, liveMode } = useApp();
  const { confirm } = useFeedback();
  const qc = useQueryClient();
  const location = useLocation(draft.tariff.location_id);
  const siblings = useLocationTariffs(draft.tariff.location_id);
  const [fields, setFields] = useState<TariffCreate>(draft.tariff);
  const [schedule, setSchedule] = useState<Schedule>(() => clone(draft.tariff.schedule ?? defaultSchedule()));
  const [charges, setCharges] = useState<Charges | undefined>(draft.tariff.charges);
  const [details, setDetails] = useState(false);
  const zone = location.data?.timezone ?? 'UTC';
  const today = useServiceToday(location.data?.timezone);
  const window = useMemo(() => {
    if (!today) return null;
    const first = DateTime.fromISO(previewStart(today, fields.contract_start_date, fields.contract_end_date), { zone });
    return { from: first.toMillis(), to: first.plus({ days: 7 }).toMillis() };
  }, [today, zone, fields.contract_start_date, fields.contract_end_date]);
  const asTariff = useMemo(() => draftAsTariff(fields, zone, liveMode), [fields, zone, liveMode]);
  const kind = slotWords(fields.type, fields.direction);
  // A stored tariff of the same kind whose contract the draft's overlaps: the service refuses two at
  // once (commodity_overlap), so the editor offers to end the old one where the draft starts.
  const start = fields.contract_start_date.slice(0, 10);
  const taken = siblings.data
    ? takenBy(siblings.data.data, kind.code, [start, fields.contract_end_date.slice(0, 10)])
    : undefined;
  const endable = !!taken && windowOf(taken)[0] < start;
  const save = useMutation({
    mutationFn: (endOld: boolean) => {
      // The charges as edited; none at all when the draft holds none.
      const { charges: _imported, ...rest } = fields;
      const held = tidyCharges(charges);
      return api.call('tariffs.create', {
        body: {
          ...rest,
          schedule,
          ...(held ? { charges: held } : {}),
          // The old contract ends where this one starts, in the service's one transaction.
          ...(endOld && taken ? { end_tariff_id: taken.id } : {}),
        },
      });
    },
    onSuccess: (t) => {
      void qc.invalidateQueries();
      onSaved(t.id);
    },
  });
  const invalid = scheduleProblems(schedule, false).length > 0 || chargeProblems(charges).length > 0;
  if (!location.data) return <Loading show />;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Imported tariff">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 200 }}>
            {fields.display_name ?? 'Imported rate'}
          </Typography>
          <Chip size="small" color="warning" label="Imported from URDB · not saved" />
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            <Button size="small" onClick={() => setDetails(true)}>
              Name and contract
            </Button>
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" component="div">
          <Coded words={kind} code={kind.code} /> · {zone} · contract{' '}
          <NoBreak>{fields.contract_start_date.slice(0, 10)}</NoBreak> →{' '}
          <NoBreak>{fields.contract_end_date.slice(0, 10)}</NoBreak> · from {draft.source}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            variant={endable ? 'outlined' : 'contained'}
            disabled={invalid || save.isPending}
            onClick={() => save.mutate(false)}
          >
            Save tariff
          </Button>
          <Button
            onClick={() =>
              void confirm({
                title: `Discard “${fields.display_name ?? 'Imported rate'}”?`,
                body: 'The imported draft and any edits to it are not saved anywhere.',
                action: 'Discard',
              }).then((ok) => ok && onDiscard())
            }
          >
            Discard
          </Button>
        </Stack>
        {taken ? (
          <Alert
            severity="warning"
            sx={{ mt: 1 }}
            data-testid="draft-overlap"
            action={
              endable ? (
                <Button
                  color="inherit"
                  size="small"
                  variant="outlined"
                  disabled={invalid || save.isPending}
                  onClick={() => save.mutate(true)}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  End it on {start} and save
                </Button>
              ) : undefined
            }
          >
            {kind.label} is held by “{tariffName(taken)}” from <NoBreak>{windowOf(taken)[0]}</NoBreak>
            {taken.contract_end_date ? (
              <>
                {' '}
                to <NoBreak>{windowOf(taken)[1]}</NoBreak>
              </>
            ) : (
              ', with no end'
            )}
            : a location has one {kind.label.toLowerCase()} tariff at a time.{' '}
            {endable
              ? `Its contract can end on ${start}, where this one starts.`
              : 'It starts on or after this one, so it cannot end where this one starts: change this one’s contract dates.'}
          </Alert>
        ) : null}
        <ErrorAlert error={save.error} />
      </Paper>
      <WarningsPanel warnings={fields.imported_from?.warnings ?? draft.warnings} />
      {details ? (
        <DraftDetails
          fields={fields}
          zone={zone}
          onClose={() => setDetails(false)}
          onSave={(f) => {
            setFields(withChoices(fields, f));
            setDetails(false);
          }}
        />
      ) : null}
      <ScheduleEditor
        schedule={schedule}
        market={false}
        zone={zone}
        currency={location.data.currency_code}
        onChange={setSchedule}
      />
      <ChargesEditor charges={charges} onChange={setCharges} currency={location.data.currency_code} />
      {siblings.data && window ? (
        <CandidatePreview
          tariff={asTariff}
          schedule={schedule}
          location={location.data}
          // The draft among them, so the chart names its share by the draft's name.
          siblings={[...siblings.data.data, asTariff]}
          window={window}
          draft
        />
      ) : null}
    </Stack>
  );
}

/** The draft's name and contract dates, changed before it is saved. */
function DraftDetails({
  fields,
  zone,
  onClose,
  onSave,
}: {
  fields: TariffCreate;
  zone: string;
  onClose(): void;
  onSave(f: TariffCreate): void;
}) {
  const [name, setName] = useState(fields.display_name ?? '');
  const [start, setStart] = useState(fields.contract_start_date.slice(0, 10));
  const [end, setEnd] = useState(fields.contract_end_date.slice(0, 10));
  const problem = !start || !end ? 'Give both dates.' : !(end > start) ? 'The end must be after the start.' : null;
  return (
    <FormDialog
      open
      title="Name and contract of the imported rate"
      action="Apply"
      disabled={!!problem}
      onClose={onClose}
      onSubmit={() =>
        onSave({
          ...fields,
          ...(name.trim() ? { display_name: name.trim() } : {}),
          contract_start_date: start,
          contract_end_date: end,
        })
      }
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Typography variant="body2" color="text.secondary">
        Each date means midnight at the start of that day in {zone}. The rate’s own dates came from its startdate and
        enddate.
      </Typography>
      <Stack direction="row" spacing={2}>
        <DateField label="Contract start" value={start} onChange={setStart} />
        <DateField
          label="Contract end"
          value={end}
          onChange={setEnd}
          error={!!problem}
          {...(problem ? { helperText: problem } : {})}
        />
      </Stack>
    </FormDialog>
  );
}
