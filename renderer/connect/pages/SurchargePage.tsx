import { useState } from 'react';
import { Typography } from '@mui/material';
import type { PageProps } from '../page-props';
import { PageForm, UnitField, parseDecimal, problem } from './form';
import { marketWords } from '../../../core/engine/labels';

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
      {/* The market the prices follow: the customer may not have chosen it (a country with one region). */}
      {page.data.region ? (
        <Typography color="text.secondary" data-testid="surcharge-market">
          Prices follow: {marketWords(page.data.region).label}. Your surcharges are added on top.
        </Typography>
      ) : null}
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
