import { Codes, unprocessable } from '../../errors.js';
import type { DemandRatchet, DemandCharges, DemandTier } from '../../schemas/charges.js';
import type { ImportWarning } from '../../schemas/tariff-import.js';
import type { UrdbDemandTier, UrdbRate } from '../../schemas/urdb.js';
import { carries, dayRows, MAX_TIERS, monthGroups, monthNames, priceOf, show } from './shared.js';

/**
 * A URDB rate's demand charges as the tariff's: time-of-use demand (demandratestructure with its
 * weekday and weekend 12 × 24 schedules) as demand periods and a demand schedule merged into
 * bands like the energy schedule, and flat demand (flatdemandstructure by flatdemandmonths) as
 * flat entries by month. Each tier's max is a kW bound; rate + adj the price per kW.
 */

/** Demand periods a tariff holds (the charges schema's limit). */
const MAX_PERIODS = 24;
/** The largest kW bound a tier may have (the charges schema's limit); a higher one is never reached. */
const MAX_TO_KW = 1e9;

type Structure = 'demandratestructure' | 'flatdemandstructure';

/** The name of a time-of-use demand period: its index in the document, counted from 0 as URDB does. */
export const demandPeriodName = (p: number) => `Period ${p}`;

/** A period's tiers as kW blocks. */
function blocksOf(field: Structure, p: number, tiers: UrdbDemandTier[], warnings: ImportWarning[]): DemandTier[] {
  if (tiers.length > MAX_TIERS)
    throw unprocessable(
      Codes.urdbTiersUnsupported,
      `rate.${field}[${p}]: ${tiers.length} tiers; a demand rate holds at most ${MAX_TIERS}.`,
    );
  const out: DemandTier[] = [];
  for (let t = 0; t < tiers.length; t++) {
    const tier = tiers[t]!;
    const fixed = priceOf(tier);
    if (t === tiers.length - 1) {
      if (tiers.length > 1 && carries(tier.max))
        warnings.push({
          code: 'not_imported',
          field: `${field}[${p}][${t}].max`,
          value: tier.max,
          message: `The last tier's bound (${tier.max} kW) is not kept: demand above it is priced at that tier's rate.`,
        });
      out.push({ fixed });
      break;
    }
    if (tier.max! >= MAX_TO_KW) {
      out.push({ fixed });
      warnings.push({
        code: 'tier_cut',
        field: `${field}[${p}][${t}].max`,
        value: tier.max,
        message: `A bound of ${tier.max} kW is never reached: the ${tiers.length - t - 1} tier(s) after it in period ${p} are not imported.`,
      });
      break;
    }
    out.push({ fixed, to_kw: tier.max! });
  }
  // Neighbouring blocks of one price are one block (the later bound holds both).
  return out.filter((b, i) => i === out.length - 1 || b.fixed !== out[i + 1]!.fixed);
}

/** Whether the document's unit for a demand structure is kW (its default); warned and left out otherwise. */
function inKw(
  unitField: 'demandrateunit' | 'flatdemandunit',
  field: Structure,
  r: UrdbRate,
  warnings: ImportWarning[],
): boolean {
  const unit = r[unitField];
  if (unit === undefined || unit === null || unit.trim().toLowerCase() === 'kw') return true;
  warnings.push({
    code: 'not_imported',
    field: unitField,
    value: unit,
    message: `The ${field === 'flatdemandstructure' ? 'flat' : 'time-of-use'} demand charges are in ${show(unit)}, not kW: they are not imported (${field}); a tariff's demand charges are per kW of the month's highest average power.`,
  });
  return false;
}

function timeOfUse(r: UrdbRate, warnings: ImportWarning[]): Pick<DemandCharges, 'periods' | 'schedule'> {
  const structure = r.demandratestructure;
  if (!structure || !inKw('demandrateunit', 'demandratestructure', r, warnings)) return {};
  const weekdays = r.demandweekdayschedule!,
    weekends = r.demandweekendschedule!;
  // The periods the hours name, in the document's order.
  const used = [...new Set([...weekdays.flat(), ...weekends.flat()])].sort((a, b) => a - b);
  if (used.length > MAX_PERIODS)
    throw unprocessable(
      'urdb_periods_unsupported',
      `rate.demandratestructure: the schedules name ${used.length} demand periods; a tariff holds at most ${MAX_PERIODS}.`,
    );
  const periods = used.map((p) => ({
    name: demandPeriodName(p),
    rate: blocksOf('demandratestructure', p, structure[p]!, warnings),
  }));
  const schedule = monthGroups(weekdays, weekends).map((g) => ({
    months: monthNames(g.months),
    days_and_hours: dayRows(g, (p) => ({ period: demandPeriodName(p) })),
  }));
  return { periods, schedule };
}

function flat(r: UrdbRate, warnings: ImportWarning[]): Pick<DemandCharges, 'flat'> {
  const structure = r.flatdemandstructure;
  if (!structure || !inKw('flatdemandunit', 'flatdemandstructure', r, warnings)) return {};
  // One period and no months: it applies all year.
  const months = r.flatdemandmonths ?? Array.from({ length: 12 }, () => 0);
  const byPeriod = new Map<number, number[]>();
  months.forEach((p, m) => byPeriod.set(p, [...(byPeriod.get(p) ?? []), m]));
  return {
    flat: [...byPeriod].map(([p, ms]) => ({
      months: monthNames(ms),
      rate: blocksOf('flatdemandstructure', p, structure[p]!, warnings),
    })),
  };
}

/**
 * URDB's demand look-back as a ratchet: `lookbackpercent` is a fraction (0.75), `lookbackmonths`
 * 12 flags (January to December) of the months whose peaks count, `lookbackrange` a number of
 * months before the billed one. The flags win where both are given, as URDB documents them.
 */
function ratchetOf(
  doc: Record<string, unknown>,
  hasFlat: boolean,
  warnings: ImportWarning[],
): DemandRatchet | undefined {
  const percent = doc.lookbackpercent;
  if (!carries(percent)) return undefined;
  const refuse = (message: string) => {
    warnings.push({ code: 'not_imported', field: 'lookbackpercent', value: percent, message });
    return undefined;
  };
  if (typeof percent !== 'number' || !(percent > 0 && percent <= 10))
    return refuse(
      `A demand look-back of ${show(percent)} is not imported: lookbackpercent is a fraction such as 0.75.`,
    );
  if (!hasFlat)
    return refuse(
      `A demand look-back of ${show(percent)} is not imported: it ratchets flat demand, and the rate has no flatdemandstructure.`,
    );
  const flags = doc.lookbackmonths;
  const range = doc.lookbackrange;
  const share = Number((percent * 100).toPrecision(12));
  if (Array.isArray(flags) && flags.length === 12 && flags.some((f) => f === true || f === 1)) {
    const months = flags.flatMap((f, i) => (f === true || f === 1 ? [i] : []));
    if (carries(range))
      warnings.push({
        code: 'not_imported',
        field: 'lookbackrange',
        value: range,
        message: `lookbackrange (${show(range)}) is not used: lookbackmonths names the months whose peaks count.`,
      });
    return { percent: share, months: monthNames(months) };
  }
  if (typeof range === 'number' && Number.isInteger(range) && range >= 1 && range <= 24)
    return { percent: share, range_months: range };
  return refuse(
    `A demand look-back of ${show(percent)} is not imported: neither lookbackmonths (12 flags) nor lookbackrange (1–24 months) says which months count.`,
  );
}

/** The demand charges of a rate, or undefined when it has none a tariff holds. */
export function demandOf(r: UrdbRate, warnings: ImportWarning[]): DemandCharges | undefined {
  const d: DemandCharges = { ...flat(r, warnings), ...timeOfUse(r, warnings) };
  const ratchet = ratchetOf(r as Record<string, unknown>, !!d.flat?.length, warnings);
  if (ratchet) d.ratchet = ratchet;
  return Object.keys(d).length ? d : undefined;
}
