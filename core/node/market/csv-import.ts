import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { DateTime } from 'luxon';
import { invalid } from '../../engine/errors.js';

export type PriceUnit = 'kWh' | 'MWh';
export interface ParsedSeries {
  layout: 'timestamp_price' | 'entsoe_mtu' | 'start_end_price';
  unit: PriceUnit;
  points: { start: number; end: number; value: number }[];
  resolution_minutes: number;
}

const rowError = (line: number, what: string) => invalid('csv_row_invalid', `line ${line}: ${what}`);

/** Zones named in the headers of common day-ahead exports. */
const HEADER_ZONES: [RegExp, string][] = [
  [/\(CET\/CEST\)|\bCET\b/i, 'Europe/Brussels'],
  [/\(WET\/WEST\)/i, 'Europe/Lisbon'],
  [/\(EET\/EEST\)/i, 'Europe/Helsinki'],
  [/\(GMT\/BST\)|\bUK time\b/i, 'Europe/London'],
  [/\(UTC\)|\bUTC\b/i, 'UTC'],
];

function unitFrom(header: string, given?: PriceUnit): PriceUnit {
  if (given) return given;
  return /mwh/i.test(header) ? 'MWh' : 'kWh';
}

/** A price cell: a decimal number, with a decimal comma where the file uses one. */
const PriceCell = z
  .string()
  .transform((c) => c.trim().replace(/\s/g, ''))
  .transform((c) => (/^-?\d+,\d+$/.test(c) ? c.replace(',', '.') : c))
  .pipe(
    z
      .string()
      .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/)
      .transform(Number)
      .pipe(z.number().finite().min(-1e6).max(1e7)),
  );

const FORMATS = ['dd.MM.yyyy HH:mm', 'dd.MM.yyyy HH:mm:ss', 'yyyy-MM-dd HH:mm', 'dd/MM/yyyy HH:mm'];

/** A time cell: RFC 3339, or the local forms day-ahead exports use, read in the file's zone. */
const timeCell = (zone: string) =>
  z
    .string()
    .max(40)
    .transform((c) => c.trim())
    .transform((c, ctx) => {
      let dt = DateTime.fromISO(c, { zone, setZone: false });
      for (const f of FORMATS) if (!dt.isValid) dt = DateTime.fromFormat(c, f, { zone });
      if (!dt.isValid) {
        ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
        return z.NEVER;
      }
      return dt.toMillis();
    });

function number(cell: string | undefined, line: number): number {
  const r = PriceCell.safeParse(cell ?? '');
  if (!r.success) throw rowError(line, `price '${cell ?? ''}' is not a number`);
  return r.data;
}

function instant(cell: string, zone: string, line: number, what: string): number {
  const r = timeCell(zone).safeParse(cell);
  if (!r.success) throw rowError(line, `${what} '${cell}' is not a timestamp`);
  return r.data;
}

/**
 * Reads a price series from CSV: a plain `timestamp,price` file (header optional), an
 * ENTSO-E style export (`MTU` ranges `dd.mm.yyyy HH:MM - dd.mm.yyyy HH:MM`), or a
 * start/end/price export. Prices per kWh or per MWh (from the header, or `unit`); the result
 * is per kWh. A bad row is refused with its line number; nothing is kept from a bad file.
 */
export function parsePriceCsv(text: string, zone: string, unit?: PriceUnit): ParsedSeries {
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_quotes: true,
    });
  } catch (e) {
    throw invalid('csv_invalid', `the file is not CSV: ${(e as Error).message.split('\n')[0]}`);
  }
  if (rows.length === 0) throw invalid('csv_empty', 'the file has no rows');
  const header = rows[0]!.map((c) => c.toLowerCase());
  const headerText = rows[0]!.join(' ');
  const hasHeader = header.some((c) => /[a-z]{3,}/.test(c) && !/^\d/.test(c));
  const body = hasHeader ? rows.slice(1) : rows;
  const firstLine = hasHeader ? 2 : 1;
  const zoneFromHeader = HEADER_ZONES.find(([re]) => re.test(headerText))?.[1] ?? zone;
  const priceCol = hasHeader
    ? header.findIndex((c) => c.includes('price') || c.includes('eur') || c.includes('value'))
    : 1;
  const u = unitFrom(headerText, unit);
  const scale = u === 'MWh' ? 1 / 1000 : 1;
  const points: ParsedSeries['points'] = [];
  let layout: ParsedSeries['layout'];

  const mtuCol = header.findIndex((c) => c.startsWith('mtu'));
  const startCol = header.findIndex((c) => /(start|from)/.test(c));
  const endCol = header.findIndex((c) => /(end|to\b|until)/.test(c));
  if (hasHeader && priceCol < 0)
    throw invalid('csv_layout_unknown', 'line 1: no price column (a header naming price, value or EUR)');

  if (mtuCol >= 0) {
    layout = 'entsoe_mtu';
    let prevStart = -Infinity;
    body.forEach((r, k) => {
      const line = firstLine + k;
      const [a, b] = (r[mtuCol] ?? '').split(/\s+-\s+/);
      if (!a || !b) throw rowError(line, `MTU '${r[mtuCol] ?? ''}' is not a range 'start - end'`);
      let start = instant(a.replace(/\s*\(.*\)$/, ''), zoneFromHeader, line, 'MTU start');
      let end = instant(b.replace(/\s*\(.*\)$/, ''), zoneFromHeader, line, 'MTU end');
      // The autumn repeat hour is written twice with the same wall times: the second is an hour later.
      if (start <= prevStart) {
        start += 3_600_000;
        end += 3_600_000;
      }
      if (end <= start) end += 3_600_000;
      prevStart = start;
      points.push({ start, end, value: number(r[priceCol], line) * scale });
    });
  } else if (hasHeader && startCol >= 0 && endCol >= 0 && startCol !== endCol) {
    layout = 'start_end_price';
    body.forEach((r, k) => {
      const line = firstLine + k;
      const start = instant(r[startCol] ?? '', zoneFromHeader, line, 'start');
      const end = instant(r[endCol] ?? '', zoneFromHeader, line, 'end');
      if (end <= start) throw rowError(line, 'end is not after start');
      points.push({ start, end, value: number(r[priceCol], line) * scale });
    });
  } else {
    layout = 'timestamp_price';
    const tsCol = hasHeader
      ? Math.max(
          0,
          header.findIndex((c) => /time|date/.test(c)),
        )
      : 0;
    const starts = body.map((r, k) => instant(r[tsCol] ?? '', zoneFromHeader, firstLine + k, 'timestamp'));
    const steps = starts
      .slice(1)
      .map((s, k) => s - starts[k]!)
      .filter((d) => d > 0)
      .sort((x, y) => x - y);
    const typical = steps[Math.floor(steps.length / 2)] ?? 3_600_000;
    body.forEach((r, k) => {
      const line = firstLine + k;
      const start = starts[k]!;
      const next = starts[k + 1];
      if (next !== undefined && next <= start) throw rowError(firstLine + k + 1, 'timestamps must rise');
      points.push({
        start,
        end: next !== undefined ? Math.min(next, start + typical) : start + typical,
        value: number(r[priceCol], line) * scale,
      });
    });
  }
  if (points.length === 0) throw invalid('csv_empty', 'the file has a header but no rows');
  const durations = points.map((p) => p.end - p.start).sort((x, y) => x - y);
  return {
    layout,
    unit: u,
    points,
    resolution_minutes: Math.round(durations[Math.floor(durations.length / 2)]! / 60_000),
  };
}
