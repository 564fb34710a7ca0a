import {
  detectSeparator,
  usageFromRecords,
  UsageCsvError,
  type CsvRecord,
  type ParsedUsage,
} from '../../core/engine/usage/csv';
import { Codes } from '../../core/engine/errors';

/** Biggest usage file read in the app, as on the command line. */
export const MAX_USAGE_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Splits CSV text into records (RFC 4180: quoted cells, doubled quotes, any line end, a BOM),
 * each with the line it starts on. The server-side CSV package is not for the browser, and the
 * rows themselves are read by the engine's `usageFromRecords`, as the command line reads them.
 */
export function csvRecords(text: string, separator: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  const s = text.replace(/^\uFEFF/, '');
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    out.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n' || (ch === '\r' && s[i + 1] !== '\n')) line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      endRecord();
      start = ++line;
    } else cell += ch;
  }
  if (quoted) throw new UsageCsvError(Codes.csvInvalid, `line ${start}: a quoted cell is not closed`, start);
  if (cell !== '' || cells.length) endRecord();
  return out;
}

/** A usage file's text read into intervals, times without an offset taken in `zone`. */
export function readUsageFile(text: string, zone: string, negative = false): ParsedUsage {
  if (text.length > MAX_USAGE_FILE_BYTES)
    throw new UsageCsvError(Codes.csvTooLarge, `the file is larger than ${MAX_USAGE_FILE_BYTES / 1024 / 1024} MiB`);
  const separator = detectSeparator(text);
  return usageFromRecords(csvRecords(text, separator), separator, { zone, negative });
}

/**
 * A chosen file read as an energy series the pickers hold (usage or generation): its intervals,
 * total and span. A file with no rows is refused in the words of what it should hold.
 */
export async function readSeriesFile(f: File, zone: string, rows: 'usage' | 'generation') {
  // Generation may hold small negatives (an inverter's night draw), as SAM and PVWatts write it.
  const parsed = readUsageFile(await f.text(), zone, rows === 'generation');
  if (!parsed.intervals.length) throw new Error(`the file has no ${rows} rows`);
  return {
    kind: 'csv' as const,
    name: f.name,
    intervals: parsed.intervals,
    total_kwh: parsed.total_kwh,
    from: parsed.intervals[0]!.start,
    to: parsed.intervals.at(-1)!.end,
  };
}
