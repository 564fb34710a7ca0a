import { useState } from 'react';
import { TextField } from '@mui/material';
import { FormDialog } from '../../components/forms';
import { tariffName } from '../../restore';
import type { Tariff } from '../../../../core/engine/schemas/tariff';
import { usePatch } from './use-patch';

/** The tariff's name; empty shows it by its id. */
export function RenameTariff({ tariff, onClose }: { tariff: Tariff; onClose(): void }) {
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
