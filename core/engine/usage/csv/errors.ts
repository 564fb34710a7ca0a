// A bad usage file: a named code and, when one row is to blame, its line and column.
import { ApiError } from '../../errors.js';

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

/** A row's error: its line, its column's name and what is wrong there. */
export const rowError = (code: string, line: number, column: string | undefined, what: string) =>
  new UsageCsvError(code, `line ${line}${column ? `, column ${column}` : ''}: ${what}`, line, column);
