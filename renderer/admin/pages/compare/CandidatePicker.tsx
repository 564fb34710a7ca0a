import { useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { SelectField, useLocationTariffs } from '../../components/forms';
import { ScheduleEditor } from '../../components/ScheduleEditor';
import { clone, defaultSchedule, scheduleProblems } from '../../components/schedule-model';
import { candidateOf } from '../../candidate';
import { tariffName } from '../../restore';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import { MAX_CANDIDATES, type CandidateSource, type CompareOption, type CompareYear } from './model';

const SOURCE_WORDS: Record<CandidateSource, string> = {
  library: 'from the library',
  copy: 'copy of a saved tariff',
  edited: 'edited here',
};

/**
 * A candidate with a schedule edited here: named as edited ("Prairie Sun Utilities: Residential
 * Flat, edited") wherever it shows (the list, the table, the chart, the CSV), since its figures
 * are no longer the offer's own.
 */
export function editedOption(o: CompareOption, schedule: Schedule): CompareOption {
  const name = o.source === 'edited' ? o.name : `${o.name}, edited`;
  return { ...o, name, source: 'edited', candidate: { ...o.candidate, display_name: name, schedule } };
}

let made = 0;
const nextKey = () => `c${++made}`;

/**
 * Up to three candidates: a library tariff, a copy of a saved tariff, either edited here with
 * the schedule editor. Each is priced as if it replaced the stored tariff of its kind for the
 * whole compared year (its contract dates are the year's).
 */
export function CandidatePicker({
  options,
  onChange,
  locationId,
  direction,
  country,
  year,
  zone,
  currency,
}: {
  options: CompareOption[];
  onChange(o: CompareOption[]): void;
  locationId: string;
  direction: TariffDirection;
  country: string;
  year: CompareYear;
  zone: string;
  currency: string;
}) {
  const { api, liveMode } = useApp();
  const providers = useQuery({
    queryKey: ['providers', liveMode],
    queryFn: () => api.call('providers.list', { query: { limit: 100 } }),
  });
  const saved = useLocationTariffs(locationId);
  const [library, setLibrary] = useState('');
  const [copy, setCopy] = useState('');
  const [editing, setEditing] = useState<CompareOption | null>(null);
  // The location's country first: those are the offers a customer there can take.
  const offers = (providers.data?.data ?? [])
    .flatMap((p) =>
      p.tariffs
        .filter((t) => (t.direction ?? 'IMPORT') === direction)
        .map((t) => ({ provider: p, tariff: t, local: p.country_codes.includes(country) })),
    )
    .sort((a, b) => Number(b.local) - Number(a.local));
  const copies = (saved.data?.data ?? []).filter((t) => (t.direction ?? 'IMPORT') === direction && t.schedule);
  const full = options.length >= MAX_CANDIDATES;
  const years = { contract_start_date: year.from, contract_end_date: year.to };

  const addLibrary = () => {
    const o = offers.find((x) => `${x.provider.id}/${x.tariff.id}` === library);
    if (!o) return;
    const name = `${o.provider.display_name}: ${o.tariff.name}`;
    onChange([
      ...options,
      {
        key: nextKey(),
        name,
        source: 'library',
        ...(o.local ? {} : { foreign: o.provider.country_codes.join(', ') }),
        candidate: {
          type: o.tariff.type,
          direction: o.tariff.direction,
          display_name: name,
          provider_id: o.provider.id,
          market_rates: o.tariff.market_rates,
          ...years,
          schedule: clone(o.tariff.schedule),
        },
      },
    ]);
    setLibrary('');
  };
  const addCopy = () => {
    const t = copies.find((x) => x.id === copy);
    if (!t) return;
    const name = `Copy of ${tariffName(t)}`;
    onChange([
      ...options,
      { key: nextKey(), name, source: 'copy', candidate: { ...candidateOf(t, year.to), ...years, display_name: name } },
    ]);
    setCopy('');
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Candidates">
      <Typography variant="subtitle1" component="h2">
        Candidates ({options.length} of {MAX_CANDIDATES})
      </Typography>
      <List dense aria-label="Chosen candidates">
        {options.map((o) => (
          <ListItem
            key={o.key}
            divider
            secondaryAction={
              <Stack direction="row" spacing={0.5}>
                <Button size="small" onClick={() => setEditing(o)} aria-label={`Edit the schedule of ${o.name}`}>
                  Edit
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onChange(options.filter((x) => x.key !== o.key))}
                  aria-label={`Remove ${o.name}`}
                >
                  Remove
                </Button>
              </Stack>
            }
            sx={{ pr: 18 }}
          >
            <ListItemText
              primary={o.name}
              secondary={
                <>
                  <Chip size="small" variant="outlined" label={SOURCE_WORDS[o.source]} component="span" />
                  {o.foreign ? (
                    // Its rates are figures of another currency, read here as the location's.
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      data-testid="foreign-candidate"
                      sx={{ display: 'block', mt: 0.5 }}
                    >
                      An offer in {o.foreign}: its rates are read as {currency}.
                    </Typography>
                  ) : null}
                </>
              }
            />
          </ListItem>
        ))}
        {options.length === 0 ? (
          <ListItem>
            <ListItemText secondary="None yet: add a library tariff or a copy of a saved one." />
          </ListItem>
        ) : null}
      </List>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SelectField
            label="Library tariff"
            value={library}
            onChange={setLibrary}
            options={offers.map((o) => [
              `${o.provider.id}/${o.tariff.id}`,
              `${o.provider.display_name}: ${o.tariff.name}${o.tariff.market_rates ? ' (market price)' : ''}${o.local ? '' : ` · another country (${o.provider.country_codes.join(', ')})`}`,
            ])}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <Button onClick={addLibrary} disabled={!library || full} sx={{ flexShrink: 0 }}>
            Add
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SelectField
            label="Saved tariff"
            value={copy}
            onChange={setCopy}
            options={copies.map((t) => [t.id, tariffName(t)])}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <Button onClick={addCopy} disabled={!copy || full} sx={{ flexShrink: 0 }}>
            Add copy
          </Button>
        </Stack>
        {full ? (
          <Typography variant="body2" color="text.secondary">
            Three candidates at most: remove one to add another.
          </Typography>
        ) : null}
      </Stack>
      {editing ? (
        <EditCandidate
          option={editing}
          zone={zone}
          currency={currency}
          onClose={() => setEditing(null)}
          onSave={(schedule) => {
            onChange(options.map((x) => (x.key === editing.key ? editedOption(x, schedule) : x)));
            setEditing(null);
          }}
        />
      ) : null}
    </Paper>
  );
}

/** The schedule editor on one candidate's schedule, in a dialog; nothing is saved to the service. */
function EditCandidate({
  option,
  zone,
  currency,
  onClose,
  onSave,
}: {
  option: CompareOption;
  zone: string;
  currency: string;
  onClose(): void;
  onSave(s: Schedule): void;
}) {
  const [schedule, setSchedule] = useState<Schedule>(() => clone(option.candidate.schedule ?? defaultSchedule()));
  const valid = scheduleProblems(schedule, !!option.candidate.market_rates).length === 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="edit-candidate-title">
      <DialogTitle id="edit-candidate-title">Schedule of {option.name}</DialogTitle>
      <DialogContent>
        <ScheduleEditor
          schedule={schedule}
          market={!!option.candidate.market_rates}
          zone={zone}
          currency={currency}
          onChange={setSchedule}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onSave(schedule)}>
          Use this schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
