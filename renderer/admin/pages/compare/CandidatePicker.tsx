import { useState } from 'react';
import { Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { SelectField, useLocationTariffs } from '../../components/forms';
import { clone, defaultSchedule } from '../../components/schedule-model';
import { candidateOf } from '../../candidate';
import { tariffName } from '../../restore';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import { MAX_CANDIDATES, type CandidateSource, type CompareOption, type CompareYear } from './model';
import { applyEdit, nameProblem, settleNames } from './names';
import { EditCandidate } from './EditCandidate';

const SOURCE_WORDS: Record<CandidateSource, string> = {
  library: 'from the library',
  copy: 'copy of a saved tariff',
  edited: 'edited here',
  new: 'made here',
};

let made = 0;
const nextKey = () => `c${++made}`;

/**
 * Up to three candidates: a library tariff, a copy of a saved tariff or a new flat rate, each
 * named and edited here (name, schedule, charges). Each is priced as if it replaced the stored tariff of its kind for the
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
  reserved,
}: {
  options: CompareOption[];
  onChange(o: CompareOption[]): void;
  /** The stored column's name, which no candidate may take. */
  reserved: string;
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
  // Every change names the candidates again: a repeat of a name is numbered.
  const change = (next: CompareOption[]) => onChange(settleNames(next, reserved));

  const addLibrary = () => {
    const o = offers.find((x) => `${x.provider.id}/${x.tariff.id}` === library);
    if (!o) return;
    const name = `${o.provider.display_name}: ${o.tariff.name}`;
    change([
      ...options,
      {
        key: nextKey(),
        name,
        origin: name,
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
          // The offer's standing charge is part of what it costs: a GB offer without it would look cheap.
          ...(o.tariff.charges ? { charges: structuredClone(o.tariff.charges) } : {}),
        },
      },
    ]);
    setLibrary('');
  };
  const addCopy = () => {
    const t = copies.find((x) => x.id === copy);
    if (!t) return;
    const name = `Copy of ${tariffName(t)}`;
    change([
      ...options,
      {
        key: nextKey(),
        name,
        origin: name,
        source: 'copy',
        candidate: { ...candidateOf(t, year.to), ...years, display_name: name },
      },
    ]);
    setCopy('');
  };
  // From scratch: a flat rate of the direction compared, to edit at once. It joins the candidates
  // (and is priced) only when the dialog first saves it; Cancel leaves nothing behind.
  const addNew = () => {
    const o: CompareOption = {
      key: nextKey(),
      name: '',
      source: 'new',
      candidate: { type: 'COMMODITY', direction, ...years, schedule: defaultSchedule() },
    };
    setEditing(settleNames([...options, o], reserved).at(-1)!);
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
                  onClick={() => change(options.filter((x) => x.key !== o.key))}
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
            <ListItemText secondary="None yet: add a library tariff, a copy of a saved one or a new tariff." />
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
        <Button onClick={addNew} disabled={full} sx={{ alignSelf: 'flex-start' }}>
          New tariff
        </Button>
        {full ? (
          <Typography variant="body2" color="text.secondary">
            Three candidates at most: remove one to add another.
          </Typography>
        ) : null}
      </Stack>
      {editing ? (
        <EditCandidate
          key={editing.key}
          option={editing}
          zone={zone}
          currency={currency}
          nameProblem={(n) => nameProblem(n, editing.key, options, reserved)}
          onClose={() => setEditing(null)}
          onSave={(e) => {
            const known = options.some((x) => x.key === editing.key);
            change(
              known
                ? options.map((x) => (x.key === editing.key ? applyEdit(x, e) : x))
                : [...options, applyEdit(editing, e)],
            );
            setEditing(null);
          }}
        />
      ) : null}
    </Paper>
  );
}
