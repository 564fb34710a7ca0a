/**
 * The units a price per kWh is typed in: the currency's major unit (GBP/kWh), or its minor unit
 * where people think in it (p/kWh). The model and the API always hold major units; a price typed
 * in the minor unit is converted as decimal digits, never by a float division, so 24.5 p is
 * 0.245 and not 0.24500000000000002.
 */

export type PriceUnit = 'major' | 'minor';

/** A currency's minor unit: its name on prices ("p" in "24.5 p/kWh") and its decimals (2: 1/100). */
export interface MinorUnit {
  name: string;
  digits: number;
}

/**
 * The names people write a price per kWh with. Only currencies whose minor unit is 1/100 (ISO
 * 4217, as the browser's Intl knows it) are listed, and only where tariffs are quoted in it.
 */
const MINOR_NAMES: Record<string, string> = {
  GBP: 'p',
  EUR: 'ct',
  USD: '¢',
  CAD: '¢',
  AUD: 'c',
  NZD: 'c',
  ZAR: 'c',
  CHF: 'Rp.',
  SEK: 'öre',
  NOK: 'øre',
  DKK: 'øre',
  PLN: 'gr',
};

/** Decimals of a currency's minor unit per Intl (2 for GBP, 0 for JPY, 3 for KWD), or null if unknown. */
function minorDigits(currency: string): number | null {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? null;
  } catch {
    return null;
  }
}

/** The currency's minor unit when prices can be typed in it; null for JPY, KWD and the like. */
export function minorUnitOf(currency: string | undefined): MinorUnit | null {
  if (!currency) return null;
  const name = MINOR_NAMES[currency];
  if (!name || minorDigits(currency) !== 2) return null;
  return { name, digits: 2 };
}

/** The currency's narrow symbol ("£", "€", "$"), for the unit switch; the code where Intl has none. */
export function majorSymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * Decimals a price typed in the minor unit keeps once in major units: 5, the precision every
 * price is answered at (docs/pricing.md, rule 9), so 24.56789 p/kWh is 0.24568.
 */
export const MAJOR_DECIMALS = 5;

/** A decimal number as its digits and a power of ten: "-24.5" → { sign: -1, digits: 245n, exp: -1 }. */
interface Decimal {
  sign: 1 | -1;
  digits: bigint;
  exp: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL.exec(text.trim());
  if (!m || (!m[2] && !m[3])) return null;
  const frac = m[3] ?? '';
  return {
    sign: m[1] === '-' ? -1 : 1,
    digits: BigInt(`${m[2] ?? ''}${frac}` || '0'),
    exp: Number(m[4] ?? 0) - frac.length,
  };
}

/** The decimal as plain text, no exponent, no trailing zeros: { 245n, -3 } → "0.245". */
function formatDecimal({ sign, digits, exp }: Decimal): string {
  if (digits === 0n) return '0';
  let s = digits.toString();
  if (exp >= 0) s += '0'.repeat(exp);
  else {
    s = s.padStart(-exp + 1, '0');
    s = `${s.slice(0, exp)}.${s.slice(exp)}`.replace(/\.?0+$/, '');
  }
  return sign < 0 ? `-${s}` : s;
}

/** Rounds to `places` decimals, halves away from zero (as money is rounded). */
function roundDecimal(d: Decimal, places: number): Decimal {
  if (d.exp >= -places) return d;
  const cut = 10n ** BigInt(-places - d.exp);
  const kept = d.digits / cut;
  const rest = d.digits % cut;
  return { sign: d.sign, digits: rest * 2n >= cut ? kept + 1n : kept, exp: -places };
}

/**
 * The price in major units of a text typed in `unit`: undefined when empty, NaN when not a
 * number (as `Number` would say). A major-unit text is taken as `Number` takes it, as before.
 */
export function toMajor(text: string, unit: PriceUnit, minor: MinorUnit | null): number | undefined {
  if (text.trim() === '') return undefined;
  if (unit === 'major' || !minor) return Number(text);
  const d = parseDecimal(text);
  if (!d) return NaN;
  return Number(formatDecimal(roundDecimal({ ...d, exp: d.exp - minor.digits }, MAJOR_DECIMALS)));
}

/** The text a price in major units shows in `unit`: 0.245 in p/kWh is "24.5". */
export function fromMajor(value: number | undefined, unit: PriceUnit, minor: MinorUnit | null): string {
  if (value === undefined || Number.isNaN(value)) return '';
  if (unit === 'major' || !minor) return String(value);
  const d = parseDecimal(String(value));
  return d ? formatDecimal({ ...d, exp: d.exp + minor.digits }) : String(value);
}

/** Above this many major units per kWh a typed price is asked about: likely meant in the minor unit. */
export const SUSPECT_ABOVE = 5;
