import { useState } from 'react';
import type { PageProps } from '../page-props';
import { PageForm, UnitField, parseDecimal, problem } from './form';

export function SurchargePage({ page, submit, busy, errorFor }: PageProps<'surcharge_capture'>) {
  const [fixed, setFixed] = useState(String(page.data.surcharge.fixed));
  const [percentage, setPercentage] = useState(String(page.data.surcharge.percentage));
  // An empty surcharge field means none.
  const n = (s: string) => {
    const v = parseDecimal(s);
    return v === '' ? 0 : v;
  };
  return (
    <PageForm busy={busy} onSubmit={() => submit({ surcharge: { fixed: n(fixed), percentage: n(percentage) } })}>
      <UnitField
        id="fixed"
        label="Fixed surcharge per kWh"
        unit={`${page.data.currency_code}/kWh`}
        value={fixed}
        onChange={(e) => setFixed(e.target.value)}
      />
      <UnitField
        id="percentage"
        label="Percentage surcharge"
        unit="%"
        value={percentage}
        onChange={(e) => setPercentage(e.target.value)}
        {...problem(errorFor('percentage'), 'For example 19 for 19 % VAT')}
      />
    </PageForm>
  );
}
