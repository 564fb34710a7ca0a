import { z } from 'zod';
import { DateTime } from 'luxon';
import { parseWith } from '../api/validate.js';
import { invalid } from '../errors.js';
import { contractInstant } from '../schedule/contract.js';
import type { Charges } from '../schemas/charges.js';
import type { TariffDirection, TariffType } from '../schemas/common.js';
import type { TariffCreate } from '../schemas/tariff.js';
import type { ImportWarning } from '../schemas/tariff-import.js';
import { UrdbRateField, type UrdbRate } from '../schemas/urdb.js';
import { demandOf } from './urdb/demand.js';
import { scheduleOf } from './urdb/energy.js';
import { fixedOf, minimumOf } from './urdb/fixed.js';
import { unheldWarnings } from './urdb/warnings.js';

/**
 * A URDB rate as a tariff (docs/import.md): its energy periods and 12 × 24 schedules become
 * schedule entries, its fixed, minimum and demand charges the tariff's charges (an IMPORT
 * tariff's; an EXPORT tariff is made from the sell rates), and everything a tariff cannot hold
 * comes back as a warning naming the field. Pure: the location's zone, currency and today come
 * in as values.
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

const NAME_MAX = 200;

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

/** The fixed, minimum and demand charges of an IMPORT tariff, or undefined when the rate has none. */
function chargesOf(r: UrdbRate, warnings: ImportWarning[]): Charges | undefined {
  const fixed = fixedOf(r, warnings);
  const minimum = minimumOf(r, warnings);
  const demand = demandOf(r, warnings);
  const c: Charges = { ...(fixed ? { fixed } : {}), ...(minimum ? { minimum } : {}), ...(demand ? { demand } : {}) };
  return Object.keys(c).length ? c : undefined;
}

const Document = z.strictObject({ rate: UrdbRateField });

/**
 * A URDB rate (one item of the URDB API's answer) as the body `POST /tariffs` takes, and the
 * warnings of what it could not carry. A document that is not a rate is 400 naming the field
 * (as `rate.…`, the request field that holds it), as is an EXPORT import of a rate without
 * sell rates (`sell_missing`); a unit or a tier count a tariff cannot hold is 422.
 */
export function tariffFromUrdb(raw: unknown, o: UrdbImportOptions): UrdbImport {
  const r = parseWith(Document, { rate: raw }, 'body').rate;
  const doc = raw as Record<string, unknown>;
  const warnings: ImportWarning[] = [];
  const display_name = displayName(r, o, warnings);
  const dates = contract(r, o, warnings);
  const exporting = o.direction === 'EXPORT';
  const schedule = scheduleOf(r, exporting ? 'sell' : 'buy', warnings);
  const charges = exporting ? undefined : chargesOf(r, warnings);
  warnings.push(...unheldWarnings(doc, exporting));
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
    ...(charges ? { charges } : {}),
  };
  return { tariff, warnings };
}
