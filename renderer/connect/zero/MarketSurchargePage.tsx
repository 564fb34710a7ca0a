import { useState } from 'react';
import { MenuItem } from '@mui/material';
import { PageForm, UnitField, parseDecimal, problem } from '../pages/form';
import { ValueField } from '../../shared/value-field';
import type { ZeroPageProps } from './protocol';

/** The surcharge on the market price; the market region too, where the address may follow several. */
export function MarketSurchargePage({ page, submit, busy, errorFor }: ZeroPageProps<'market_surcharge_capture'>) {
  const d = page.data;
  const [fixed, setFixed] = useState(String(d.surcharge.fixed));
  const [percentage, setPercentage] = useState(String(d.surcharge.percentage));
  const [region, setRegion] = useState(d.region ?? '');
  // An empty surcharge field means none.
  const n = (s: string) => {
    const v = parseDecimal(s);
    return v === '' ? 0 : v;
  };
  const send = () =>
    submit({ surcharge: { fixed: n(fixed), percentage: n(percentage) }, ...(d.regions && region ? { region } : {}) });
  return (
    <PageForm busy={busy} onSubmit={send}>
      {d.regions ? (
        <ValueField
          id="region"
          select
          label="Market region"
          value={region}
          onValue={setRegion}
          {...problem(errorFor('region'))}
          fullWidth
        >
          {d.regions.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </ValueField>
      ) : null}
      <UnitField
        id="fixed"
        label="Fixed surcharge per kWh"
        unit={`${d.currency_code}/kWh`}
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
