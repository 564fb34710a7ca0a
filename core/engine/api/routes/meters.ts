import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf } from '../../schemas/common.js';
import {
  CumulativeSubmission,
  METER_LIMITS,
  MeterBatch,
  MeterBatchRequest,
  MeterRecordList,
  MeterRecordListQuery,
} from '../../schemas/meter.js';

const cumulative = {
  method: 'PUT',
  summary: 'Submit cumulative register readings: each span between two readings becomes a record',
  tag: 'Meters',
  body: CumulativeSubmission,
  bodyLimit: METER_LIMITS.bodyLimit,
  response: MeterBatch,
} as const;

export const meterContracts = contracts({
  'meters.interval': {
    method: 'PUT',
    path: '/meters/interval',
    summary: 'Submit interval meter records (each checked on its own; up to 10,000)',
    tag: 'Meters',
    body: MeterBatchRequest,
    bodyLimit: METER_LIMITS.bodyLimit,
    response: MeterBatch,
  },
  'meters.cumulative': { ...cumulative, path: '/meters/cumulative' },
  'meters.cumulative_epoch': {
    ...cumulative,
    path: '/meters/cumulative/epoch',
    summary: 'Submit cumulative register readings (the path of the earlier API generation)',
  },
  'meters.batch': {
    method: 'GET',
    path: '/meters/batch',
    summary: 'A submitted batch as its submission answered it (counts and failed records)',
    tag: 'Meters',
    query: z.strictObject({
      batch_id: idOf('meterBatch', 'batch_id').meta({ description: 'The id a submission answered (bat_…).' }),
    }),
    response: MeterBatch,
  },
  'meter_records.list': {
    method: 'GET',
    path: '/meter-records',
    summary: 'List stored meter records in time order',
    tag: 'Meters',
    query: MeterRecordListQuery,
    response: MeterRecordList,
  },
});
