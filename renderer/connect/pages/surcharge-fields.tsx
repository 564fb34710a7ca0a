import { useState } from 'react';
import { UnitField, parseDecimal, problem } from './form';

/**
 * The two surcharge fields both dialects' surcharge pages ask (fixed per kWh, percentage), and
 * the surcharge they hold: an empty field means none.
 */
export function useSurcharge(
  initial: { fixed: number; percentage: number },
  currency: string,
  percentageError: string | undefined,
) {
  const [fixed, setFixed] = useState(String(initial.fixed));
  const [percentage, setPercentage] = useState(String(initial.percentage));
  const n = (s: string) => {
    const v = parseDecimal(s);
    return v === '' ? 0 : v;
  };
  const fields = (
    <>
      <UnitField
        id="fixed"
        label="Fixed surcharge per kWh"
        unit={`${currency}/kWh`}
        value={fixed}
        onChange={(e) => setFixed(e.target.value)}
      />
      <UnitField
        id="percentage"
        label="Percentage surcharge"
        unit="%"
        value={percentage}
        onChange={(e) => setPercentage(e.target.value)}
        {...problem(percentageError, 'For example 19 for 19 % VAT')}
      />
    </>
  );
  return { fields, surcharge: () => ({ fixed: n(fixed), percentage: n(percentage) }) };
}
