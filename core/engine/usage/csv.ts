/**
 * Usage (meter) CSV, read into intervals of energy. Pure and isomorphic: the tokenizing into
 * rows (quotes, BOM, line ends) is done by the caller (`core/node/usage/csv.ts` on Node); this
 * module and its parts in `usage/csv/` detect the separator, find the columns, validate every
 * cell with zod and turn the rows into sorted, non-overlapping intervals (docs/costs.md, "CSV
 * usage files").
 */
import { DateTime, type Duration } from 'luxon';
import { Codes } from '../errors.js';
import { columnsOf, UNIT_SCALE } from './csv/columns.js';
import { kwhCell } from './csv/energy.js';
import { excerpt, rowError, UsageCsvError } from './csv/errors.js';
import { isoOf, typicalStep } from './csv/steps.js';
import { IntervalOption, offsetsOf, pick, timeCell } from './csv/times.js';
import type { CsvRecord, ParsedUsage, Separator, UsageCsvOptions, UsageInterval } from './csv/types.js';

export { detectSeparator } from './csv/separator.js';
export { excerpt, UsageCsvError } from './csv/errors.js';
export type * from './csv/types.js';

/** A year of 5-minute readings fits (105,120); a bigger file is refused before any row is read. */
export const MAX_USAGE_ROWS = 110_000;

/**
 * Reads tokenized usage rows: `start,end,kwh` or `timestamp,kwh` (one interval per row, its
 * length given or inferred), header optional, blank rows skipped. Rows must be in time order
 * and must not overlap (gaps are allowed: no usage is assumed there). The first bad row is
 * refused with its line and column; nothing is kept from a bad file.
 */
export function usageFromRecords(records: CsvRecord[], separator: Separator, o: UsageCsvOptions): ParsedUsage {
  const rows = records.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw new UsageCsvError(Codes.csvEmpty, 'the file has no rows');
  const max = o.maxRows ?? MAX_USAGE_ROWS;
  if (rows.length > max + 1)
    throw new UsageCsvError(Codes.csvTooLarge, `the file has ${rows.length} rows; at most ${max} are read`);
  const decimalComma = separator !== ',';
  const energy = kwhCell(decimalComma, o.negative);
  const offsetAt = offsetsOf(o.zone);
  const time = timeCell(o.zone, offsetAt);
  const first = rows[0]!;
  // A header is a first row without a single timestamp in it.
  const header = !first.cells.some((c) => time.safeParse(c).success);
  const cols = columnsOf(first, header);
  const body = header ? rows.slice(1) : rows;
  if (body.length === 0) throw new UsageCsvError(Codes.csvEmpty, 'the file has a header but no rows');
  if (body.length > max)
    throw new UsageCsvError(Codes.csvTooLarge, `the file has ${body.length} rows; at most ${max} are read`);
  const scale = UNIT_SCALE[cols.unit];
  const width = Math.max(cols.kwh, cols.start, cols.end) + 1;

  const cell = (r: CsvRecord, i: number) => {
    const c = r.cells[i];
    if (c === undefined)
      throw rowError(
        Codes.csvRowInvalid,
        r.line,
        cols.names[i],
        `the row has ${r.cells.length} cells, ${width} expected`,
      );
    return c;
  };
  // Every row as wide as the header (or the first row): a cell past it is most often a decimal
  // comma in a comma-separated file (`…,0,25`), which would otherwise read 0 and drop the 25.
  // Empty cells past it (a trailing separator) are harmless.
  const columns = first.cells.length;
  const hint = separator === ',' ? " (a decimal comma in a comma-separated file? separate with ';')" : '';
  const checkWidth = (r: CsvRecord) => {
    if (r.cells.length <= columns) return;
    const extra = r.cells.findIndex((c, i) => i >= columns && c.trim() !== '');
    if (extra >= 0)
      throw rowError(
        Codes.csvRowInvalid,
        r.line,
        String(extra + 1),
        `${excerpt(r.cells[extra]!)} is past the ${columns} columns of the ${header ? 'header' : 'first row'}${hint}`,
      );
  };
  const kwhOf = (r: CsvRecord) => {
    const c = cell(r, cols.kwh);
    const res = energy.safeParse(c);
    if (!res.success)
      throw rowError(
        Codes.csvRowInvalid,
        r.line,
        cols.names[cols.kwh],
        `${excerpt(c)} ${res.error.issues[0]!.message}`,
      );
    return res.data * scale;
  };
  const instantsOf = (r: CsvRecord, i: number) => {
    checkWidth(r);
    const c = cell(r, i);
    const res = time.safeParse(c);
    if (!res.success)
      throw rowError(
        Codes.csvRowInvalid,
        r.line,
        cols.names[i],
        // A bare number where a time was expected: a kWh value split by its decimal comma.
        `${excerpt(c)} ${res.error.issues[0]!.message}${/^\s*\d+\s*$/.test(c) ? hint : ''}`,
      );
    return res.data;
  };

  const intervals: UsageInterval[] = [];
  let interval: string | null = null;
  if (cols.layout === 'start_end_kwh') {
    let prevEnd = -Infinity;
    for (const r of body) {
      const start = pick(instantsOf(r, cols.start), prevEnd);
      const end = pick(instantsOf(r, cols.end), start + 1);
      if (end <= start)
        throw rowError(Codes.csvRowInvalid, r.line, cols.names[cols.end], 'the end is not after the start');
      if (start < prevEnd)
        throw rowError(
          Codes.csvRowsOutOfOrder,
          r.line,
          cols.names[cols.start],
          'starts before the previous row ends (rows must be in time order and must not overlap)',
        );
      intervals.push({ start, end, kwh: kwhOf(r) });
      prevEnd = end;
    }
  } else {
    let given: Duration | undefined;
    if (o.interval !== undefined) {
      const res = IntervalOption.safeParse(o.interval);
      if (!res.success)
        throw new UsageCsvError(
          Codes.csvIntervalUnknown,
          `interval ${excerpt(o.interval)} ${res.error.issues[0]!.message}`,
        );
      given = res.data;
    }
    const stamps: number[] = [];
    let prev = -Infinity;
    for (const r of body) {
      const t = pick(instantsOf(r, cols.start), prev + 1);
      if (t <= prev)
        throw rowError(
          Codes.csvRowsOutOfOrder,
          r.line,
          cols.names[cols.start],
          'is not after the previous row (rows must be in time order)',
        );
      stamps.push(t);
      prev = t;
    }
    let step: (t: number, sign: 1 | -1) => number;
    if (given) {
      const d = given;
      // Hours and less are a fixed length; days and months follow the zone's calendar (23 or 25 h across DST).
      const fixed = d.shiftTo('milliseconds').milliseconds;
      const calendar = d.years !== 0 || d.months !== 0 || d.weeks !== 0 || d.days !== 0;
      step = calendar
        ? (t, sign) => DateTime.fromMillis(t, { zone: o.zone })[sign > 0 ? 'plus' : 'minus'](d).toMillis()
        : (t, sign) => t + sign * fixed;
      interval = d.toISO();
    } else {
      const real = typicalStep(stamps);
      if (real === undefined)
        throw new UsageCsvError(
          Codes.csvIntervalUnknown,
          'one row cannot say how long its interval is: give the interval (e.g. PT15M)',
        );
      // Steps of whole local days are calendar days (23 or 25 hours across a clock change), so
      // they are told by the wall clock; shorter steps by the real one. Rows that each start a
      // local day (daily readings) step from day start to day start, also where the clocks
      // skip a midnight.
      const DAY = 86_400_000;
      const wallOf = (t: number) => t + offsetAt(t) * 60_000;
      const daily = stamps.every((t) => Math.floor(wallOf(t) / DAY) !== Math.floor(wallOf(t - 1) / DAY));
      const wall = typicalStep(stamps.map((t) => (daily ? Math.floor(wallOf(t) / DAY) * DAY : wallOf(t))));
      const days = wall !== undefined && wall % DAY === 0 ? wall / DAY : 0;
      const ms = days ? days * DAY : real;
      step = days
        ? (t, sign) => {
            const moved = DateTime.fromMillis(t, { zone: o.zone })[sign > 0 ? 'plus' : 'minus']({ days });
            return (daily ? moved.startOf('day') : moved).toMillis();
          }
        : (t, sign) => t + sign * ms;
      interval = isoOf(ms);
    }
    const atEnd = o.timestampMarks === 'end';
    for (let i = 0; i < body.length; i++) {
      const t = stamps[i]!;
      const [start, end] = atEnd ? [step(t, -1), t] : [t, step(t, 1)];
      const prevEnd = intervals[intervals.length - 1]?.end ?? -Infinity;
      if (start < prevEnd)
        throw rowError(
          Codes.csvRowsOutOfOrder,
          body[i]!.line,
          cols.names[cols.start],
          `is less than ${interval} after the previous row (its interval would overlap the previous one)`,
        );
      intervals.push({ start, end, kwh: kwhOf(body[i]!) });
    }
  }
  let total = 0;
  for (const iv of intervals) total += iv.kwh;
  // One interval per row, in the rows' order: a row's line names its interval's in messages.
  const lines = body.map((r) => r.line);
  return { layout: cols.layout, separator, unit: cols.unit, interval, intervals, lines, total_kwh: total };
}

/** Intervals as the costs request's `usage.intervals` (RFC 3339 in UTC). */
export function usageBody(intervals: UsageInterval[]): { start_time: string; end_time: string; kwh: number }[] {
  return intervals.map((iv) => ({
    start_time: new Date(iv.start).toISOString(),
    end_time: new Date(iv.end).toISOString(),
    kwh: iv.kwh,
  }));
}
