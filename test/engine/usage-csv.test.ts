import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import fc from 'fast-check';
import { readUsageCsv } from '../../core/node/usage/csv.js';
import { detectSeparator, excerpt, usageBody, UsageCsvError } from '../../core/engine/usage/csv.js';

const BERLIN = { zone: 'Europe/Berlin' };
const ms = (iso: string) => Date.parse(iso);
const H = 3_600_000;

/** The error a bad file gets: its code, message, line and column. */
function refusal(text: string, o: Parameters<typeof readUsageCsv>[1] = BERLIN) {
  try {
    readUsageCsv(text, o);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageCsvError);
    const err = e as UsageCsvError;
    expect(err.status).toBe(400);
    return { code: err.code, message: err.message, line: err.line, column: err.column };
  }
  throw new Error('the file was accepted');
}

describe('usage CSV: the shapes read', () => {
  it('start,end,kwh with a header and RFC 3339 offsets', () => {
    const u = readUsageCsv(
      'start,end,kwh\n2026-01-01T00:00:00+01:00,2026-01-01T00:15:00+01:00,0.25\n2026-01-01T00:15:00+01:00,2026-01-01T00:30:00+01:00,1.5\n',
      BERLIN,
    );
    expect(u.layout).toBe('start_end_kwh');
    expect(u.separator).toBe(',');
    expect(u.interval).toBeNull();
    expect(u.intervals).toEqual([
      { start: ms('2025-12-31T23:00:00Z'), end: ms('2025-12-31T23:15:00Z'), kwh: 0.25 },
      { start: ms('2025-12-31T23:15:00Z'), end: ms('2025-12-31T23:30:00Z'), kwh: 1.5 },
    ]);
    expect(u.total_kwh).toBe(1.75);
    expect(usageBody(u.intervals)[0]).toEqual({
      start_time: '2025-12-31T23:00:00.000Z',
      end_time: '2025-12-31T23:15:00.000Z',
      kwh: 0.25,
    });
  });

  it('RFC 3339 with any offset, a space for the T, fractions of a second; impossible times refused', () => {
    const u = readUsageCsv(
      'start,end,kwh\n2026-01-01 05:30:00+05:30,2026-01-01T00:00:00.5z,1\n2026-01-01T00:00:00.5Z,2026-01-01T01:00-01:00,2\n',
      BERLIN,
    );
    expect(u.intervals.map((i) => [i.start, i.end])).toEqual([
      [ms('2026-01-01T00:00:00Z'), ms('2026-01-01T00:00:00.500Z')],
      [ms('2026-01-01T00:00:00.500Z'), ms('2026-01-01T02:00:00Z')],
    ]);
    for (const bad of [
      '2026-01-01T24:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-01-01T00:00:00+25:00',
    ])
      expect(refusal(`start,end,kwh\n${bad},2027-01-01T00:00:00Z,1\n`)).toMatchObject({
        code: 'csv_row_invalid',
        line: 2,
        column: 'start',
      });
  });

  it('timestamp,kwh infers the interval from the most common step and leaves gaps as gaps', () => {
    const rows = ['00:00', '00:15', '00:30', '01:30', '01:45'].map((t, i) => `2026-02-01T${t}:00Z,${i + 1}`);
    const u = readUsageCsv(`timestamp,kwh\n${rows.join('\n')}\n`, BERLIN);
    expect(u.layout).toBe('timestamp_kwh');
    expect(u.interval).toBe('PT15M');
    expect(u.intervals.map((i) => [new Date(i.start).toISOString().slice(11, 16), (i.end - i.start) / 60_000])).toEqual(
      [
        ['00:00', 15],
        ['00:15', 15],
        ['00:30', 15],
        ['01:30', 15],
        ['01:45', 15],
      ],
    );
    expect(u.total_kwh).toBe(15);
  });

  it('timestamp,kwh with a given interval, and timestamps that mark the end of their interval', () => {
    const text = 'time,kwh\n2026-02-01T01:00:00Z,2\n2026-02-01T03:00:00Z,3\n';
    const u = readUsageCsv(text, { ...BERLIN, interval: 'PT1H', timestampMarks: 'end' });
    expect(u.interval).toBe('PT1H');
    expect(u.intervals).toEqual([
      { start: ms('2026-02-01T00:00:00Z'), end: ms('2026-02-01T01:00:00Z'), kwh: 2 },
      { start: ms('2026-02-01T02:00:00Z'), end: ms('2026-02-01T03:00:00Z'), kwh: 3 },
    ]);
  });

  it('semicolons with decimal commas, quoted cells, a BOM and CRLF line ends', () => {
    const text =
      '\uFEFF"Start";"Ende";"Verbrauch (kWh)"\r\n"2026-03-01 00:00";"2026-03-01 01:00";"1,25"\r\n2026-03-01 01:00;2026-03-01 02:00;0,5\r\n';
    expect(detectSeparator(text)).toBe(';');
    const u = readUsageCsv(text, BERLIN);
    expect(u.separator).toBe(';');
    expect(u.intervals.map((i) => i.kwh)).toEqual([1.25, 0.5]);
    // No offset: local wall time in the location's zone (CET in March before the switch).
    expect(u.intervals[0]!.start).toBe(ms('2026-02-28T23:00:00Z'));
  });

  it('no header: three columns are start,end,kwh and two are timestamp,kwh; tabs separate too', () => {
    const three = readUsageCsv('2026-01-05T10:00:00Z,2026-01-05T10:30:00Z,4\n', BERLIN);
    expect(three.intervals).toEqual([{ start: ms('2026-01-05T10:00:00Z'), end: ms('2026-01-05T10:30:00Z'), kwh: 4 }]);
    const two = readUsageCsv('2026-01-05T10:00:00Z\t1,5\n2026-01-05T11:00:00Z\t2\n', BERLIN);
    expect(two.separator).toBe('\t');
    expect(two.intervals.map((i) => [i.end - i.start, i.kwh])).toEqual([
      [H, 1.5],
      [H, 2],
    ]);
  });

  it('energy in Wh or MWh (from the header) is read as kWh; blank lines are skipped', () => {
    const wh = readUsageCsv('timestamp,energy (Wh)\n\n2026-01-05T10:00:00Z,1500\n\n2026-01-05T10:15:00Z,500\n', BERLIN);
    expect(wh.unit).toBe('Wh');
    expect(wh.intervals.map((i) => i.kwh)).toEqual([1.5, 0.5]);
    const mwh = readUsageCsv('timestamp;MWh\n2026-01-05T10:00:00Z;0,002\n2026-01-05T11:00:00Z;0,001\n', BERLIN);
    expect(mwh.intervals.map((i) => i.kwh)).toEqual([2, 1]);
  });

  it('local times across the autumn repeat hour name both instants in order; days follow the calendar', () => {
    const rows = ['01:00', '02:00', '02:00', '03:00'].map((t) => `2026-10-25 ${t},1`);
    const u = readUsageCsv(`timestamp,kwh\n${rows.join('\n')}\n`, BERLIN);
    expect(u.interval).toBe('PT1H');
    expect(u.intervals.map((i) => new Date(i.start).toISOString())).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
    // Daily readings: the day the clocks go back is 25 hours long.
    const days = readUsageCsv('date,kwh\n2026-10-24 00:00,10\n2026-10-25 00:00,11\n2026-10-26 00:00,9\n', BERLIN);
    expect(days.interval).toBe('P1D');
    expect(days.intervals.map((i) => (i.end - i.start) / H)).toEqual([24, 25, 24]);
    const local = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Berlin' }).toMillis();
    expect(days.intervals[2]!.end).toBe(local('2026-10-27T00:00'));
    // The same as bare dates, as daily exports write them.
    const dates = readUsageCsv('Datum;kWh\n24.10.2026;10\n25.10.2026;11\n26.10.2026;9\n', BERLIN);
    expect(dates.intervals).toEqual(days.intervals);
  });

  it('local times in other zones: a repeat hour at 01:00, a half-hour change, a midnight the clocks skip', () => {
    const iso = (u: { intervals: { start: number }[] }) => u.intervals.map((i) => new Date(i.start).toISOString());
    const ny = readUsageCsv(
      'timestamp,kwh\n2026-11-01 00:30,1\n2026-11-01 01:30,1\n2026-11-01 01:30,1\n2026-11-01 02:30,1\n',
      {
        zone: 'America/New_York',
      },
    );
    expect(iso(ny)).toEqual([
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
    expect(
      refusal('timestamp,kwh\n2026-03-08 01:30,1\n2026-03-08 02:30,1\n', { zone: 'America/New_York' }),
    ).toMatchObject({ code: 'csv_row_invalid', line: 3 });
    // Lord Howe goes back half an hour: 01:30–02:00 comes twice.
    const rows = ['01:30', '01:45', '01:30', '01:45', '02:00'].map((t) => `2026-04-05 ${t},1`).join('\n');
    const lh = readUsageCsv(`timestamp,kwh\n${rows}\n`, { zone: 'Australia/Lord_Howe', interval: 'PT15M' });
    expect(iso(lh)).toEqual([
      '2026-04-04T14:30:00.000Z',
      '2026-04-04T14:45:00.000Z',
      '2026-04-04T15:00:00.000Z',
      '2026-04-04T15:15:00.000Z',
      '2026-04-04T15:30:00.000Z',
    ]);
    // Santiago skips the midnight starting 2026-09-06: that day starts at 01:00 and is 23 hours long.
    const cl = readUsageCsv('date,kwh\n2026-09-05,1\n2026-09-06,2\n2026-09-07,3\n', { zone: 'America/Santiago' });
    expect(cl.interval).toBe('P1D');
    expect(cl.intervals.map((i) => [new Date(i.start).toISOString(), (i.end - i.start) / H])).toEqual([
      ['2026-09-05T04:00:00.000Z', 24],
      ['2026-09-06T04:00:00.000Z', 23],
      ['2026-09-07T03:00:00.000Z', 24],
    ]);
  });

  it('a multi-line quoted cell does not shift the line numbers of later rows', () => {
    const text =
      'start,end,kwh,note\n2026-01-01T00:00:00Z,2026-01-01T01:00:00Z,1,"two\r\nlines"\r\n2026-01-01T01:00:00Z,2026-01-01T02:00:00Z,x,\n';
    expect(refusal(text)).toMatchObject({ code: 'csv_row_invalid', line: 4, column: 'kwh' });
  });
});

describe('usage CSV: each bad file is refused with a named code, its line and column', () => {
  const head = 'start,end,kwh\n';
  const row = (s: string, e: string, k: string) => `${s},${e},${k}\n`;
  const A = '2026-01-01T00:00:00Z';
  const B = '2026-01-01T01:00:00Z';
  const C = '2026-01-01T02:00:00Z';

  it('a kWh cell that is no number, negative, or a decimal comma in a comma file', () => {
    expect(refusal(head + row(A, B, '1') + row(B, C, 'abc'))).toEqual({
      code: 'csv_row_invalid',
      message: "line 3, column kwh: 'abc' is not a number",
      line: 3,
      column: 'kwh',
    });
    expect(refusal(head + row(A, B, '-2'))).toMatchObject({
      line: 2,
      column: 'kwh',
      message: expect.stringContaining('negative'),
    });
    expect(refusal(head + row(A, B, '"1,5"'))).toMatchObject({ code: 'csv_row_invalid', line: 2, column: 'kwh' });
  });

  it('a row wider than the header (a decimal comma in a comma file) is refused, not read as 0', () => {
    // Two quarter hours of 2,0 kWh each, written with decimal commas but separated by commas.
    const text = 'timestamp,kwh\n2026-09-01 00:00,2,0\n2026-09-01 00:15,2,0\n';
    expect(refusal(text)).toEqual({
      code: 'csv_row_invalid',
      message:
        "line 2, column 3: '0' is past the 2 columns of the header (a decimal comma in a comma-separated file? separate with ';')",
      line: 2,
      column: '3',
    });
    // One such row: the same refusal, not an interval that cannot be known.
    expect(refusal('timestamp,kwh\n2026-09-01 00:00,0,2\n')).toMatchObject({ code: 'csv_row_invalid', column: '3' });
    // Without a header the first row sets the width; a wider row later is refused the same way.
    expect(refusal(`${'2026-09-01T00:00:00Z'},1\n2026-09-01T00:15:00Z,1,5\n`)).toMatchObject({
      code: 'csv_row_invalid',
      line: 2,
      message: expect.stringContaining('first row'),
    });
    // Every row so split, no header: read as start,end,kwh, the "end" a bare number; the hint says why.
    expect(refusal('2026-09-01 00:00,2,0\n2026-09-01 00:15,2,0\n').message).toContain(
      "'2' is not a timestamp (RFC 3339, or a local yyyy-MM-dd HH:mm) (a decimal comma in a comma-separated file? separate with ';')",
    );
    // The same numbers separated by semicolons read as 2.0 each; an empty cell past the header is a trailing separator.
    expect(readUsageCsv('timestamp;kwh\n2026-09-01 00:00;2,0\n2026-09-01 00:15;2,0\n', BERLIN).total_kwh).toBe(4);
    expect(readUsageCsv('timestamp,kwh\n2026-09-01 00:00,2,\n2026-09-01 00:15,2,\n', BERLIN).total_kwh).toBe(4);
  });

  it('a timestamp that is no timestamp, an impossible date, or a local time in the spring gap', () => {
    expect(refusal(head + row('yesterday', B, '1'))).toMatchObject({
      code: 'csv_row_invalid',
      line: 2,
      column: 'start',
    });
    expect(refusal(head + row('2026-02-30T00:00:00Z', B, '1'))).toMatchObject({ line: 2, column: 'start' });
    const gap = refusal('timestamp,kwh\n2026-03-29 01:00,1\n2026-03-29 02:30,1\n');
    expect(gap).toMatchObject({ code: 'csv_row_invalid', line: 3, column: 'timestamp' });
    expect(gap.message).toContain('does not exist in Europe/Berlin');
  });

  it('an end not after its start, a row overlapping the one before, timestamps out of order', () => {
    expect(refusal(head + row(B, A, '1'))).toMatchObject({ code: 'csv_row_invalid', line: 2, column: 'end' });
    expect(refusal(head + row(A, C, '1') + row(B, C, '1'))).toMatchObject({
      code: 'csv_rows_out_of_order',
      line: 3,
      column: 'start',
    });
    expect(refusal(`timestamp,kwh\n${B},1\n${A},1\n`)).toMatchObject({ code: 'csv_rows_out_of_order', line: 3 });
    // A given interval longer than the step between rows would make them overlap.
    expect(refusal(`timestamp,kwh\n${A},1\n${B},1\n`, { ...BERLIN, interval: 'PT2H' })).toMatchObject({
      code: 'csv_rows_out_of_order',
      line: 3,
    });
  });

  it('a short row, an unknown header, an interval that cannot be known, an empty file', () => {
    expect(refusal(head + `${A},${B}\n`)).toMatchObject({ code: 'csv_row_invalid', line: 2, column: 'kwh' });
    expect(refusal('when,what\n2026-01-01T00:00:00Z,1\n')).toMatchObject({ code: 'csv_layout_unknown', line: 1 });
    expect(refusal('start,kwh\n2026-01-01T00:00:00Z,1\n')).toMatchObject({ code: 'csv_layout_unknown', line: 1 });
    expect(refusal(`timestamp,kwh\n${A},1\n`)).toMatchObject({ code: 'csv_interval_unknown' });
    expect(refusal(`timestamp,kwh\n${A},1\n`, { ...BERLIN, interval: 'soon' })).toMatchObject({
      code: 'csv_interval_unknown',
    });
    expect(refusal('')).toMatchObject({ code: 'csv_empty' });
    expect(refusal('\n\n')).toMatchObject({ code: 'csv_empty' });
    expect(refusal('start,end,kwh\n')).toMatchObject({ code: 'csv_empty' });
  });

  it('an unclosed quote is not CSV; too many rows are refused before reading them', () => {
    expect(refusal(head + `${A},"${B},1\n`)).toMatchObject({ code: 'csv_invalid' });
    const many = Array.from({ length: 5 }, (_, i) => `${new Date(ms(A) + i * H).toISOString()},1`).join('\n');
    expect(refusal(`timestamp,kwh\n${many}\n`, { ...BERLIN, maxRows: 4 })).toMatchObject({ code: 'csv_too_large' });
  });

  it('quotes only a short, escaped excerpt of a bad cell', () => {
    const long = 'x'.repeat(500);
    const r = refusal(head + row(A, B, long));
    expect(r.message.length).toBeLessThan(100);
    expect(r.message).toContain(`'${'x'.repeat(24)}'…`);
    expect(excerpt("a'\u202e\u0007b")).toBe("'a\\'\\u{202e}\\u{7}b'");
  });
});

describe('usage CSV: properties', () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
  const SEED = Number(process.env.FUZZ_SEED ?? 424242);

  it('a file written in any of the accepted styles reads back as the intervals written', () => {
    const interval = fc.record({
      gap: fc.integer({ min: 0, max: 3 * 3600 }),
      length: fc.integer({ min: 60, max: 6 * 3600 }),
      kwh: fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 10_000),
    });
    const style = fc.record({
      separator: fc.constantFrom(',', ';', '\t'),
      crlf: fc.boolean(),
      bom: fc.boolean(),
      quote: fc.boolean(),
      header: fc.boolean(),
      offsetMinutes: fc.constantFrom(0, 60, -300, 330, 765),
    });
    fc.assert(
      fc.property(fc.array(interval, { minLength: 1, maxLength: 40 }), style, (ivs, s) => {
        let t = Date.parse('2026-01-01T00:00:00Z');
        const want = ivs.map((iv) => {
          const start = t + iv.gap * 1000;
          t = start + iv.length * 1000;
          return { start, end: t, kwh: iv.kwh };
        });
        // RFC 3339 in the style's fixed offset, written by hand so the test does not lean on a date library.
        const off = s.offsetMinutes;
        const hhmm = `${String(Math.floor(Math.abs(off) / 60)).padStart(2, '0')}:${String(Math.abs(off) % 60).padStart(2, '0')}`;
        const stamp = (ms: number) =>
          new Date(ms + off * 60_000).toISOString().slice(0, 19) + (off === 0 ? 'Z' : `${off > 0 ? '+' : '-'}${hhmm}`);
        const cell = (c: string) => (s.quote ? `"${c}"` : c);
        const num = (k: number) => (s.separator === ',' ? String(k) : String(k).replace('.', ','));
        const lines = [
          ...(s.header ? [['start', 'end', 'kwh'].map(cell).join(s.separator)] : []),
          ...want.map((w) => [stamp(w.start), stamp(w.end), num(w.kwh)].map(cell).join(s.separator)),
        ];
        const text = (s.bom ? '\uFEFF' : '') + lines.join(s.crlf ? '\r\n' : '\n') + (s.crlf ? '\r\n' : '\n');
        const got = readUsageCsv(text, BERLIN);
        expect(got.intervals).toEqual(want);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('any text either reads as sorted, non-overlapping intervals or is refused with a named code', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        ',',
        ';',
        '\t',
        '"',
        '\n',
        '\r\n',
        '\r',
        ' ',
        '-',
        ':',
        '.',
        'T',
        'Z',
        '+01:00',
        'kwh',
        'start',
        'end',
      ),
      fc.constantFrom('2026-03-29 02:30', '2026-10-25 02:00', '2026-01-01T00:00:00Z', '31.12.2026 23:45', 'PT15M'),
      fc.integer({ min: -5, max: 100 }).map(String),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.option(fc.constantFrom('PT15M', 'P1D', 'x')), (parts, iv) => {
        let got;
        try {
          got = readUsageCsv(parts.join(''), { ...BERLIN, interval: iv ?? undefined });
        } catch (e) {
          expect(e).toBeInstanceOf(UsageCsvError);
          expect((e as UsageCsvError).code).toMatch(/^csv_[a-z_]+$/);
          expect((e as UsageCsvError).message.length).toBeLessThan(300);
          return;
        }
        for (const [i, x] of got.intervals.entries()) {
          expect(x.end).toBeGreaterThan(x.start);
          expect(x.kwh).toBeGreaterThanOrEqual(0);
          if (i > 0) expect(x.start).toBeGreaterThanOrEqual(got.intervals[i - 1]!.end);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
