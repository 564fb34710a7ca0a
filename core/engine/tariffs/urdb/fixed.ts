import type { FixedCharge, MinimumCharge } from '../../schemas/charges.js';
import type { ImportWarning } from '../../schemas/tariff-import.js';
import type { UrdbRate } from '../../schemas/urdb.js';
import { carries, show } from './shared.js';

/**
 * A URDB rate's fixed and minimum charges as the tariff's. URDB has written each in more than
 * one spelling over its versions (fixedmonthlycharge before fixedchargefirstmeter; minmonthlycharge
 * and annualmincharge before mincharge): the newer one is taken, and an older one beside it is
 * warned about, not charged twice.
 */

const FIXED_PER: Record<string, FixedCharge['per']> = { '$/month': 'MONTH', '$/day': 'DAY' };
const MINIMUM_PER: Record<string, MinimumCharge['per']> = { '$/month': 'MONTH', '$/year': 'YEAR' };
const unitKey = (u: string | null | undefined) => (u ?? '$/month').trim().toLowerCase().replace(/\s+/g, '');

export function fixedOf(r: UrdbRate, warnings: ImportWarning[]): FixedCharge[] | undefined {
  const first = r.fixedchargefirstmeter;
  if (carries(first)) {
    const per = FIXED_PER[unitKey(r.fixedchargeunits)];
    if (!per) {
      warnings.push({
        code: 'not_imported',
        field: 'fixedchargefirstmeter',
        value: first,
        message: `A fixed charge of ${show(first)} ${show(r.fixedchargeunits)} (fixedchargeunits) is not imported: a tariff's fixed charges are $/day or $/month.`,
      });
    }
    if (carries(r.fixedmonthlycharge))
      warnings.push({
        code: 'not_imported',
        field: 'fixedmonthlycharge',
        value: r.fixedmonthlycharge,
        message: `fixedmonthlycharge (${show(r.fixedmonthlycharge)} $) is URDB's older spelling of fixedchargefirstmeter: the fixed charge is imported once, as fixedchargefirstmeter gives it (${show(first)} ${show(r.fixedchargeunits ?? '$/month')}).`,
      });
    return per ? [{ amount: first!, per, name: 'Fixed charge' }] : undefined;
  }
  if (carries(r.fixedmonthlycharge))
    return [{ amount: r.fixedmonthlycharge!, per: 'MONTH', name: 'Fixed monthly charge' }];
  return undefined;
}

type MinimumField = 'mincharge' | 'minmonthlycharge' | 'annualmincharge';

/**
 * A rate's minimums: one monthly and one annual may stand together (URDB's mincharge beside
 * annualmincharge), the monthly applied first. Of two spellings of the same one, the newer is
 * taken and the older warned about, not charged twice.
 */
export function minimumOf(r: UrdbRate, warnings: ImportWarning[]): MinimumCharge | MinimumCharge[] | undefined {
  const given: { field: MinimumField; amount: number; unit: string; per: MinimumCharge['per'] | undefined }[] = [];
  if (carries(r.mincharge)) {
    const unit = r.minchargeunits ?? '$/month';
    given.push({ field: 'mincharge', amount: r.mincharge!, unit, per: MINIMUM_PER[unitKey(unit)] });
  }
  if (carries(r.minmonthlycharge))
    given.push({ field: 'minmonthlycharge', amount: r.minmonthlycharge!, unit: '$/month', per: 'MONTH' });
  if (carries(r.annualmincharge))
    given.push({ field: 'annualmincharge', amount: r.annualmincharge!, unit: '$/year', per: 'YEAR' });
  const kept = (['MONTH', 'YEAR'] as const).flatMap((per) => given.find((g) => g.per === per) ?? []);
  for (const g of given) {
    if (kept.includes(g)) continue;
    const same = kept.find((k) => k.per === g.per);
    const message = !g.per
      ? `A minimum charge of ${show(g.amount)} ${show(g.unit)} (minchargeunits) is not imported: a tariff's minimum is per month or per year.`
      : same && same.amount === g.amount
        ? `${g.field} is URDB's older spelling of ${same.field}: the minimum is imported once (${show(same.amount)} ${show(same.unit)}).`
        : `A minimum charge of ${show(g.amount)} ${g.unit} is not imported: a tariff holds one minimum ${g.per === 'MONTH' ? 'a month' : 'a year'}, and ${same!.field} (${show(same!.amount)} ${show(same!.unit)}) is the one kept.`;
    warnings.push({ code: 'not_imported', field: g.field, value: g.amount, message });
  }
  const list = kept.map((k) => ({ amount: k.amount, per: k.per! }));
  return list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
}
