import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { DateField, FormDialog } from '../../components/forms';
import { tariffName } from '../../restore';
import type { Tariff } from '../../../../core/engine/schemas/tariff';
import { usePatch } from './use-patch';

/** The contract's dates, local days at the location. */
export function ContractDates({ tariff, zone, onClose }: { tariff: Tariff; zone: string; onClose(): void }) {
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
