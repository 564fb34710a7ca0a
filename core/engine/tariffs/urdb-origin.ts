import { URDB_PAGE, type ImportedFrom, type ImportWarning } from '../schemas/tariff-origin.js';

/** What a document says about itself, as text: absent, empty or not a string reads as null. */
const textOf = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null;

/**
 * Where a tariff imported from a URDB rate came from (docs/import.md): the rate's label, utility
 * and name, its page in the database, and the import's warnings, so the saved tariff still says
 * what it is and what it left out. The page is the document's `uri` where that is an OpenEI
 * page, else the one its label names.
 */
export function urdbOrigin(rate: unknown, warnings: ImportWarning[]): ImportedFrom {
  const doc = (typeof rate === 'object' && rate !== null ? rate : {}) as Record<string, unknown>;
  const label = textOf(doc.label, 200);
  const uri = textOf(doc.uri, 500);
  const url =
    uri && URDB_PAGE.test(uri)
      ? uri
      : label && /^[A-Za-z0-9]+$/.test(label)
        ? `https://apps.openei.org/USURDB/rate/view/${label}`
        : null;
  return {
    format: 'urdb',
    label,
    utility: textOf(doc.utility, 1000),
    name: textOf(doc.name, 1000),
    url,
    warnings,
  };
}
