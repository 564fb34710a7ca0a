import { z } from 'zod';
import { DateTime } from 'luxon';
import { parseWith } from '../api/validate.js';
import { Codes, invalid, unprocessable } from '../errors.js';
import { contractInstant } from '../schedule/contract.js';
import { MONTH_NAMES } from '../schedule/names.js';
import type { TariffDirection, TariffType } from '../schemas/common.js';
import type { Rate, Schedule, ScheduleEntry } from '../schemas/schedule.js';
import type { TariffCreate } from '../schemas/tariff.js';
import type { ImportWarning } from '../schemas/tariff-import.js';
import { UrdbRateField, type UrdbRate, type UrdbTier } from '../schemas/urdb.js';

/**
 * A URDB rate as a tariff (docs/import.md): its energy periods and 12 × 24 schedules become
 * schedule entries, and everything a tariff cannot hold comes back as a warning naming the
 * field. Pure: the location's zone, currency and today come in as values.
 */

export interface UrdbImportOptions {
  location_id: string;
  /** The location's zone: contract dates are its local days. */
  zone: string;
  /** The location's currency: URDB rates are in US dollars. */
  currency: string;
  /** Today at the location (YYYY-MM-DD), for a contract the document leaves open. */
  today: string;
  type?: TariffType | undefined;
  direction?: TariffDirection | undefined;
  display_name?: string | undefined;
  contract_start_date?: string | undefined;
  contract_end_date?: string | undefined;
}

export interface UrdbImport {
  tariff: TariffCreate;
  warnings: ImportWarning[];
}

/** Days of each month; February as 28 (said in a warning where it matters). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Tiers a band holds (the schedule schema's limit). */
const MAX_TIERS = 10;
/** The largest bound a tier may have (the schedule schema's limit); a higher one is never reached. */
const MAX_TO_KWH = 1e9;
const NAME_MAX = 200;

/** A sum of two decimal rates without binary noise (0.1 + 0.02 is 0.12). */
const decimal = (x: number) => Number(x.toPrecision(12));

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

/** Whether a field carries something: not absent, null, zero, empty, or a list of such. */
function carries(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === 0 || v === false) return false;
  if (Array.isArray(v)) return v.some(carries);
  if (typeof v === 'object') return Object.values(v as object).some(carries);
  return true;
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The charges and rules a tariff cannot hold, each named when the document carries it. The
 * fields beside one (its units, its schedules) are said in its message, not warned on alone:
 * without it they hold nothing.
 */
const NOT_IMPORTED: { field: string; says(r: Record<string, unknown>): string }[] = [
  {
    field: 'fixedchargefirstmeter',
    says: (r) =>
      `A fixed charge of ${show(r.fixedchargefirstmeter)} ${show(r.fixedchargeunits ?? '$/month')} (fixedchargeunits) is not imported: a tariff prices energy only.`,
  },
  {
    field: 'fixedchargeeaaddl',
    says: (r) =>
      `A fixed charge of ${show(r.fixedchargeeaaddl)} ${show(r.fixedchargeunits ?? '$/month')} for each additional meter is not imported: a tariff prices energy only.`,
  },
  {
    field: 'fixedmonthlycharge',
    says: (r) =>
      `A fixed monthly charge of ${show(r.fixedmonthlycharge)} $ is not imported: a tariff prices energy only.`,
  },
  {
    field: 'mincharge',
    says: (r) =>
      `A minimum charge of ${show(r.mincharge)} ${show(r.minchargeunits ?? '$/month')} (minchargeunits) is not imported: a tariff has no minimum bill.`,
  },
  {
    field: 'minmonthlycharge',
    says: (r) =>
      `A minimum monthly charge of ${show(r.minmonthlycharge)} $ is not imported: a tariff has no minimum bill.`,
  },
  {
    field: 'annualmincharge',
    says: (r) =>
      `An annual minimum charge of ${show(r.annualmincharge)} $ is not imported: a tariff has no minimum bill.`,
  },
  {
    field: 'demandratestructure',
    says: (r) =>
      `Time-of-use demand charges (${count(r.demandratestructure, 'period')} in ${show(r.demandrateunit ?? 'kW')}, with demandweekdayschedule and demandweekendschedule) are not imported: a tariff has no charge on peak power.`,
  },
  {
    field: 'flatdemandstructure',
    says: (r) =>
      `Flat demand charges (${count(r.flatdemandstructure, 'period')} in ${show(r.flatdemandunit ?? 'kW')}, by flatdemandmonths) are not imported: a tariff has no charge on peak power.`,
  },
  {
    field: 'coincidentratestructure',
    says: (r) =>
      `Coincident peak charges (${count(r.coincidentratestructure, 'period')} in ${show(r.coincidentrateunit ?? 'kW')}, by coincidentrateschedule) are not imported: a tariff has no charge on peak power.`,
  },
  {
    field: 'demandreactivepowercharge',
    says: (r) =>
      `A reactive power charge of ${show(r.demandreactivepowercharge)} $/kVAR is not imported: a tariff prices energy only.`,
  },
  {
    field: 'demandratchetpercentage',
    says: () =>
      'A demand ratchet (a share of earlier peaks, by month) is not imported: a tariff has no demand charges.',
  },
  {
    field: 'lookbackpercent',
    says: (r) =>
      `A demand look-back of ${show(r.lookbackpercent)} (lookbackrange, lookbackmonths) is not imported: a tariff has no demand charges.`,
  },
  {
    field: 'fueladjustmentsmonthly',
    says: () =>
      'Monthly fuel adjustments are not added to the prices: the rates are imported as energyratestructure gives them (rate + adj).',
  },
  {
    field: 'dgrules',
    says: (r) =>
      `The rule for distributed generation (${show(r.dgrules)}) is not imported: feed-in is an EXPORT tariff of its own.`,
  },
  ...(['energyattrs', 'demandattrs', 'fixedattrs', 'energykeyvals', 'demandkeyvals', 'fixedkeyvals'] as const).map(
    (field) => ({
      field,
      says: () => `Further ${field.replace(/attrs|keyvals/, '')} terms written out in ${field} are not imported.`,
    }),
  ),
];

function count(v: unknown, what: string): string {
  const n = Array.isArray(v) ? v.length : 1;
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** A URDB epoch's day: its UTC date (URDB dates are midnight UTC, or a US zone's midnight on the same date). */
const dayOf = (epoch: number) => DateTime.fromSeconds(epoch, { zone: 'utc' }).toISODate()!;

function contract(r: UrdbRate, o: UrdbImportOptions, warnings: ImportWarning[]) {
  let start = o.contract_start_date;
  if (start === undefined) {
    if (typeof r.startdate === 'number') start = dayOf(r.startdate);
    else {
      start = o.today;
      warnings.push({
        code: 'contract_start_date_defaulted',
        field: 'startdate',
        message: `The rate has no startdate: the contract starts today (${o.today}).`,
      });
    }
  }
  let end = o.contract_end_date;
  let endFrom: 'request' | 'document' | 'default' = 'request';
  if (end === undefined) {
    if (typeof r.enddate === 'number') {
      end = dayOf(r.enddate);
      endFrom = 'document';
    } else {
      // A rate still in force: a year on from the start, and at least a year on from today.
      const startDay = DateTime.fromMillis(contractInstant(start, o.zone), { zone: o.zone });
      const fromStart = startDay.plus({ years: 1 }).toISODate()!;
      const fromToday = DateTime.fromISO(o.today, { zone: o.zone }).plus({ years: 1 }).toISODate()!;
      end = fromStart > fromToday ? fromStart : fromToday;
      endFrom = 'default';
      warnings.push({
        code: 'contract_end_date_defaulted',
        field: 'enddate',
        message: `The rate has no enddate (it is still in force): the contract ends ${end}; give contract_end_date to choose.`,
      });
    }
  }
  if (!(contractInstant(end, o.zone) > contractInstant(start, o.zone))) {
    throw endFrom === 'document'
      ? invalid('enddate_invalid', `rate.enddate: ${end} is not after the contract start ${start}.`)
      : invalid('contract_end_date_invalid', `contract_end_date: ${end} must be after contract_start_date ${start}.`);
  }
  // Saved as it is, such a tariff prices nothing from today and is announced as expired at once.
  if (end <= o.today)
    warnings.push({
      code: 'contract_ended',
      field: endFrom === 'document' ? 'enddate' : 'contract_end_date',
      value: end,
      message: `The contract ended ${end}, before today (${o.today}): saved as it is, the tariff prices nothing from today and tariff.expired is sent at once; give contract dates to use its rates now.`,
    });
  return { contract_start_date: start, contract_end_date: end };
}

function displayName(r: UrdbRate, o: UrdbImportOptions, warnings: ImportWarning[]): string {
  if (o.display_name !== undefined) return o.display_name;
  const name = r.name?.trim(),
    utility = r.utility?.trim();
  const full = (name && utility ? `${utility} – ${name}` : (name ?? utility ?? r.label?.trim())) || 'URDB rate';
  if (full.length <= NAME_MAX) return full;
  const short = full.slice(0, NAME_MAX - 1) + '…';
  warnings.push({
    code: 'display_name_shortened',
    field: 'name',
    value: full,
    message: `The name is longer than ${NAME_MAX} characters: shortened to “${short}”.`,
  });
  return short;
}

/** A period's tiers as a band's rate, with bounds for a month of `days` days (0: not daily). */
function ratesOf(p: number, tiers: UrdbTier[], units: Unit[], days: number, warnings: ImportWarning[]): Rate[] {
  if (tiers.length > MAX_TIERS)
    throw unprocessable(
      Codes.urdbTiersUnsupported,
      `rate.energyratestructure[${p}]: ${tiers.length} tiers; a band holds at most ${MAX_TIERS}.`,
    );
  const out: Rate[] = [];
  let before = 0;
  for (let t = 0; t < tiers.length; t++) {
    const tier = tiers[t]!;
    const fixed = decimal(tier.rate + (tier.adj ?? 0));
    if (t === tiers.length - 1) {
      out.push({ fixed });
      break;
    }
    const bound = decimal(tier.max! * (units[t] === 'daily' ? days : 1));
    if (!(bound > before))
      throw invalid(
        'max_invalid',
        `${tierPath(p, t, 'max')}: ${tier.max}${units[t] === 'daily' ? ` kWh a day (${bound} kWh in a ${days}-day month)` : ''} must be above the bound of the tier before (${before} kWh): bounds rise.`,
      );
    if (bound >= MAX_TO_KWH) {
      // A bound no month reaches: the tiers after it never apply.
      out.push({ fixed });
      warnings.push({
        code: 'tier_cut',
        field: `energyratestructure[${p}][${t}].max`,
        value: tier.max,
        message: `A bound of ${bound} kWh a month is never reached: the ${tiers.length - t - 1} tier(s) after it in period ${p} are not imported.`,
      });
      break;
    }
    out.push({ fixed, to_kwh: bound });
    before = bound;
  }
  return out;
}

const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00:00`;

/** One day row of 24 period indices as bands: adjacent hours of a period are one band. */
function bandsOf(row: number[], rate: (p: number) => Rate[]) {
  const bands: { valid_from: string; valid_to: string; rate: Rate[] }[] = [];
  let from = 0;
  for (let h = 1; h <= 24; h++) {
    if (h < 24 && row[h] === row[from]) continue;
    bands.push({ valid_from: clock(from), valid_to: clock(h), rate: rate(row[from]!) });
    from = h;
  }
  return bands;
}

const same = (a: number[], b: number[]) => a.every((x, i) => x === b[i]);

function scheduleOf(r: UrdbRate, warnings: ImportWarning[]): Schedule {
  const periods = r.energyratestructure;
  const units = periods.map((tiers, p) => tiers.map((t, i) => unitOf(t, p, i)));
  const daily = units.map((u) => u.includes('daily'));
  const firstDaily = units.flatMap((u, p) => u.map((x, t) => [p, t, x] as const)).find(([, , x]) => x === 'daily');
  if (firstDaily) {
    warnings.push({
      code: 'daily_tiers',
      field: `energyratestructure[${firstDaily[0]}][${firstDaily[1]}].unit`,
      value: periods[firstDaily[0]]![firstDaily[1]]!.unit,
      message:
        'Daily tier bounds (kWh daily) become monthly ones: max × the days of the month, one schedule entry per month length; February is taken as 28 days.',
    });
  }
  // Sell rates: one warning each, as the tier has it.
  periods.forEach((tiers, p) =>
    tiers.forEach((t, i) => {
      if (carries(t.sell))
        warnings.push({
          code: 'not_imported',
          field: `energyratestructure[${p}][${i}].sell`,
          value: t.sell,
          message: `A sell rate of ${t.sell} $/kWh is not imported: feed-in is an EXPORT tariff of its own.`,
        });
    }),
  );
  periods.forEach((tiers, p) => {
    const last = tiers[tiers.length - 1]!;
    if (tiers.length > 1 && carries(last.max))
      warnings.push({
        code: 'not_imported',
        field: `energyratestructure[${p}][${tiers.length - 1}].max`,
        value: last.max,
        message: `The last tier's bound (${last.max}) is not kept: energy above it is priced at that tier's rate.`,
      });
  });

  // Months with the same weekday and weekend rows (and, where a daily bound applies, the same length) share an entry.
  const groups = new Map<string, { months: number[]; weekday: number[]; weekend: number[]; days: number }>();
  for (let m = 0; m < 12; m++) {
    const weekday = r.energyweekdayschedule[m]!;
    const weekend = r.energyweekendschedule[m]!;
    const days = [...weekday, ...weekend].some((p) => daily[p]) ? MONTH_DAYS[m]! : 0;
    const key = JSON.stringify([weekday, weekend, days]);
    const g = groups.get(key);
    if (g) g.months.push(m);
    else groups.set(key, { months: [m], weekday, weekend, days });
  }
  const memo = new Map<string, Rate[]>();
  const cutWarned = new Set<string>();
  const rate = (days: number) => (p: number) => {
    const k = `${p}|${days}`;
    let out = memo.get(k);
    if (!out) {
      const found: ImportWarning[] = [];
      out = ratesOf(p, periods[p]!, units[p]!, days, found);
      // A cut is said once per field, whatever the month lengths.
      for (const w of found)
        if (!cutWarned.has(w.field)) {
          cutWarned.add(w.field);
          warnings.push(w);
        }
      memo.set(k, out);
    }
    return out;
  };
  return [...groups.values()].map((g): ScheduleEntry => {
    const price = rate(g.days);
    const rows = same(g.weekday, g.weekend)
      ? [{ days: ['All'], hours: bandsOf(g.weekday, price) }]
      : [
          { days: ['Weekday'], hours: bandsOf(g.weekday, price) },
          { days: ['Weekend'], hours: bandsOf(g.weekend, price) },
        ];
    return {
      months: g.months.length === 12 ? ['All'] : g.months.map((m) => MONTH_NAMES[m]!),
      days_and_hours: rows,
    };
  });
}

const Document = z.strictObject({ rate: UrdbRateField });

/**
 * A URDB rate (one item of the URDB API's answer) as the body `POST /tariffs` takes, and the
 * warnings of what it could not carry. A document that is not a rate is 400 naming the field
 * (as `rate.…`, the request field that holds it); a unit or a tier count a tariff cannot hold
 * is 422.
 */
export function tariffFromUrdb(raw: unknown, o: UrdbImportOptions): UrdbImport {
  const r = parseWith(Document, { rate: raw }, 'body').rate;
  const doc = raw as Record<string, unknown>;
  const warnings: ImportWarning[] = [];
  const display_name = displayName(r, o, warnings);
  const dates = contract(r, o, warnings);
  const schedule = scheduleOf(r, warnings);
  for (const { field, says } of NOT_IMPORTED)
    if (carries(doc[field])) warnings.push({ code: 'not_imported', field, value: doc[field], message: says(doc) });
  if (o.currency !== 'USD')
    warnings.push({
      code: 'currency_differs',
      field: 'currency',
      value: o.currency,
      message: `URDB rates are in US dollars and this location prices in ${o.currency}: the numbers are imported as they are, not converted.`,
    });
  const tariff: TariffCreate = {
    location_id: o.location_id,
    type: o.type ?? 'COMMODITY',
    ...(o.direction ? { direction: o.direction } : {}),
    display_name,
    market_rates: false,
    ...dates,
    schedule,
  };
  return { tariff, warnings };
}
