import { useState } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import { EditCandidate } from './EditCandidate';
import type { CompareOption } from './model';
import { nameProblem } from './names';

/** A first export offer to edit: a flat price per kWh sent, in the band an analyst changes first. */
const flatExport = (price: number): Schedule => [
  {
    months: ['All'],
    days_and_hours: [
      { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: price }] }] },
    ],
  },
];

/** The first name a new export candidate gets; the analyst renames it in its dialog. */
export const NEW_EXPORT_NAME = 'Export tariff';

/**
 * An export tariff for a location that has none, tried in Compare without storing it: what the
 * solar sends to the grid is then credited in every column (the stored one too), so the import
 * tariffs are compared as they would be with it. Fixing it on Tariffs instead would mean leaving
 * the page; here it is one more candidate, kept with the others.
 */
export function ExportCandidate({
  option,
  onChange,
  year,
  zone,
  currency,
}: {
  option: CompareOption | null;
  onChange(o: CompareOption | null): void;
  year: { from: string; to: string };
  zone: string;
  currency: string;
}) {
  const [editing, setEditing] = useState<CompareOption | null>(null);
  const fresh = (): CompareOption => ({
    key: 'export',
    name: NEW_EXPORT_NAME,
    source: 'new',
    candidate: {
      type: 'COMMODITY',
      direction: 'EXPORT',
      display_name: NEW_EXPORT_NAME,
      contract_start_date: year.from,
      contract_end_date: year.to,
      schedule: flatExport(0.15),
    },
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Export tariff">
      <Typography variant="subtitle1" component="h2">
        Export tariff
      </Typography>
      {option ? (
        <Stack spacing={1}>
          <Typography variant="body2" data-testid="export-candidate">
            What the solar sends to the grid is credited by “{option.name}” in every column, the stored one too. It is
            tried here, not stored.
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              onClick={() => setEditing(option)}
              aria-label={`Edit the export tariff ${option.name}`}
            >
              Edit
            </Button>
            <Button size="small" color="error" onClick={() => onChange(null)} aria-label={`Remove ${option.name}`}>
              Remove
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            This location has no export tariff, so what the solar sends to the grid is credited nothing. Try one here:
            it credits every column alike and is not stored.
          </Typography>
          <Button variant="outlined" size="small" onClick={() => setEditing(fresh())}>
            Add an export tariff
          </Button>
        </Stack>
      )}
      {editing ? (
        <EditCandidate
          key={editing.key}
          option={editing}
          zone={zone}
          currency={currency}
          // The candidates' own rule for a name; no other column's name can clash with the export side.
          nameProblem={(n) => nameProblem(n, editing.key, [], '')}
          onClose={() => setEditing(null)}
          onSave={(e) => {
            const name = e.name.trim();
            onChange({
              ...editing,
              name,
              candidate: { ...editing.candidate, display_name: name, schedule: e.schedule },
            });
            setEditing(null);
          }}
        />
      ) : null}
    </Paper>
  );
}
