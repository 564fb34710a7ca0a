/**
 * Usage (meter) CSV, read into intervals of energy. Pure and isomorphic: the tokenizing into
 * rows (quotes, BOM, line ends) is done by the caller (`core/node/usage/csv.ts` on Node); this
 * module detects the separator, finds the columns, validates every cell with zod and turns
 * the rows into sorted, non-overlapping intervals (docs/costs.md, "CSV usage files").
 */
import { z } from 'zod';
import { DateTime, Duration, IANAZone } from 'luxon';
import { ApiError, Codes } from '../errors.js';

/** One tokenized record and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type UsageLayout = 'start_end_kwh' | 'timestamp_kwh';
export type Separator = ',' | ';' | '\t';

export interface UsageCsvOptions {
  /** The location's zone: timestamps without an offset are local times there. */
  zone: string;
  /** ISO 8601 duration of each row of a `timestamp,kwh` file (default: inferred from the timestamps). */
  interval?: string | undefined;
  /** Whether a `timestamp,kwh` row's timestamp is where its interval starts (default) or ends. */
  timestampMarks?: 'start' | 'end' | undefined;
  /** Most rows accepted (default MAX_USAGE_ROWS). */
  maxRows?: number | undefined;
}

/** One interval of usage: `[start, end)` epoch ms and the energy in kWh. */
export interface UsageInterval {
  start: number;
  end: number;
  kwh: number;
}

export interface ParsedUsage {
  layout: UsageLayout;
  separator: Separator;
  /** The unit the file's energy column was in (converted to kWh). */
  unit: 'Wh' | 'kWh' | 'MWh';
  /** ISO duration of each row of a `timestamp,kwh` file, as given or inferred; null for start/end files. */
  interval: string | null;
  intervals: UsageInterval[];
  /** The file line each interval's row starts on (1-based), in the order of `intervals`. */
  lines: number[];
  total_kwh: number;
}

/** A year of 5-minute readings fits (105,120); a bigger file is refused before any row is read. */
export const MAX_USAGE_ROWS = 110_000;
/** Longest excerpt of a cell an error message quotes. */
const EXCERPT = 24;

/** A bad usage file: the named code, and where (1-based line, column name) when one row is to blame. */
export class UsageCsvError extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly line?: number,
    readonly column?: string,
  ) {
    super(400, 'invalid_request', code, message);
    this.name = 'UsageCsvError';
  }
}

/** A cell quoted in a message: short, and every character outside printable ASCII escaped. */
export function excerpt(cell: string): string {
  const cut = cell.length > EXCERPT ? cell.slice(0, EXCERPT) : cell;
  const safe = cut.replace(/[^\x20-\x7e]|['\\]/gu, (c) =>
    c === "'" || c === '\\' ? `\\${c}` : `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
  return `'${safe}'${cell.length > EXCERPT ? '…' : ''}`;
}

const rowError = (code: string, line: number, column: string | undefined, what: string) =>
  new UsageCsvError(code, `line ${line}${column ? `, column ${column}` : ''}: ${what}`, line, column);

/**
 * The separator of a file, from its first non-empty line: `;` or a tab where one appears
 * outside quotes, else `,`. Decided once for the file, so a decimal comma in a `;` file is a
 * decimal comma and never a column break.
 */
export function detectSeparator(text: string): Separator {
  const body = text.replace(/^\uFEFF/, '');
  const first = /^[ \t]*\S.*$/m.exec(body)?.[0] ?? '';
  let quoted = false;
  const count = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) count[ch]++;
  }
  if (count[';'] > 0 && count[';'] >= count['\t']) return ';';
  if (count['\t'] > 0) return '\t';
  return ',';
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/**
 * An energy cell: a decimal number (a decimal comma only where `,` is not the separator), not
 * negative. One transform per cell rather than a chain of pipes: a year of quarter hours is
 * 35,000 of them.
 */
const kwhCell = (decimalComma: boolean) =>
  z.string().transform((cell, ctx) => {
    let c = cell.trim();
    if (decimalComma && /^[-+]?\d*,\d+$/.test(c)) c = c.replace(',', '.');
    const n = NUMBER.test(c) ? Number(c) : NaN;
    const problem = !Number.isFinite(n)
      ? 'is not a number'
      : n < 0
        ? 'is negative (usage is energy taken or fed in, never below 0)'
        : n > 1e9
          ? 'is too large'
          : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return n;
  });

/** Local wall times (no offset): ISO-like, German and day-first forms, with or without a time of day. */
const LOCAL_FORMS: { re: RegExp; ymd: [number, number, number] }[] = [
  { re: /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/, ymd: [1, 2, 3] },
  { re: /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/, ymd: [3, 2, 1] },
  { re: /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/, ymd: [3, 2, 1] },
];

/**
 * The zone's offset in minutes at an instant, cached per UTC hour that has one offset all
 * through (clocks change at most once an hour): a year of local quarter hours asks 70,000 times.
 */
function offsetsOf(zone: string): (t: number) => number {
  const z = IANAZone.create(zone);
  const cache = new Map<number, number>();
  return (t) => {
    const h = Math.floor(t / 3_600_000);
    const hit = cache.get(h);
    if (hit !== undefined) return hit;
    const a = z.offset(h * 3_600_000);
    if (a !== z.offset(h * 3_600_000 + 3_599_999)) return z.offset(t);
    cache.set(h, a);
    return a;
  };
}

/**
 * Every instant a local wall time names in the zone, ascending: one, two in the autumn repeat
 * hour, none in the spring gap. A bare date is the start of that local day. Undefined when the
 * text is no local time at all.
 */
function localInstants(c: string, offsetAt: (t: number) => number): number[] | undefined {
  for (const { re, ymd } of LOCAL_FORMS) {
    const m = re.exec(c);
    if (!m) continue;
    const [y, mo, d] = ymd.map((i) => Number(m[i]));
    const [h, mi, se] = [m[4], m[5], m[6]].map((x) => Number(x ?? 0));
    const dim = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
    if (mo! < 1 || mo! > 12 || d! < 1 || d! > dim || h! > 23 || mi! > 59 || se! > 59) return undefined;
    const wall = Date.UTC(y!, mo! - 1, d!, h, mi, se, m[7] ? Math.floor(Number(m[7]) * 1000) : 0);
    // The offsets half a day either side are the only ones the wall time can be read with.
    const before = offsetAt(wall - 43_200_000);
    const after = offsetAt(wall + 43_200_000);
    const found = [...new Set([before, after])]
      .map((o) => wall - o * 60_000)
      .filter((t) => offsetAt(t) * 60_000 === wall - t)
      .sort((p, q) => p - q);
    // A day whose midnight the clocks skip starts where they land.
    if (m[4] === undefined) return [found[0] ?? wall - before * 60_000];
    return found;
  }
  return undefined;
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/i;

/**
 * The instant of an RFC 3339 timestamp, or NaN. By arithmetic, not by a date library: a year of
 * quarter hours is 70,000 cells, and this is the per-cell cost of reading them.
 */
function rfc3339(c: string): number {
  const m = RFC3339.exec(c);
  if (!m) return NaN;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as number[];
  const dim = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > dim || h! > 23 || mi! > 59 || se! > 59) return NaN;
  const oh = Number(m[10] ?? 0);
  const om = Number(m[11] ?? 0);
  if (oh > 23 || om > 59) return NaN;
  const frac = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
  const offset = (m[9] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, se!, frac) - offset;
}

/**
 * A time cell. With an offset (RFC 3339, `T` or a space): that instant. Without one: a wall
 * time in the zone, answered as every instant it names (two in the autumn repeat hour), or the
 * reason it names none (the spring gap).
 */
const timeCell = (zone: string, offsetAt: (t: number) => number) =>
  z.string().transform((cell, ctx): number[] => {
    const c = cell.trim();
    if (c === '' || c.length > 40) {
      ctx.addIssue({ code: 'custom', message: c === '' ? 'is empty' : 'is too long for a timestamp' });
      return z.NEVER;
    }
    if (OFFSET.test(c)) {
      const t = rfc3339(c);
      if (Number.isNaN(t)) {
        ctx.addIssue({ code: 'custom', message: 'is not an RFC 3339 timestamp' });
        return z.NEVER;
      }
      return [t];
    }
    const found = localInstants(c, offsetAt);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: 'is not a timestamp (RFC 3339, or a local yyyy-MM-dd HH:mm)' });
      return z.NEVER;
    }
    if (found.length === 0) {
      ctx.addIssue({ code: 'custom', message: `is a local time that does not exist in ${zone} (clocks go forward)` });
      return z.NEVER;
    }
    return found;
  });

/** An ISO 8601 duration of at least a minute and at most 31 days. */
const IntervalOption = z.string().transform((s, ctx) => {
  const d = Duration.fromISO(s.trim().toUpperCase());
  const ms = d.isValid ? d.as('milliseconds') : NaN;
  if (!(ms >= 60_000 && ms <= 31 * 86_400_000)) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 duration from PT1M to P31D, e.g. PT15M' });
    return z.NEVER;
  }
  return d;
});

interface Columns {
  layout: UsageLayout;
  kwh: number;
  start: number;
  end: number;
  names: string[];
  unit: ParsedUsage['unit'];
}

const isStart = (h: string) => /^(start|from|begin|von|beginn|interval[ _]?start)([^a-z]|$)/.test(h);
const isEnd = (h: string) => /^(end|to|until|bis|ende|interval[ _]?end)([^a-z]|$)/.test(h);
const isTime = (h: string) => /(time|date|stamp|zeit|datum|period)/.test(h);
const isEnergy = (h: string) => /(kwh|\bwh\b|mwh|energy|consumption|usage|value|verbrauch|wert|menge|reading)/.test(h);

function unitOf(header: string): ParsedUsage['unit'] {
  if (/\bmwh\b/.test(header)) return 'MWh';
  if (/kwh/.test(header)) return 'kWh';
  if (/\bwh\b/.test(header)) return 'Wh';
  return 'kWh';
}

/** The columns, from a header's names or (no header) from the count: 3+ is start,end,kwh; 2 is timestamp,kwh. */
function columnsOf(first: CsvRecord, header: boolean): Columns {
  if (!header) {
    const n = first.cells.length;
    if (n >= 3)
      return { layout: 'start_end_kwh', start: 0, end: 1, kwh: 2, names: ['start', 'end', 'kwh'], unit: 'kWh' };
    if (n === 2)
      return { layout: 'timestamp_kwh', start: 0, end: -1, kwh: 1, names: ['timestamp', 'kwh'], unit: 'kWh' };
    throw rowError(Codes.csvLayoutUnknown, first.line, undefined, 'a row needs a timestamp and a kWh value');
  }
  const names = first.cells.map((c) => c.trim());
  const lower = names.map((c) => c.toLowerCase());
  let kwh = lower.findIndex((h) => /kwh/.test(h));
  if (kwh < 0) kwh = lower.findIndex((h) => isEnergy(h) && !isStart(h) && !isEnd(h));
  if (kwh < 0)
    throw rowError(
      Codes.csvLayoutUnknown,
      first.line,
      undefined,
      'no energy column in the header (name it kwh, or energy, consumption, usage, value)',
    );
  const unit = unitOf(lower[kwh]!);
  const start = lower.findIndex((h, i) => i !== kwh && isStart(h));
  const end = lower.findIndex((h, i) => i !== kwh && isEnd(h));
  if (start >= 0 && end >= 0) return { layout: 'start_end_kwh', start, end, kwh, names, unit };
  if (start >= 0 || end >= 0)
    throw rowError(
      Codes.csvLayoutUnknown,
      first.line,
      undefined,
      'the header names a start or an end column but not both',
    );
  const ts = lower.findIndex((h, i) => i !== kwh && isTime(h));
  if (ts < 0)
    throw rowError(
      Codes.csvLayoutUnknown,
      first.line,
      undefined,
      'no time column in the header (start and end, or timestamp)',
    );
  return { layout: 'timestamp_kwh', start: ts, end: -1, kwh, names, unit };
}

const UNIT_SCALE = { Wh: 1 / 1000, kWh: 1, MWh: 1000 } as const;

/** The instant of a time cell: of two (the autumn repeat hour), the first not before `after`. */
function pick(instants: number[], after: number): number {
  return instants.find((t) => t >= after) ?? instants[0]!;
}

/** The most frequent positive step between consecutive starts (a gap or two does not change it). */
function typicalStep(starts: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (let i = 1; i < starts.length; i++) {
    const d = starts[i]! - starts[i - 1]!;
    if (d > 0) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best: number | undefined;
  let most = 0;
  for (const [d, n] of counts) if (n > most || (n === most && d < best!)) [best, most] = [d, n];
  return best;
}

/** `PT15M`, `PT1H`, `P1D` for a step in milliseconds. */
function isoOf(ms: number): string {
  if (ms % 86_400_000 === 0) return `P${ms / 86_400_000}D`;
  if (ms % 3_600_000 === 0) return `PT${ms / 3_600_000}H`;
  if (ms % 60_000 === 0) return `PT${ms / 60_000}M`;
  return `PT${ms / 1000}S`;
}

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
  const energy = kwhCell(decimalComma);
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
