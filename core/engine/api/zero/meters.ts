import { z } from 'zod';
import { contracts } from '../contract.js';
import { coded, idOf, isTimestamp, TariffDirection, Timestamp } from '../../schemas/common.js';
import { hasPrefix, Prefix } from '../../ids.js';
import {
  CumulativeReading,
  EnergyUnits,
  inlined,
  METER_LIMITS,
  MeterUnits,
  type CumulativeSubmission,
  type MeterRecordInput,
} from '../../schemas/meter.js';

/**
 * Zero's meter operations (docs/costs.md, Zero): the same stored records as Anode's, submitted
 * under Zero's names. A record's metering `direction` (IMPORT or EXPORT, IMPORT by default) is
 * Anode's energy flow (INBOUND or OUTBOUND); its `tariff_rate` (IMPORT, EXPORT or LOCAL, by
 * default the `direction`) is Anode's `tariff_direction`. Unknown fields are ignored, as the Zero
 * service did; every known one is checked.
 */

/** Zero's metering direction: where the energy went. */
export const ZeroDirection = z.enum(['IMPORT', 'EXPORT']).meta({ id: 'ZeroMeteringDirection' });
export type ZeroDirection = z.infer<typeof ZeroDirection>;

const reference = (what: string) => z.string().min(1).max(200).nullish().meta({ description: what });

const directionFields = {
  direction: ZeroDirection.nullish().meta({
    description: 'Metering direction: IMPORT (energy in, the default) or EXPORT (energy out).',
  }),
  tariff_rate: TariffDirection.nullish().meta({
    description: 'The tariffs that price the energy: IMPORT, EXPORT or LOCAL; by default the direction.',
  }),
};

/** One interval record as Zero submits it (`PUT /meters/interval` items, `POST /costs/instant`). */
export const MeterRecordSubmit = z
  .object({
    location_id: idOf('location'),
    device_id: idOf('device').nullish().meta({ description: 'The device metered; the record is then the device’s.' }),
    session_reference_id: reference('Groups records, e.g. one charging session.'),
    record_reference_id: reference('Your reference for this record; sending it again replaces the record.'),
    ...directionFields,
    measurand: z.enum(['TRANSFERRED']).nullish().meta({ description: 'Only TRANSFERRED is metered.' }),
    units: MeterUnits,
    confidence: z.number().min(0).max(1).nullish().meta({ description: '1 (default): measured; less: an estimate.' }),
    value: z
      .number()
      .min(0, coded('value_invalid', 'must be a finite number, 0 or more'))
      .meta({ description: 'Power (W, KW) held over the interval, or its energy (WH, KWH).' }),
    start_time: Timestamp,
    end_time: Timestamp.meta({ description: 'After start_time, at most 31 days later.' }),
  })
  .meta({ id: 'MeterRecordSubmit' });
export type MeterRecordSubmit = z.output<typeof MeterRecordSubmit>;

const DIRECTIONS = new Set<unknown>(ZeroDirection.options);
const TARIFFS = new Set<unknown>(TariffDirection.options);
const UNITS = new Set<unknown>(MeterUnits.options);
const absent = (v: unknown) => v === undefined || v === null;
const plainId = (v: unknown, prefix: string) => typeof v === 'string' && v.length <= 80 && hasPrefix(v, prefix);
const plainRef = (v: unknown) => absent(v) || (typeof v === 'string' && v.length >= 1 && v.length <= 200);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A record `MeterRecordSubmit` takes, recognised by plain checks (a schema's parse of each of
 * 10,000 records costs more than storing them); anything else is left to the schema, whose error
 * is the one a client sees. Fields it does not know are ignored, as the schema ignores them.
 */
export function plainZeroRecord(raw: unknown): MeterRecordSubmit | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  if (!plainId(r.location_id, Prefix.location) || !(absent(r.device_id) || plainId(r.device_id, Prefix.device)))
    return undefined;
  if (!plainRef(r.session_reference_id) || !plainRef(r.record_reference_id)) return undefined;
  if (!(absent(r.direction) || DIRECTIONS.has(r.direction))) return undefined;
  if (!(absent(r.tariff_rate) || TARIFFS.has(r.tariff_rate))) return undefined;
  if (!(absent(r.measurand) || r.measurand === 'TRANSFERRED')) return undefined;
  if (!UNITS.has(r.units) || !finite(r.value) || r.value < 0) return undefined;
  if (!(absent(r.confidence) || (finite(r.confidence) && r.confidence >= 0 && r.confidence <= 1))) return undefined;
  if (typeof r.start_time !== 'string' || !isTimestamp(r.start_time)) return undefined;
  if (typeof r.end_time !== 'string' || !isTimestamp(r.end_time)) return undefined;
  return r as MeterRecordSubmit;
}

/** The directions of a Zero record or submission in Anode's names. */
export function anodeDirections(r: { direction?: ZeroDirection | null; tariff_rate?: TariffDirection | null }) {
  const direction = r.direction ?? 'IMPORT';
  return {
    tariff_direction: r.tariff_rate ?? direction,
    energy_flow_direction: direction === 'EXPORT' ? ('OUTBOUND' as const) : ('INBOUND' as const),
  };
}

/** A Zero record as the one record shape the service checks and stores. */
export function anodeRecord(r: MeterRecordSubmit): MeterRecordInput {
  const out: MeterRecordInput = {
    location_id: r.location_id,
    ...anodeDirections(r),
    units: r.units,
    value: r.value,
    start_time: r.start_time,
    end_time: r.end_time,
  };
  if (r.device_id) out.device_id = r.device_id;
  if (r.session_reference_id != null) out.session_reference_id = r.session_reference_id;
  if (r.record_reference_id != null) out.record_reference_id = r.record_reference_id;
  if (r.confidence != null) out.confidence = r.confidence;
  return out;
}

/** A submission's items: an array, each item checked on its own (a bad one is listed, the others stored). */
export const MeterRecordsSubmit = z
  .custom<unknown[]>((v) => Array.isArray(v), { message: 'must be an array of meter records' })
  .meta({
    type: 'array',
    items: inlined(MeterRecordSubmit),
    minItems: 1,
    maxItems: METER_LIMITS.maxRecords,
    description: `Up to ${METER_LIMITS.maxRecords} meter records; each bad one is listed in failed_records and the others are stored.`,
  });

/** Cumulative register readings as Zero submits them. */
export const MeterRecordCumulativeSubmit = z
  .object({
    location_id: idOf('location'),
    device_id: idOf('device').nullish(),
    session_reference_id: reference('Groups the records made from these readings.'),
    ...directionFields,
    units: EnergyUnits,
    data: z
      .custom<unknown[]>((v) => Array.isArray(v), { message: 'must be an array of readings' })
      .meta({
        type: 'array',
        items: inlined(CumulativeReading),
        minItems: 1,
        maxItems: METER_LIMITS.maxRecords,
        description:
          'Register readings (time: seconds since 1970, or RFC 3339): each span between two readings becomes a record of their difference.',
      }),
  })
  .meta({ id: 'MeterRecordCumulativeSubmit' });
export type MeterRecordCumulativeSubmit = z.output<typeof MeterRecordCumulativeSubmit>;

const READING_KEYS = ['time', 'value', 'record_reference_id'] as const;

/** A Zero cumulative submission as the service's: readings keep their own fields only (others are ignored). */
export function anodeCumulative(b: MeterRecordCumulativeSubmit): CumulativeSubmission {
  const data = b.data.map((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const r = raw as Record<string, unknown>;
    return Object.fromEntries(READING_KEYS.filter((k) => Object.hasOwn(r, k)).map((k) => [k, r[k]]));
  });
  const out: CumulativeSubmission = {
    location_id: b.location_id,
    ...anodeDirections(b),
    units: b.units,
    data: data as CumulativeSubmission['data'],
  };
  if (b.device_id) out.device_id = b.device_id;
  if (b.session_reference_id != null) out.session_reference_id = b.session_reference_id;
  return out;
}

export const FailedMeterRecord = z
  .object({
    record_num: z.number().int().meta({ description: 'Place of the record (or reading) in the submission, from 0.' }),
    record_reference_id: z.string().optional().meta({ description: 'The record’s own reference, when it gave one.' }),
    error: z.string().meta({ description: 'What is wrong, naming the field.' }),
  })
  .meta({ id: 'FailedMeterRecord' });

/** The answer to a submission, and to `GET /meters/batch`. */
export const MeterRecords = z
  .object({
    id: idOf('meterBatch'),
    object: z.literal('meter_batch'),
    records_submitted: z.number().int().meta({ description: 'Records (or readings) received.' }),
    records_accepted: z.number().int().meta({ description: 'Those that were valid and are stored.' }),
    records_processed: z.number().int().meta({
      description: 'Stored records the submission added or changed; the same submission again processes none.',
    }),
    failed_records: z.array(FailedMeterRecord),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'MeterRecords' });
export type MeterRecords = z.input<typeof MeterRecords>;

export const zeroMeterContracts = contracts({
  'zero.meters.interval': {
    method: 'PUT',
    path: '/meters/interval',
    summary: 'Submit interval meter records (each checked on its own; up to 10,000)',
    tag: 'Meters',
    body: MeterRecordsSubmit,
    bodyLimit: METER_LIMITS.bodyLimit,
    response: MeterRecords,
  },
  'zero.meters.cumulative': {
    method: 'PUT',
    path: '/meters/cumulative/epoch',
    summary: 'Submit cumulative register readings: each span between two readings becomes a record',
    tag: 'Meters',
    body: MeterRecordCumulativeSubmit,
    bodyLimit: METER_LIMITS.bodyLimit,
    response: MeterRecords,
  },
  'zero.meters.batch': {
    method: 'GET',
    path: '/meters/batch',
    summary: 'A submitted batch as its submission answered it (counts and failed records)',
    tag: 'Meters',
    query: z.object({
      batch_id: idOf('meterBatch', 'batch_id').meta({ description: 'The id a submission answered (bat_…).' }),
    }),
    response: MeterRecords,
  },
});
