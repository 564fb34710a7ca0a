import { useState } from 'react';
import { Typography } from '@mui/material';
import type { PageProps } from '../page-props';
import { PageForm, problem } from './form';
import { ValueField } from '../../shared/value-field';

export function ContractTermPage({ submit, busy, errorFor }: PageProps<'contract_term_capture'>) {
  const [date, setDate] = useState('');
  return (
    <PageForm
      busy={busy}
      submitLabel={date ? 'Continue' : 'No end date'}
      onSubmit={() => submit(date ? { contract_end_date: new Date(date + 'T00:00:00').toISOString() } : undefined)}
    >
      <Typography color="text.secondary">Leave it empty if your contract has no end date.</Typography>
      <ValueField
        id="contract_end_date"
        type="date"
        label="Contract end date"
        value={date}
        onValue={setDate}
        {...problem(errorFor('contract_end_date'))}
        shrink
        fullWidth
      />
    </PageForm>
  );
}
