import { ApiError, Codes, invalid } from '../../engine/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../engine/json-depth.js';
import { fromZod } from '../../engine/api/validate.js';
import { excerpt } from '../../engine/excerpt.js';
import { MARKET_CSV_HEADER } from '../../engine/schemas/workspace.js';
import type { z } from 'zod';

/** A workspace in memory: each file's text by its path inside the folder (`/` separated). */
export type WorkspaceFiles = Record<string, string>;

/** Object keys sorted by code point at every depth; arrays keep their order. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = sorted(x);
    }
    return out;
  }
  return v;
}

/** The one way a workspace writes JSON: keys sorted, two-space indent, LF, a final newline. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value), null, 2) + '\n';
}

/** One value as a line of a JSON Lines file: keys sorted, no spaces, a final newline. */
export function canonicalLine(value: unknown): string {
  return JSON.stringify(sorted(value)) + '\n';
}

/**
 * Reads a JSON Lines file (one JSON object a line, a final newline) with a schema for each
 * line; a refusal names the file, the line and the field.
 */
export function parseJsonLines<S extends z.ZodType>(path: string, text: string, schema: S): z.output<S>[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw fileError(path, 'workspace_file_invalid', 'the file has no lines.');
  return lines.map((raw, k) => parseFile(`${path}: line ${k + 1}`, raw.replace(/\r$/, ''), schema));
}

/** The same files, their paths in sorted order (what every writer and the bundle use). */
export function sortedFiles(files: WorkspaceFiles): WorkspaceFiles {
  const out: WorkspaceFiles = {};
  for (const k of Object.keys(files).sort()) out[k] = files[k]!;
  return out;
}

/**
 * Where a text stops being JSON (-1: it only ends too early): the shortest start of it that
 * fails other than by running out, found by halving (every longer start fails too).
 */
function firstBad(text: string): number {
  const broken = (n: number) => {
    try {
      JSON.parse(text.slice(0, n));
      return false;
    } catch (e) {
      const message = (e as Error).message;
      const at = /at position (\d+)/.exec(message);
      return !/end of JSON input/.test(message) && !(at && Number(at[1]) >= n);
    }
  };
  if (!broken(text.length)) return -1;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (broken(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo - 1;
}

/**
 * Why a text is not JSON, as line and column and a few escaped characters from there; never the
 * runtime's own message, which quotes the text it read.
 */
export function jsonProblem(text: string): string {
  const pos = firstBad(text);
  if (pos < 0) return 'the text ends before the JSON does';
  const before = text.slice(0, pos).split('\n');
  const line = before.length;
  const column = before[before.length - 1]!.length + 1;
  return `line ${line}, column ${column}: unexpected ${excerpt(text.slice(pos), 12)}`;
}

/** An error about one file of a workspace: the message starts with the file's path. */
export function fileError(path: string, code: string, message: string, status = 400): ApiError {
  return new ApiError(status, 'invalid_request', code, `${path}: ${message}`);
}

/** Parses a file's JSON text with its schema; a refusal names the file, the field and the schema's code. */
export function parseFile<S extends z.ZodType>(path: string, text: string, schema: S): z.output<S> {
  let json: unknown;
  if (nestsDeeperThan(text))
    throw fileError(path, Codes.bodyTooDeep, `nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`);
  try {
    json = JSON.parse(text);
  } catch {
    throw fileError(path, 'workspace_json_invalid', `not JSON: ${jsonProblem(text)}`);
  }
  const r = schema.safeParse(json, { reportInput: true });
  if (!r.success) {
    const e = fromZod(r.error, 'body', schema);
    // fromZod names the top of the document "body": here it is the file.
    const whole = e.code === 'body_invalid' || e.code === 'body_missing';
    const message = e.message.replace(/^body(?= is required| needs|:)/, 'the file');
    throw fileError(path, whole ? 'workspace_file_invalid' : e.code, message, e.status);
  }
  return r.data;
}

export interface MarketPoint {
  start: number;
  end: number;
  value: number;
}

/** An instant as a market file writes it: UTC, whole seconds unless the instant has milliseconds. */
const instant = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A region's series as CSV: the header, then `start,end,price_per_kwh` rows in time order. */
export function marketCsv(points: MarketPoint[]): string {
  return (
    [MARKET_CSV_HEADER, ...points.map((p) => `${instant(p.start)},${instant(p.end)},${p.value}`)].join('\n') + '\n'
  );
}

const CSV_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const CSV_NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Reads a market file back: exactly the header, then rows of two UTC instants and a number, rising, not overlapping. */
export function parseMarketCsv(path: string, text: string): MarketPoint[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines[0]?.replace(/\r$/, '') !== MARKET_CSV_HEADER)
    throw fileError(path, 'csv_layout_unknown', `line 1: the header must be ${MARKET_CSV_HEADER}`);
  const out: MarketPoint[] = [];
  lines.slice(1).forEach((raw, k) => {
    const line = k + 2;
    const bad = (what: string) => fileError(path, 'csv_row_invalid', `line ${line}: ${what}`);
    const cells = raw.replace(/\r$/, '').split(',');
    if (cells.length !== 3) throw bad('a row is start,end,price_per_kwh');
    const [a, b, c] = cells as [string, string, string];
    if (!CSV_INSTANT.test(a) || Number.isNaN(Date.parse(a))) throw bad(`start ${excerpt(a)} is not a UTC instant`);
    if (!CSV_INSTANT.test(b) || Number.isNaN(Date.parse(b))) throw bad(`end ${excerpt(b)} is not a UTC instant`);
    if (!CSV_NUMBER.test(c) || !Number.isFinite(Number(c))) throw bad(`price ${excerpt(c)} is not a number`);
    const p = { start: Date.parse(a), end: Date.parse(b), value: Number(c) };
    if (!(p.end > p.start)) throw bad('end is not after start');
    const prev = out[out.length - 1];
    if (prev && p.start < prev.end) throw bad('rows must rise in time without overlapping');
    out.push(p);
  });
  if (out.length === 0) throw invalid('csv_empty', `${path}: the file has a header but no rows`);
  return out;
}
