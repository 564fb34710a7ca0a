import { useState } from 'react';
import type { PageProps } from '../page-props';
import { PageForm, UnitField, parseDecimal, problem } from './form';

export function FixedRatePage({ page, submit, busy, errorFor }: PageProps<'rate_fixed_capture'>) {
  // 0 means no price yet: the field starts empty.
  const [cost, setCost] = useState(page.data.cost ? String(page.data.cost) : '');
  return (
    <PageForm busy={busy} onSubmit={() => submit({ cost: parseDecimal(cost) })}>
      <UnitField
        id="cost"
        label="Price per kWh"
        unit={`${page.data.currency_code}/kWh`}
        value={cost}
        onChange={(e) => setCost(e.target.value)}
        {...problem(errorFor('cost'), 'In major currency units, e.g. 0.32')}
      />
    </PageForm>
  );
}
