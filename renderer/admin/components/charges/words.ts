import {
  Charges as ChargesSchema,
  type Charges,
  type DemandRatchet,
  type DemandTier,
  type FixedCharge,
  type MinimumCharge,
} from '../../../../core/engine/schemas/charges';
import { monthsText } from '../../../../core/engine/schedule/precedence';

/**
 * A tariff's charges beside its energy schedule in an analyst's words: "Standing charge £0.60 per
 * day", "Demand 12.00 $/kW for the month's highest kW". Amounts are in the location's currency.
 */

const SYMBOLS: Record<string, string> = { GBP: '£', USD: '$', EUR: '€', AUD: 'A$', CAD: 'C$', NZD: 'NZ$', JPY: '¥' };

/** The location's currency as a sign before an amount ("£0.60"), or its code after it ("0.60 CHF"). */
export const money = (amount: number, currency: string | undefined, digits = 2) => {
  const sign = currency ? SYMBOLS[currency] : undefined;
  const n = amount.toFixed(digits);
  return sign ? `${sign}${n}` : currency ? `${n} ${currency}` : n;
};

/** "$/kW", "CHF/kW", "per kW". */
export const perKw = (currency: string | undefined) => (currency ? `${SYMBOLS[currency] ?? currency}/kW` : 'per kW');

/** A fixed charge's name when it has none: what a bill calls a daily or a monthly one. */
export const fixedName = (f: Pick<FixedCharge, 'per' | 'name'>) =>
  f.name?.trim() || (f.per === 'DAY' ? 'Standing charge' : 'Customer charge');

/** The digits a rate is given in, two to four: a standing charge of 0.4997 a day is not "0.50". */
const rateDigits = (v: number) => Math.min(4, Math.max(2, (String(v).split('.')[1] ?? '').length));

/** "Standing charge £0.60 per day", "Standing charge £0.4997 per day". */
export const fixedWords = (f: FixedCharge, currency: string | undefined) =>
  `${fixedName(f)} ${money(f.amount, currency, rateDigits(f.amount))} per ${f.per === 'DAY' ? 'day' : 'month'}`;

/** "Minimum bill $10.00 per month": a month (or year) whose total is below it pays the difference. */
export const minimumWords = (m: MinimumCharge, currency: string | undefined) =>
  `Minimum bill ${money(m.amount, currency)} per ${m.per === 'MONTH' ? 'month' : 'year'}`;

/** kW blocks: "12.00 $/kW", "12.00 $/kW up to 50 kW, then 9.00 $/kW above". */
export function blocksWords(rate: DemandTier[], currency: string | undefined): string {
  const unit = perKw(currency);
  return rate
    .map((t, k) => {
      const price = `${t.fixed.toFixed(2)} ${unit}`;
      if (k === 0) return t.to_kw !== undefined && rate.length > 1 ? `${price} up to ${t.to_kw} kW` : price;
      const next = t.to_kw !== undefined && k < rate.length - 1 ? ` up to ${t.to_kw} kW` : ' above';
      return `then ${price}${next}`;
    })
    .join(', ');
}

/** "Demand 12.00 $/kW for the month's highest kW", with its months when it has some. */
export function flatWords(rate: DemandTier[], months: string[] | undefined, currency: string | undefined): string {
  const m = monthsText(months);
  const when = m === 'All' ? '' : m === 'no months yet' ? ' (no months yet)' : ` in ${m}`;
  return `Demand ${blocksWords(rate, currency)} for the month’s highest kW${when}`;
}

/** "On-peak: 15.00 $/kW for the month's highest kW in its hours". */
export const periodWords = (name: string, rate: DemandTier[], currency: string | undefined) =>
  `${name}: ${blocksWords(rate, currency)} for the month’s highest kW in its hours`;

/** "At least 75 % of the highest flat peak of January, April and December among the last 12 months". */
export function ratchetWords(r: DemandRatchet): string {
  const months = r.months ? monthsText(r.months) : undefined;
  const of = months
    ? `of ${months} among the 12 months ending with the month billed`
    : `of the ${r.range_months} month${r.range_months === 1 ? '' : 's'} before the month billed`;
  return `Demand ratchet: flat demand is billed at least ${r.percent} % of the highest flat peak ${of}`;
}

/** Charges with nothing in them are no charges: empty lists and parts go, and an empty whole is undefined. */
export function tidyCharges(c: Charges | undefined): Charges | undefined {
  if (!c) return undefined;
  const out: Charges = {};
  if (c.fixed?.length) out.fixed = c.fixed;
  if (c.minimum) out.minimum = c.minimum;
  const d = c.demand;
  if (d) {
    const demand: NonNullable<Charges['demand']> = {};
    if (d.flat?.length) demand.flat = d.flat;
    if (d.periods?.length) demand.periods = d.periods;
    if (d.schedule?.length && d.periods?.length) demand.schedule = d.schedule;
    // A ratchet floors flat demand: it goes with it.
    if (d.ratchet && d.flat?.length) demand.ratchet = d.ratchet;
    if (Object.keys(demand).length) out.demand = demand;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Where a problem is, in words: "Demand period 1, block 2: the kW bound". */
function placeWords(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let k = 0; k < path.length; k++) {
    const p = path[k],
      n = path[k + 1];
    const at = typeof n === 'number' ? ` ${n + 1}` : '';
    if (p === 'fixed' && k === 0) parts.push(`Fixed charge${at}`);
    else if (p === 'minimum') parts.push('Minimum bill');
    else if (p === 'flat') parts.push(`Flat demand${at}`);
    else if (p === 'periods') parts.push(`Demand period${at}`);
    else if (p === 'schedule') parts.push(`Demand schedule, month group${at}`);
    else if (p === 'days_and_hours') parts.push(`row${at}`);
    else if (p === 'hours' && at) parts.push(`band${at}`);
    else if (p === 'rate') parts.push(`block${at}`);
    else if (p === 'to_kw') parts.push('its kW bound');
    else if (p === 'amount' || p === 'fixed') parts.push('its amount');
    else if (p === 'name') parts.push('its name');
    else if (p === 'months') parts.push('its months');
    else if (p === 'period') parts.push('its period');
  }
  return parts.join(', ') || 'Charges';
}

/** What the API would refuse in the charges, in words; empty when it would take them. */
export function chargeProblems(c: Charges | undefined): string[] {
  const tidy = tidyCharges(c);
  if (!tidy) return [];
  const r = ChargesSchema.safeParse(tidy);
  if (r.success) return [];
  const all = r.error.issues.map((i) => {
    // An empty row of the demand schedule: what to do, not the schema's array size.
    const what = i.path.at(-1) === 'hours' && i.code === 'too_small' ? 'draw at least one band' : i.message;
    return `${placeWords(i.path)}: ${what}.`;
  });
  return [...new Set(all)];
}
