import { useState } from 'react';
import { Typography } from '@mui/material';
import type { DateTime } from 'luxon';
import type { PageProps } from '../page-props';
import { PageForm } from './form';
import { DateField } from './DateField';

/** Said at once for a day half typed: no request is needed to know it is not a day yet. */
export const WHOLE_DATE = 'Enter the whole date: day, month and year.';

export function ContractTermPage({ submit, busy, errorFor }: PageProps<'contract_term_capture'>) {
  const [date, setDate] = useState<DateTime | null>(null);
  const [typed, setTyped] = useState('');
  const [half, setHalf] = useState(false);
  // The service's word on the last submit holds until the date is changed.
  const [edited, setEdited] = useState(false);
  const changed = () => {
    setEdited(true);
    setHalf(false);
  };
  return (
    <PageForm
      busy={busy}
      submitLabel={date || typed ? 'Continue' : 'No end date'}
      onSubmit={() => {
        if (typed && !date?.isValid) return setHalf(true);
        setEdited(false);
        submit(date?.isValid ? { contract_end_date: date.startOf('day').toISO()! } : undefined);
      }}
    >
      <Typography color="text.secondary">Leave it empty if your contract has no end date.</Typography>
      <DateField
        id="contract_end_date"
        label="Contract end date"
        value={date}
        onChange={(v) => {
          setDate(v);
          changed();
        }}
        onTyped={(t) => {
          if (t === typed) return;
          setTyped(t);
          changed();
        }}
        error={half ? WHOLE_DATE : edited ? undefined : errorFor('contract_end_date')}
      />
    </PageForm>
  );
}
