import { useMemo, useState } from 'react';
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useApp } from '../../context';
import { FormDialog, SelectField } from '../../components/forms';
import { CsvFileButton } from '../../components/CsvFileButton';
import { ApiName, CodeHint } from '../../components/words';
import { SLOTS } from '../../../../core/engine/labels';
import { urdbRateOf, type UrdbRate } from '../../../../core/engine/schemas/urdb';
import type { ImportedDraft } from './draft';

/** What the pasted or picked text holds: its rates' labels and names, or why it is not a rate. */
function readDocument(text: string, label: string) {
  if (!text.trim()) return { empty: true as const };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { problem: `Not JSON: ${(e as Error).message}` };
  }
  const items = (json as { items?: unknown } | null)?.items;
  const choices = Array.isArray(items)
    ? items.map((i) => {
        const r = (i ?? {}) as { label?: unknown; name?: unknown; utility?: unknown };
        return [String(r.label ?? ''), `${String(r.utility ?? '')} – ${String(r.name ?? r.label ?? '')}`] as const;
      })
    : [];
  const found = urdbRateOf(json, choices.length > 1 ? label || undefined : undefined);
  return found.problem !== undefined ? { problem: found.problem, choices } : { rate: found.rate, choices };
}

/**
 * "Import a URDB rate": a rate of the OpenEI Utility Rate Database, picked as a file or pasted,
 * sent as a dry run (POST /tariffs/import?dry_run=true). The answer opens in the editor as a
 * draft with its warnings; nothing is stored until the draft is saved.
 */
export function ImportDialog({
  locationId,
  onClose,
  onDraft,
}: {
  locationId: string;
  onClose(): void;
  onDraft(d: ImportedDraft): void;
}) {
  const { api } = useApp();
  const [text, setText] = useState('');
  const [file, setFile] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [slot, setSlot] = useState(SLOTS[0]!.code);
  const doc = useMemo(() => readDocument(text, label), [text, label]);
  const kind = SLOTS.find((s) => s.code === slot)!;
  const run = useMutation({
    mutationFn: () =>
      api.call('tariffs.import', {
        query: { dry_run: 'true' },
        body: {
          location_id: locationId,
          format: 'urdb',
          // Checked by the service, which names what is wrong in it.
          rate: ('rate' in doc ? doc.rate : {}) as UrdbRate,
          type: kind.type,
          direction: kind.direction,
        },
      }),
    onSuccess: (answer) =>
      onDraft({
        tariff: answer.tariff as ImportedDraft['tariff'],
        warnings: answer.warnings,
        source: file ?? 'pasted text',
      }),
  });
  const choices = 'choices' in doc ? (doc.choices ?? []) : [];
  return (
    <FormDialog
      open
      title="Import a URDB rate"
      action="Open in the editor"
      busy={run.isPending}
      disabled={!('rate' in doc)}
      error={run.error}
      onClose={onClose}
      onSubmit={() => run.mutate()}
    >
      <Typography variant="body2" color="text.secondary">
        A rate of the OpenEI Utility Rate Database as its API returns it (JSON): one rate, or the whole answer with its{' '}
        <code>items</code>. It opens in the editor as a draft, with what the tariff cannot hold listed; nothing is saved
        until you save it.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CsvFileButton
          variant="outlined"
          inputLabel="URDB rate file"
          accept=".json,application/json,text/plain"
          onFile={(f) =>
            void f.text().then((t) => {
              setText(t);
              setFile(f.name);
              setLabel('');
            })
          }
        >
          Choose a JSON file
        </CsvFileButton>
        <Typography variant="body2" color="text.secondary">
          {file ? `Read ${file}` : 'or paste it below'}
        </Typography>
      </Stack>
      <TextField
        label="URDB rate (JSON)"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setFile(null);
        }}
        multiline
        minRows={6}
        maxRows={12}
        slotProps={{ htmlInput: { spellCheck: false, 'data-native-undo': true, style: { fontFamily: 'monospace' } } }}
      />
      {choices.length > 1 ? (
        <SelectField
          size="medium"
          label="Rate"
          value={label}
          onChange={setLabel}
          empty="Choose one of the file's rates"
          options={choices.map(
            ([l, name]) =>
              [
                l,
                <span key={l}>
                  {name}
                  <CodeHint code={l} />
                </span>,
              ] as const,
          )}
        />
      ) : null}
      {'problem' in doc && doc.problem && !(choices.length > 1 && !label) ? (
        <Alert severity="warning">{doc.problem}</Alert>
      ) : null}
      <SelectField
        size="medium"
        label="Kind"
        value={slot}
        onChange={(v) => setSlot(v as typeof slot)}
        options={SLOTS.map(
          (s) =>
            [
              s.code,
              <span key={s.code}>
                {s.label}
                <ApiName code={s.code} />
              </span>,
            ] as const,
        )}
      />
    </FormDialog>
  );
}
