import { describe, expect, it } from 'vitest';
import { readUsageCsv } from '../../core/node/usage/csv.js';
import { csvRecords, readUsageFile } from '../../renderer/admin/usage-csv.js';
import { UsageCsvError } from '../../core/engine/usage/csv.js';

/**
 * The app reads a meter file in the browser with its own small tokenizer (the server's CSV
 * package is not for the browser); what it reads must be what the command line reads.
 */
const ZONE = 'Europe/Berlin';

/** The outcome of a reader: the parsed usage, or the refusal's code, message, line and column. */
function outcome(read: () => unknown) {
  try {
    return { ok: read() };
  } catch (e) {
    expect(e).toBeInstanceOf(UsageCsvError);
    const err = e as UsageCsvError;
    return { code: err.code, message: err.message, line: err.line, column: err.column };
  }
}

const FILES: [string, string][] = [
  ['a header, RFC 3339 offsets', 'start,end,kwh\n2026-01-01T00:00:00+01:00,2026-01-01T00:15:00+01:00,0.25\n'],
  [
    'CRLF, a BOM, quoted cells and a doubled quote in the header',
    '\uFEFF"start","end","kwh ""total"""\r\n"2026-01-01T00:00:00Z","2026-01-01T01:00:00Z","1.5"\r\n2026-01-01T01:00:00Z,2026-01-01T02:00:00Z,2\r\n',
  ],
  ['semicolons with decimal commas, no header', '2026-03-01 00:00;1,25\n2026-03-01 00:15;0,75\n2026-03-01 00:30;1\n'],
  [
    'tabs, blank lines between rows',
    'timestamp\tkwh\n\n2026-06-01T00:00:00+02:00\t3\n\n2026-06-01T01:00:00+02:00\t4\n',
  ],
  [
    'a quoted cell across two lines, then a bad row: the same line number',
    'start,end,kwh,"note\nmore"\n2026-01-01T00:00:00Z,2026-01-01T01:00:00Z,1,x\n2026-01-01T01:00:00Z,2026-01-01T02:00:00Z,much,y\n',
  ],
  ['rows out of order', 'timestamp,kwh\n2026-01-01T01:00:00Z,1\n2026-01-01T00:00:00Z,1\n'],
  ['no last line end', 'timestamp,kwh\n2026-01-01T00:00:00Z,1\n2026-01-01T01:00:00Z,2'],
];

describe("the app's usage CSV reader", () => {
  for (const [what, text] of FILES)
    it(`reads ${what} as the command line does`, () => {
      const app = outcome(() => readUsageFile(text, ZONE));
      expect(app).toEqual(outcome(() => readUsageCsv(text, { zone: ZONE })));
    });

  it('keeps the line each record starts on', () => {
    expect(csvRecords('a,b\n"x\ny",z\n\nlast,1', ',')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x\ny', 'z'] },
      { line: 4, cells: [''] },
      { line: 5, cells: ['last', '1'] },
    ]);
  });

  it('refuses a quoted cell that is never closed, naming its line', () => {
    expect(outcome(() => readUsageFile('timestamp,kwh\n"2026-01-01,1\n', ZONE))).toMatchObject({
      code: 'csv_invalid',
      line: 2,
    });
  });
});
