import { AUTH_ERRORS, arr, bool, dateTime, int, num, obj, str, type JsonSchema, type ZeroOperation } from './schema.js';

/** One interval meter record as a client sends it. */
const recordProperties: Record<string, JsonSchema> = {
  location_id: str(),
  device_id: str(),
  session_reference_id: str(),
  record_reference_id: str(),
  direction: str(),
  tariff_rate: str(),
  measurand: str(),
  units: str(),
  confidence: num(),
  value: num(),
  start_time: str(),
  end_time: str(),
};
const RECORD_REQUIRED = ['location_id', 'units', 'value', 'start_time', 'end_time'];
export const meterRecord = obj(recordProperties, RECORD_REQUIRED);
/** The record as an instant cost answer echoes it. */
export const meterRecordEcho = obj({ ...recordProperties, non_persistent: bool() }, RECORD_REQUIRED);

/** What a submission (and its status check) answers. */
const meterBatch = obj({
  id: str(),
  object: str(),
  records_submitted: int(),
  records_accepted: int(),
  records_processed: int(),
  failed_records: arr(obj({ record_num: int(), record_reference_id: str(), error: str() }, ['record_num', 'error'])),
  time_created: dateTime(),
  account_id: str(),
});

export const meters: ZeroOperation[] = [
  {
    name: 'submit-meter-flex-reads',
    tag: 'Meters',
    method: 'PUT',
    path: '/meters/interval',
    success: 200,
    errors: AUTH_ERRORS,
    body: arr(meterRecord),
    response: meterBatch,
  },
  {
    name: 'submit-meter-register-reads',
    tag: 'Meters',
    method: 'PUT',
    path: '/meters/cumulative/epoch',
    success: 200,
    errors: AUTH_ERRORS,
    body: obj(
      {
        location_id: str(),
        device_id: str(),
        session_reference_id: str(),
        direction: str(),
        tariff_rate: str(),
        units: str(),
        data: arr(obj({ time: int(), value: num(), record_reference_id: str() }, ['time', 'value'])),
      },
      ['location_id', 'units', 'data'],
    ),
    response: meterBatch,
  },
  {
    name: 'meter-batch-status',
    tag: 'Meters',
    method: 'GET',
    path: '/meters/batch',
    success: 200,
    errors: AUTH_ERRORS,
    query: { batch_id: { schema: str(), required: true } },
    response: meterBatch,
  },
];
