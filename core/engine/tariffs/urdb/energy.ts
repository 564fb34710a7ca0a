import { Codes, invalid, unprocessable } from '../../errors.js';
import type { Rate, Schedule } from '../../schemas/schedule.js';
import type { ImportWarning } from '../../schemas/tariff-import.js';
import type { UrdbRate, UrdbTier } from '../../schemas/urdb.js';
import { carries, dayRows, decimal, MAX_TIERS, mergeAlike, monthGroups, MONTH_DAYS, priceOf } from './shared.js';

/**
 * The energy part of a URDB rate: its periods and 12 × 24 schedules as schedule entries. An
 * IMPORT tariff prices each tier at rate + adj; an EXPORT tariff at its sell rate, on the same
 * schedule.
 */

/** The largest bound a tier may have (the schedule schema's limit); a higher one is never reached. */
const MAX_TO_KWH = 1e9;

export type Side = 'buy' | 'sell';

const tierPath = (p: number, t: number, field?: string) =>
  `rate.energyratestructure[${p}][${t}]${field ? `.${field}` : ''}`;

type Unit = 'kwh' | 'daily';

function unitOf(tier: UrdbTier, p: number, t: number): Unit {
  const raw = (tier.unit ?? 'kWh').trim();
  const k = raw.toLowerCase();
  if (k === 'kwh') return 'kwh';
  if (k === 'kwh daily') return 'daily';
  throw unprocessable(
    Codes.urdbUnitUnsupported,
    `${tierPath(p, t, 'unit')}: ${JSON.stringify(raw)} is not supported: tiers in kWh or kWh daily can be imported; a bound per kW of demand needs the peak power, which a tariff does not know.`,
  );
}

/** A tier's price on the side the tariff is for; an EXPORT tariff needs every tier's sell rate. */
function priceFor(side: Side, tier: UrdbTier, p: number, t: number): number {
  if (side === 'buy') return priceOf(tier);
  if (typeof tier.sell !== 'number')
    throw invalid(
      'sell_missing',
      `${tierPath(p, t, 'sell')}: missing: an EXPORT tariff is made from the document's sell rates, and this tier has none.`,
    );
  return tier.sell;
}

/** Whether a period's tiers differ in price on this side (an EXPORT tariff whose tiers all sell alike has one). */
const tiered = (side: Side, tiers: UrdbTier[]) =>
  tiers.length > 1 && (side === 'buy' || tiers.some((t) => t.sell !== tiers[0]!.sell));

/** A period's tiers as a band's rate, with bounds for a month of `days` days (0: not daily). */
function ratesOf(
  side: Side,
  p: number,
  tiers: UrdbTier[],
  units: Unit[],
  days: number,
  warnings: ImportWarning[],
): Rate[] {
  if (tiers.length > MAX_TIERS)
    throw unprocessable(
      Codes.urdbTiersUnsupported,
      `rate.energyratestructure[${p}]: ${tiers.length} tiers; a band holds at most ${MAX_TIERS}.`,
    );
  const out: Rate[] = [];
  let before = 0;
  for (let t = 0; t < tiers.length; t++) {
    const tier = tiers[t]!;
    const fixed = priceFor(side, tier, p, t);
    if (t === tiers.length - 1) {
      out.push({ fixed });
      break;
    }
    const daily = units[t] === 'daily';
    const bound = decimal(tier.max! * (daily ? days : 1));
    if (!(bound > before))
      throw invalid(
        'max_invalid',
        `${tierPath(p, t, 'max')}: ${tier.max}${daily ? ` kWh a day (${bound} kWh in a ${days}-day month)` : ''} must be above the bound of the tier before (${before} kWh): bounds rise.`,
      );
    if (bound >= MAX_TO_KWH) {
      // A bound no month reaches: the tiers after it never apply.
      out.push({ fixed });
      warnings.push({
        code: 'tier_cut',
        field: `energyratestructure[${p}][${t}].max`,
        value: tier.max,
        message: `A bound of ${tier.max} ${daily ? 'kWh a day' : 'kWh a month'} is never reached: the ${tiers.length - t - 1} tier(s) after it in period ${p} are not imported.`,
      });
      break;
    }
    out.push({ fixed, to_kwh: bound });
    before = bound;
  }
  // Neighbouring tiers of one price are one tier (the later bound holds both).
  return out.filter((r, i) => i === out.length - 1 || r.fixed !== out[i + 1]!.fixed);
}

export function scheduleOf(r: UrdbRate, side: Side, warnings: ImportWarning[]): Schedule {
  const periods = r.energyratestructure;
  const units = periods.map((tiers, p) => tiers.map((t, i) => unitOf(t, p, i)));
  const daily = units.map((u, p) => u.includes('daily') && tiered(side, periods[p]!));
  const firstDaily = units
    .flatMap((u, p) => (daily[p] ? u.map((x, t) => [p, t, x] as const) : []))
    .find(([, , x]) => x === 'daily');
  if (firstDaily) {
    warnings.push({
      code: 'daily_tiers',
      field: `energyratestructure[${firstDaily[0]}][${firstDaily[1]}].unit`,
      value: periods[firstDaily[0]]![firstDaily[1]]!.unit,
      message:
        'Daily tier bounds (kWh daily) become monthly ones: max × the days of the month, one schedule entry per month length; February is taken as 28 days.',
    });
  }
  // An IMPORT tariff leaves the sell rates to the EXPORT one: one warning each, as the tier has it.
  if (side === 'buy')
    periods.forEach((tiers, p) =>
      tiers.forEach((t, i) => {
        if (carries(t.sell))
          warnings.push({
            code: 'not_imported',
            field: `energyratestructure[${p}][${i}].sell`,
            value: t.sell,
            message: `A sell rate of ${t.sell} $/kWh is not part of the IMPORT tariff: import the document with direction EXPORT for the export tariff its sell rates make.`,
          });
      }),
    );
  periods.forEach((tiers, p) => {
    const last = tiers[tiers.length - 1]!;
    if (tiered(side, tiers) && carries(last.max))
      warnings.push({
        code: 'not_imported',
        field: `energyratestructure[${p}][${tiers.length - 1}].max`,
        value: last.max,
        message: `The last tier's bound (${last.max}) is not kept: energy above it is priced at that tier's rate.`,
      });
  });

  // Months with the same weekday and weekend rows (and, where a daily bound applies, the same length) share an entry.
  const groups = monthGroups(r.energyweekdayschedule, r.energyweekendschedule, (m) =>
    [...r.energyweekdayschedule[m]!, ...r.energyweekendschedule[m]!].some((p) => daily[p]) ? MONTH_DAYS[m]! : 0,
  );
  const memo = new Map<string, Rate[]>();
  const cutWarned = new Set<string>();
  const rate = (days: number) => (p: number) => {
    const k = `${p}|${days}`;
    let out = memo.get(k);
    if (!out) {
      const found: ImportWarning[] = [];
      out = ratesOf(side, p, periods[p]!, units[p]!, days, found);
      // A cut is said once per field, whatever the month lengths.
      for (const w of found)
        if (!cutWarned.has(w.field)) {
          cutWarned.add(w.field);
          warnings.push(w);
        }
      memo.set(k, out);
    }
    return { rate: out };
  };
  return mergeAlike(groups.map((g) => ({ months: g.months, days_and_hours: dayRows(g, rate(g.extra as number)) })));
}
