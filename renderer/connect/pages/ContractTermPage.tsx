import { useState } from 'react';
import { Typography } from '@mui/material';
import type { DateTime } from 'luxon';
import type { PageProps } from '../page-props';
import { PageForm } from './form';
import { DateField } from './DateField';

export function ContractTermPage({ submit, busy, errorFor }: PageProps<'contract_term_capture'>) {
  const [date, setDate] = useState<DateTime | null>(null);
  const [typed, setTyped] = useState('');
  return (
    <PageForm
      busy={busy}
      submitLabel={date || typed ? 'Continue' : 'No end date'}
      // A day half typed goes as typed, so the service says what is wrong with it.
      onSubmit={() =>
        submit(
          date?.isValid
            ? { contract_end_date: date.startOf('day').toISO()! }
            : typed
              ? { contract_end_date: typed }
              : undefined,
        )
      }
    >
      <Typography color="text.secondary">Leave it empty if your contract has no end date.</Typography>
      <DateField
        id="contract_end_date"
        label="Contract end date"
        value={date}
        onChange={setDate}
        onTyped={setTyped}
        error={errorFor('contract_end_date')}
      />
    </PageForm>
  );
}
