import type { ImportWarning } from '../../schemas/tariff-import.js';
import { carries, count, show } from './shared.js';

/**
 * What a tariff still cannot hold, each named in a warning when the document carries it. The
 * fields beside one (its units, its schedules) are said in its message, not warned on alone:
 * without it they hold nothing. Numbers are printed as the document wrote them.
 */

type Doc = Record<string, unknown>;
interface Unheld {
  field: string;
  says(r: Doc): string;
  /** Said in another field's warning when that one is carried. */
  besides?: string;
}

const NOT_IMPORTED: Unheld[] = [
  {
    field: 'fixedchargeeaaddl',
    says: (r) =>
      `A fixed charge of ${show(r.fixedchargeeaaddl)} ${show(r.fixedchargeunits ?? '$/month')} for each additional meter is not imported: a tariff is one meter's.`,
  },
  {
    field: 'coincidentratestructure',
    says: (r) =>
      `Coincident peak charges (${count(r.coincidentratestructure, 'period')} in ${show(r.coincidentrateunit ?? 'kW')}, by coincidentrateschedule) are not imported: they price the customer's power at the system's peak, which a tariff does not know.`,
  },
  {
    field: 'demandreactivepowercharge',
    says: (r) =>
      `A reactive power charge of ${show(r.demandreactivepowercharge)} $/kVAR is not imported: a tariff's demand charges are per kW.`,
  },
  {
    field: 'demandratchetpercentage',
    says: (r) =>
      `A demand ratchet (${show(r.demandratchetpercentage)}, a share of earlier months' peaks by month) is not imported: a tariff's demand charges take each month's own peak.`,
  },
  {
    field: 'demandwindow',
    says: (r) =>
      `A demand window of ${show(r.demandwindow)} minutes is not kept: demand is each usage interval's average kW, over the intervals the bill is given.`,
  },
  {
    field: 'fueladjustmentsmonthly',
    says: () =>
      'Monthly fuel adjustments are not added to the prices: the rates are imported as energyratestructure gives them (rate + adj).',
  },
  {
    field: 'dgrules',
    says: (r) =>
      `The rule for distributed generation (${show(r.dgrules)}) is not kept: a bill chooses its metering (net billing, credits carried, buy all and sell all) when it is asked; the sell rates make the EXPORT tariff.`,
  },
  ...(['energyattrs', 'demandattrs', 'fixedattrs', 'energykeyvals', 'demandkeyvals', 'fixedkeyvals'] as const).map(
    (field) => ({
      field,
      says: () => `Further ${field.replace(/attrs|keyvals/, '')} terms written out in ${field} are not imported.`,
    }),
  ),
];

/** The charges an IMPORT tariff holds, which an EXPORT tariff made from the same document leaves to it. */
const IMPORT_CHARGES: { field: string; what: string }[] = [
  { field: 'fixedchargefirstmeter', what: 'the fixed charges' },
  { field: 'fixedmonthlycharge', what: 'the fixed monthly charges' },
  { field: 'mincharge', what: 'the minimum charges' },
  { field: 'minmonthlycharge', what: 'the minimum monthly charges' },
  { field: 'annualmincharge', what: 'the annual minimum charges' },
  { field: 'demandratestructure', what: 'the time-of-use demand charges' },
  { field: 'flatdemandstructure', what: 'the flat demand charges' },
];

/** A warning for each field the document carries and a tariff cannot hold. */
export function unheldWarnings(doc: Doc, exporting: boolean): ImportWarning[] {
  const out: ImportWarning[] = [];
  for (const { field, says, besides } of NOT_IMPORTED)
    if (carries(doc[field]) && !(besides && carries(doc[besides])))
      out.push({ code: 'not_imported', field, value: doc[field], message: says(doc) });
  if (exporting)
    for (const { field, what } of IMPORT_CHARGES)
      if (carries(doc[field]))
        out.push({
          code: 'not_imported',
          field,
          value: doc[field],
          message: `Left to the IMPORT tariff: ${what} (${field}) are not part of an EXPORT tariff; import the document without direction EXPORT for them.`,
        });
  return out;
}
