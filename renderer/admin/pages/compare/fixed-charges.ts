import type { Charges } from '../../../../core/engine/schemas/charges';

/**
 * A candidate's fixed charge per day (a UK standing charge) or per month (a US customer charge),
 * as Compare's own small fields read and set it. Other charges the candidate holds (demand, a
 * minimum, further fixed charges) are kept as they are.
 */
export type FixedPer = 'DAY' | 'MONTH';

export const FIXED_WORDS: Record<FixedPer, { label: string; name: string }> = {
  DAY: { label: 'Standing charge per day', name: 'Standing charge' },
  MONTH: { label: 'Fixed charge per month', name: 'Fixed charge' },
};

/** The first fixed charge of the period, or undefined. */
export const fixedOf = (charges: Charges | undefined, per: FixedPer): number | undefined =>
  charges?.fixed?.find((f) => f.per === per)?.amount;

/** `charges` with the first fixed charge of the period set to `amount` (none when `amount` is undefined or 0). */
export function withFixed(
  charges: Charges | undefined,
  per: FixedPer,
  amount: number | undefined,
): Charges | undefined {
  const fixed = [...(charges?.fixed ?? [])];
  const at = fixed.findIndex((f) => f.per === per);
  if (amount) {
    const next = { ...(at >= 0 ? fixed[at] : { name: FIXED_WORDS[per].name }), amount, per };
    if (at >= 0) fixed[at] = next;
    else fixed.push(next);
  } else if (at >= 0) fixed.splice(at, 1);
  const { fixed: _old, ...rest } = charges ?? {};
  const out: Charges = { ...rest, ...(fixed.length ? { fixed } : {}) };
  return Object.keys(out).length ? out : undefined;
}

/** A typed amount: a number from 0, or undefined for an empty field; NaN for anything else. */
export function amountOf(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  const v = Number(t);
  return Number.isFinite(v) && v >= 0 && v <= 1e7 ? v : NaN;
}
