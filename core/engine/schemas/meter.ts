import { z } from 'zod';
import { coded, idOf, isTimestamp, listOf, resource, TariffDirection, Timestamp } from './common.js';
import { hasPrefix, Prefix } from '../ids.js';

/**
 * Meter records (docs/costs.md, Meter records): energy measured at a location, or at a device
 * there, over an interval. The reference names some fields more than one way; every spelling
 * it or its guides use is accepted and the answers use the first below.
 */

/** Limits of meter submissions. */
export const METER_LIMITS = {
  /** Records (or readings) in one submission; more is answered 413 batch_too_large, nothing stored. */
  maxRecords: 10_000,
  /** The longest interval one record may span: a monthly reading fits. */
  maxRecordDays: 31,
  /** The most energy one record may hold, kWh. */
  maxKwh: 1_000_000,
  /** Bytes of a submission: 10,000 records with long references. */
  bodyLimit: 16 * 1024 * 1024,
} as const;

export const MeterUnits = z.enum(['W', 'KW', 'WH', 'KWH']).meta({
  id: 'MeterUnits',
  description: 'W or KW: power held constant over the interval; WH or KWH: the energy of the interval.',
});
export type MeterUnits = z.infer<typeof MeterUnits>;

export const EnergyUnits = z.enum(['WH', 'KWH']).meta({ id: 'EnergyUnits' });

export const EnergyFlowDirection = z.enum(['INBOUND', 'OUTBOUND']).meta({
  id: 'EnergyFlowDirection',
  description: 'INBOUND: energy into the location or device; OUTBOUND: out of it.',
});
export type EnergyFlowDirection = z.infer<typeof EnergyFlowDirection>;

const reference = (what: string) => z.string().min(1).max(200).nullable().optional().meta({ description: what });

/** How a record or submission names its directions, in every spelling the reference uses. */
const directionFields = {
  tariff_direction: TariffDirection.optional().meta({
    description: 'The tariffs that price the energy: IMPORT (default), EXPORT or LOCAL.',
  }),
  tariff_rate: TariffDirection.optional().meta({ description: 'An older name of tariff_direction.' }),
  direction: TariffDirection.optional().meta({
    description:
      'The older metering direction: IMPORT means INBOUND, EXPORT means OUTBOUND, and tariff_direction defaults to it.',
  }),
  energy_flow_direction: EnergyFlowDirection.optional().meta({
    description: 'Defaults to OUTBOUND for EXPORT, else INBOUND.',
  }),
};

const confidence = z
  .number()
  .min(0)
  .max(1)
  .optional()
  .meta({ description: '1 (default): measured; less: an estimate or forecast.' });

/** One interval meter record as submitted (`PUT /meters/interval` items, `POST /costs/instant`). */
export const MeterRecordInput = z
  .strictObject({
    location_id: idOf('location'),
    device_id: idOf('device')
      .nullable()
      .optional()
      .meta({ description: 'The device metered; the record is then the device’s (else the location’s own).' }),
    session_reference_id: reference('Groups records, e.g. one charging session.'),
    record_reference_id: reference('Your reference for this record; sending it again replaces the record.'),
    ...directionFields,
    measurand: z.enum(['TRANSFERRED']).optional().meta({ description: 'Only TRANSFERRED is metered.' }),
    units: MeterUnits,
    value: z
      .number()
      .min(0, coded('value_invalid', 'must be a finite number, 0 or more'))
      .meta({ description: 'Power (W, KW) or energy (WH, KWH); 0 or more.' }),
    confidence,
    start_time: Timestamp,
    end_time: Timestamp.meta({ description: 'After start_time, at most 31 days later.' }),
  })
  .meta({ id: 'MeterRecordRequest' });
export type MeterRecordInput = z.input<typeof MeterRecordInput>;

const RECORD_KEYS = new Set(Object.keys(MeterRecordInput.shape));
const DIRECTIONS = new Set<unknown>(TariffDirection.options);
const FLOWS = new Set<unknown>(EnergyFlowDirection.options);
const UNITS = new Set<unknown>(MeterUnits.options);
const optionalIn = (v: unknown, set: Set<unknown>) => v === undefined || set.has(v);
const optionalId = (v: unknown, prefix: string) =>
  v === undefined || v === null || (typeof v === 'string' && v.length <= 80 && hasPrefix(v, prefix));
const optionalReference = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.length >= 1 && v.length <= 200);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A record the schema takes, recognised by plain checks: a submission of 10,000 records spends
 * more in a schema's parse of each than in storing them. Only a record every field of which
 * plainly passes is answered; anything else (a bad field, or an unusual good one) is left to
 * `MeterRecordInput`, whose error is the one a client sees. The keys, sets and bounds are the
 * schema's own.
 */
export function plainRecord(raw: unknown): MeterRecordInput | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  for (const k in r) if (!Object.hasOwn(r, k) || !RECORD_KEYS.has(k)) return undefined;
  if (typeof r.location_id !== 'string' || r.location_id.length > 80 || !hasPrefix(r.location_id, Prefix.location))
    return undefined;
  if (!optionalId(r.device_id, Prefix.device)) return undefined;
  if (!optionalReference(r.session_reference_id) || !optionalReference(r.record_reference_id)) return undefined;
  if (!optionalIn(r.tariff_direction, DIRECTIONS) || !optionalIn(r.tariff_rate, DIRECTIONS)) return undefined;
  if (!optionalIn(r.direction, DIRECTIONS) || !optionalIn(r.energy_flow_direction, FLOWS)) return undefined;
  if (r.measurand !== undefined && r.measurand !== 'TRANSFERRED') return undefined;
  if (!UNITS.has(r.units) || !finite(r.value) || r.value < 0) return undefined;
  if (r.confidence !== undefined && !(finite(r.confidence) && r.confidence >= 0 && r.confidence <= 1)) return undefined;
  if (typeof r.start_time !== 'string' || !isTimestamp(r.start_time)) return undefined;
  if (typeof r.end_time !== 'string' || !isTimestamp(r.end_time)) return undefined;
  return r as MeterRecordInput;
}

/**
 * A schema's JSON Schema with every `$defs` reference written in place: the items of an array
 * that is checked by hand are documented through `meta`, where no `$defs` of their own resolve.
 */
export function inlined(schema: z.ZodType): Record<string, unknown> {
  const { $defs = {}, ...root } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown> & {
    $defs?: Record<string, unknown>;
  };
  delete root.$schema;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const ref = typeof o.$ref === 'string' && o.$ref.startsWith('#/$defs/') ? o.$ref.slice(8) : undefined;
    const { $ref: _ref, ...rest } = o;
    const base = ref === undefined ? o : { ...(walk($defs[ref]) as object), ...rest };
    return Object.fromEntries(Object.entries(base).map(([k, x]) => [k, k === '$ref' ? x : walk(x)]));
  };
  return walk(root) as Record<string, unknown>;
}

const recordJson = inlined(MeterRecordInput);

/**
 * A batch as received: an array, each item checked on its own by the service (a bad record is
 * listed in the answer; the others are stored).
 */
export const MeterBatchRequest = z
  .custom<MeterRecordInput[]>((v) => Array.isArray(v), { message: 'must be an array of meter records' })
  .meta({
    type: 'array',
    items: recordJson,
    minItems: 1,
    maxItems: METER_LIMITS.maxRecords,
    description: `Up to ${METER_LIMITS.maxRecords} meter records; more is answered 413 batch_too_large and nothing is stored.`,
  });

/** One reading of a cumulative register, as submitted. */
export const CumulativeReading = z
  .strictObject({
    time: z
      .union([Timestamp, z.number().int().min(946_684_800).max(4_102_444_800)])
      .meta({ description: 'RFC 3339, or seconds since 1970 (the earlier generation’s form).' }),
    value: z
      .number()
      .min(0, coded('value_invalid', 'must be a finite number, 0 or more'))
      .meta({ description: 'The register’s reading in the submission’s units.' }),
    record_reference_id: reference('Your reference; the record of the span ending at this reading carries it.'),
  })
  .meta({ id: 'CumulativeReading' });
export type CumulativeReading = z.input<typeof CumulativeReading>;

const readingJson = inlined(CumulativeReading);

export const CumulativeSubmission = z
  .strictObject({
    location_id: idOf('location'),
    device_id: idOf('device').nullable().optional(),
    session_reference_id: reference('Groups the records made from these readings.'),
    ...directionFields,
    units: EnergyUnits,
    confidence,
    data: z
      .custom<CumulativeReading[]>((v) => Array.isArray(v), { message: 'must be an array of readings' })
      .meta({
        type: 'array',
        items: readingJson,
        minItems: 1,
        maxItems: METER_LIMITS.maxRecords,
        description:
          'Register readings: each span between two readings becomes a record holding their difference, spread evenly over the span.',
      }),
  })
  .meta({ id: 'CumulativeSubmission' });
export type CumulativeSubmission = z.output<typeof CumulativeSubmission>;

export const RecordError = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: 'RecordError', description: 'A named code and what is wrong, naming the field.' });

export const FailedRecord = z
  .object({
    record_num: z.number().int().meta({ description: 'Place of the record (or reading) in the submission, from 1.' }),
    record_reference_id: z.string().nullable(),
    error: RecordError,
  })
  .meta({ id: 'FailedRecord' });

/** The answer to a submission. */
export const MeterBatch = z
  .object({
    ...resource('meterBatch', 'meter_batch'),
    records_submitted: z.number().int().meta({ description: 'Records (or readings) received.' }),
    records_accepted: z.number().int().meta({ description: 'Those that were valid and are stored.' }),
    records_processed: z.number().int().meta({
      description:
        'Stored records this submission added or changed; a submission sent again processes none (it changes nothing).',
    }),
    failed_records: z.array(FailedRecord),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'MeterBatch' });
export type MeterBatch = z.input<typeof MeterBatch>;

/** A stored meter record (`GET /meter-records`). */
export const MeterRecord = z
  .object({
    ...resource('meterRecord', 'meter_record'),
    location_id: idOf('location'),
    device_id: z.string().nullable(),
    session_reference_id: z.string().nullable(),
    record_reference_id: z.string().nullable(),
    tariff_direction: TariffDirection,
    energy_flow_direction: EnergyFlowDirection,
    units: MeterUnits,
    value: z.number(),
    kwh: z.number().meta({ description: 'The energy of the record, kWh (6 decimals), from value and units.' }),
    confidence: z.number(),
    start_time: z.string(),
    end_time: z.string(),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'MeterRecord' });
export type MeterRecord = z.input<typeof MeterRecord>;

export const MeterRecordList = listOf(MeterRecord, 'MeterRecordList');

export const MeterRecordListQuery = z.strictObject({
  location_id: idOf('location').optional(),
  device_id: idOf('device').optional(),
  session_reference_id: z.string().max(200).optional(),
  tariff_direction: TariffDirection.optional(),
  start_time: Timestamp.optional().meta({ description: 'Only records ending after this instant.' }),
  end_time: Timestamp.optional().meta({ description: 'Only records starting before this instant.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(METER_LIMITS.maxRecords)
    .optional()
    .meta({ description: `1–${METER_LIMITS.maxRecords}, default 1000.` }),
  starting_after: idOf('meterRecord', 'starting_after')
    .optional()
    .meta({ description: 'A record id: the records after it, in time order.' }),
});
