import { Typography } from '@mui/material';
import { money } from '../candidate';
import { tariffName } from '../restore';
import { fixedName } from './charges/words';
import { count } from './schedule-model';
import type { Cost } from '../../../core/engine/schemas/cost';
import type { TariffDirection } from '../../../core/engine/schemas/common';
import type { Tariff } from '../../../core/engine/schemas/tariff';

/** The service's cost of one tariff set (the main answer and an alternative share its fields). */
type Answer = Pick<Cost, 'value' | 'kwh' | 'currency_code' | 'fixed_charges'>;
type Charge = NonNullable<Answer['fixed_charges']>['charges'][number];

/** What the set comes to: energy and, on the import side, the fixed charges the service counted. */
const totalOf = (a: Answer) => a.value + (a.fixed_charges?.value ?? 0);

/**
 * The 7-day figures of the editor's preview in words. An import cost reads as its parts and
 * their sum ("£10.13 energy + £3.50 Standing charge = £13.63"); an export tariff's answer is
 * what it earns, never a cost. `edits` is the tariff as edited, `saved` the location's tariffs
 * as stored (absent for a draft, which has no saved schedule); `unsaved` whether they differ.
 */
export function PreviewCost({
  tariff,
  siblings,
  direction,
  edits,
  saved,
  unsaved,
}: {
  tariff: Tariff;
  siblings: Tariff[];
  direction: TariffDirection;
  edits: Answer;
  saved?: Answer | undefined;
  unsaved: boolean;
}) {
  const cur = edits.currency_code;
  const earns = direction === 'EXPORT';
  const kwh = `${edits.kwh.toFixed(1)} kWh${earns ? ' sent' : ''}`;
  // A charge of another tariff of the location is named with it; the candidate's id is this tariff's.
  const others = new Map(siblings.filter((t) => t.id !== tariff.id).map((t) => [t.id, t]));
  const label = (c: Charge) => {
    const other = others.get(c.tariff_id);
    return other ? `${fixedName(c)} (${tariffName(other)})` : fixedName(c);
  };
  const parts = (a: Answer) => {
    if (earns) return `Earns ${money(a.value, cur)}`;
    const fixed = a.fixed_charges;
    if (!fixed) return `${money(a.value, cur)} energy`;
    if (!fixed.charges.length) return `${money(a.value, cur)} energy (no fixed charges)`;
    const each = fixed.charges.map((c) => ` + ${money(c.value, cur)} ${label(c)}`).join('');
    return `${money(a.value, cur)} energy${each} = ${money(totalOf(a), cur)}`;
  };
  const diff = saved ? totalOf(edits) - totalOf(saved) : 0;
  const line = !saved
    ? `${parts(edits)} with this schedule for ${kwh}`
    : // Nothing edited is one figure, not the same schedule set against itself.
      !unsaved
      ? `${parts(edits)} for ${kwh} with the saved schedule of ${tariffName(tariff)}`
      : `${parts(edits)} with this schedule for ${kwh} · saved schedule of ${tariffName(tariff)}: ${earns ? 'earns ' : ''}${money(totalOf(saved), cur)}` +
        (diff !== 0 ? ` (${diff > 0 ? '+' : '−'}${money(Math.abs(diff), cur)})` : '');
  const charges = edits.fixed_charges?.charges ?? [];
  return (
    <>
      <Typography data-testid="preview-cost" aria-live="polite">
        {line}
      </Typography>
      {charges.length ? (
        <Typography variant="body2" color="text.secondary" data-testid="preview-fixed">
          {charges
            .map((c) =>
              c.per === 'DAY'
                ? `${label(c)} ${money(c.amount, cur)} per day × ${count(c.days, 'day')}: ${money(c.value, cur)}`
                : `${label(c)} ${money(c.amount, cur)} per month, ${count(c.days, 'day')} as ${c.months.toFixed(3)} of a month: ${money(c.value, cur)}`,
            )
            .join('; ')}
          . Fixed charges count each local day; a monthly one its share of the month (a bill charges it whole).
        </Typography>
      ) : null}
    </>
  );
}
