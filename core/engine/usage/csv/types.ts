// The shapes a usage file is read into, shared by the reader and the parts it is made of.

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
  /** Generation: a row may be negative, energy the system draws (SAM's and PVWatts' night-time output). */
  negative?: boolean | undefined;
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
