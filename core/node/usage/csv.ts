import { parse } from 'csv-parse/sync';
import { Codes } from '../../engine/errors.js';
import {
  detectSeparator,
  usageFromRecords,
  UsageCsvError,
  type CsvRecord,
  type ParsedUsage,
  type UsageCsvOptions,
} from '../../engine/usage/csv.js';

/** Biggest usage file read: a year of 5-minute start/end rows with long timestamps is about 7 MB. */
export const MAX_USAGE_CSV_BYTES = 16 * 1024 * 1024;

/** Line breaks inside a record's cells: only a quoted cell holds one, so each is a line of the file. */
function innerBreaks(cells: string[]): number {
  let n = 0;
  for (const cell of cells) {
    if (!/[\r\n]/.test(cell)) continue;
    for (let i = 0; i < cell.length; i++) {
      const c = cell.charCodeAt(i);
      if (c === 10 || (c === 13 && cell.charCodeAt(i + 1) !== 10)) n++;
    }
  }
  return n;
}

/**
 * Reads a usage CSV file's text (docs/costs.md, "CSV usage files"): csv-parse tokenizes it
 * (quotes, BOM, CRLF), the engine's `usageFromRecords` reads the rows. Each record keeps the
 * line it starts on, counted here, so a quoted cell across lines does not
 * shift the line numbers of later errors.
 */
export function readUsageCsv(text: string, o: UsageCsvOptions): ParsedUsage {
  if (text.length > MAX_USAGE_CSV_BYTES)
    throw new UsageCsvError(Codes.csvTooLarge, `the file is larger than ${MAX_USAGE_CSV_BYTES / 1024 / 1024} MiB`);
  const separator = detectSeparator(text);
  let parsed: string[][];
  try {
    parsed = parse(text, {
      delimiter: separator,
      // Any line end, mixed too (files pasted together from two exports).
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      relax_column_count: true,
    });
  } catch (e) {
    const err = e as Error & { lines?: number };
    throw new UsageCsvError(
      Codes.csvInvalid,
      `${err.lines ? `line ${err.lines}: ` : ''}the file is not CSV (${err.message.split('\n')[0]!.slice(0, 120)})`,
      err.lines,
    );
  }
  const records: CsvRecord[] = [];
  let line = 1;
  for (const cells of parsed) {
    records.push({ line, cells });
    line += 1 + innerBreaks(cells);
  }
  return usageFromRecords(records, separator, o);
}
