// Which column is which: from the header's names, or from how many cells the first row has.
import { Codes } from '../../errors.js';
import { rowError } from './errors.js';
import type { CsvRecord, ParsedUsage, UsageLayout } from './types.js';

export interface Columns {
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
export function columnsOf(first: CsvRecord, header: boolean): Columns {
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

/** Energy in the file's unit, as kWh. */
export const UNIT_SCALE = { Wh: 1 / 1000, kWh: 1, MWh: 1000 } as const;
