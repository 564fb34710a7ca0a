import type { TariffDirection } from '../../../engine/schemas/common.js';
import type { EnergyFlowDirection, MeterUnits } from '../../../engine/schemas/meter.js';
import type { MeterSeries } from '../../../engine/pricing/meter-cost.js';

/** A meter record as stored: a row, `device_id` '' for the location's own meter. */
export interface RecordRow {
  id: string;
  /** The row's number: list order, and how a stored row is changed. */
  seq?: number;
  location_id: string;
  device_id: string;
  session_reference_id: string | null;
  record_reference_id: string | null;
  tariff_direction: TariffDirection;
  energy_flow_direction: EnergyFlowDirection;
  units: MeterUnits;
  value: number;
  start_ms: number;
  end_ms: number;
  micro_kwh: number;
  confidence: number;
  time_created: string;
}

/** A checked record, ready to store: a row without its id and creation time. */
export type CheckedRecord = Omit<RecordRow, 'id' | 'seq' | 'time_created'>;

/** What a report reads of a record. */
export type ReportRow = Pick<
  RecordRow,
  'location_id' | 'device_id' | 'session_reference_id' | 'record_reference_id' | 'start_ms' | 'end_ms'
> & { micro_kwh: number; confidence: number; tariff_direction: TariffDirection };

/** A report's records as columns, and the location of each (a place in `locations`). */
export interface MeterColumns {
  series: MeterSeries;
  location: Uint32Array;
  locations: string[];
}

/** A stored register reading: the register (location, device, directions), its time and its energy. */
export type ReadingRow = Pick<RecordRow, 'location_id' | 'device_id' | 'tariff_direction' | 'energy_flow_direction'> & {
  time_ms: number;
  micro_kwh: number;
};

/** A record's stored columns besides its id, account, mode and creation time. */
export const COLUMNS = [
  'location_id',
  'device_id',
  'session_reference_id',
  'record_reference_id',
  'tariff_direction',
  'energy_flow_direction',
  'units',
  'value',
  'start_ms',
  'end_ms',
  'micro_kwh',
  'confidence',
] as const;

/** A record's stored columns in the order of COLUMNS. */
export const valuesOf = (c: CheckedRecord) => [
  c.location_id,
  c.device_id,
  c.session_reference_id,
  c.record_reference_id,
  c.tariff_direction,
  c.energy_flow_direction,
  c.units,
  c.value,
  c.start_ms,
  c.end_ms,
  c.micro_kwh,
  c.confidence,
];

/** Whether two records store the same columns. */
export const same = (a: CheckedRecord, b: CheckedRecord) =>
  a.start_ms === b.start_ms &&
  a.end_ms === b.end_ms &&
  a.micro_kwh === b.micro_kwh &&
  a.value === b.value &&
  a.units === b.units &&
  a.confidence === b.confidence &&
  a.location_id === b.location_id &&
  a.device_id === b.device_id &&
  a.tariff_direction === b.tariff_direction &&
  a.energy_flow_direction === b.energy_flow_direction &&
  a.session_reference_id === b.session_reference_id &&
  a.record_reference_id === b.record_reference_id;
