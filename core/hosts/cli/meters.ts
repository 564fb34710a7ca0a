import { readFileSync } from 'node:fs';
import { commandArgs } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { table } from './format.js';
import { api } from '../../engine/api/index.js';
import { ServiceError } from '../../engine/api/client.js';
import { ApiError } from '../../engine/errors.js';
import { parseWith } from '../../engine/api/validate.js';
import { idOf } from '../../engine/schemas/common.js';
import { METER_LIMITS, type MeterBatch, type MeterRecordInput } from '../../engine/schemas/meter.js';
import { UsageCsvError } from '../../engine/usage/csv.js';
import { inFileOrder, meterBatches, meterRecordsOf } from '../../engine/meters/usage-records.js';
import { readUsageCsv } from '../../node/usage/csv.js';

export const METERS_USAGE = `Usage: tariff-desk meters submit LOCATION_ID FILE.csv [options]

Reads a meter CSV (start,end,kwh or timestamp,kwh rows, as tariff-desk costs --usage reads it)
and submits its intervals to a running host as meter records of the location (PUT
/meters/interval, up to ${METER_LIMITS.maxRecords} a request), then prints what was stored. Sending
the same file again changes nothing.

Options:
  --device ID             the records are this device's (dev_…)
  --session REF           the records' session_reference_id (a charging session)
  --direction D           the records' tariff_direction: IMPORT (default), EXPORT or LOCAL
  --interval PT15M        the length of each timestamp,kwh row (default: the most common step)
  --timestamp-marks end   a timestamp,kwh row's timestamp ends its interval (default: start)
  --format F              table (default) or json (the answers)
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key
  --account ID --key KEY  credentials instead of the data folder's test key`;

const OPTIONS = {
  ...CLIENT_OPTIONS,
  device: { type: 'string' },
  session: { type: 'string' },
  direction: { type: 'string' },
  interval: { type: 'string' },
  'timestamp-marks': { type: 'string' },
  format: { type: 'string' },
} as const;

/** `tariff-desk meters submit LOCATION_ID FILE.csv`. */
export async function metersCommand(args: string[], dataDir: string): Promise<number> {
  try {
    return await meters(args, dataDir);
  } catch (e) {
    // The code beside the message, whether the check was here or on the host.
    if (e instanceof ApiError || e instanceof ServiceError) throw new Error(`${e.message} (${e.code})`, { cause: e });
    throw e;
  }
}

async function meters(args: string[], dataDir: string): Promise<number> {
  if (args[0] !== 'submit' && args[0] !== '--help' && args[0] !== '-h') {
    process.stderr.write(METERS_USAGE + '\n');
    return 2;
  }
  const parsed = commandArgs(args.slice(args[0] === 'submit' ? 1 : 0), OPTIONS, METERS_USAGE, { min: 2, max: 2 });
  if (parsed.exit !== undefined) return parsed.exit;
  const { values: v, positionals } = parsed;
  const [locationId, file] = positionals as [string, string];
  const format = v.format ?? 'table';
  if (!['table', 'json'].includes(format)) throw new Error('--format must be table or json');
  if (v['timestamp-marks'] !== undefined && !['start', 'end'].includes(v['timestamp-marks']))
    throw new Error('--timestamp-marks must be start or end');
  // The ids are checked by the API's own schemas before any request.
  parseWith(idOf('location'), locationId, 'path');
  if (v.device !== undefined) parseWith(idOf('device'), v.device, 'path');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`meter file ${file}: ${(e as Error).message}`, { cause: e });
  }
  const client = await connectClient(clientOptionsOf(v, dataDir));
  const location = await client.call('locations.retrieve', { params: { id: locationId } });
  let intervals;
  try {
    intervals = readUsageCsv(text, {
      zone: location.timezone,
      interval: v.interval,
      timestampMarks: v['timestamp-marks'] as 'start' | 'end' | undefined,
    }).intervals;
  } catch (e) {
    if (e instanceof UsageCsvError) throw new UsageCsvError(e.code, `${file}: ${e.message}`, e.line, e.column);
    throw e;
  }
  const records = meterRecordsOf(intervals, {
    location_id: locationId,
    device_id: v.device,
    session_reference_id: v.session,
    tariff_direction: v.direction?.toUpperCase() as MeterRecordInput['tariff_direction'],
  });
  // Each record checked by the route's own schema here too, so a bad option is named before anything is sent.
  if (records[0]) parseWith(api['costs.instant'].body, records[0], 'body');
  const answers: MeterBatch[] = [];
  for (const { offset, records: batch } of meterBatches(records))
    answers.push(inFileOrder(await client.call('meters.interval', { body: batch }), offset));
  if (format === 'json') process.stdout.write(JSON.stringify(answers, null, 2) + '\n');
  else {
    const sum = (k: 'records_submitted' | 'records_accepted' | 'records_processed') =>
      answers.reduce((t, a) => t + a[k], 0);
    const failed = answers.flatMap((a) => a.failed_records);
    const kwh = intervals.reduce((t, iv) => t + iv.kwh, 0);
    const lines = [
      `${file}: ${sum('records_submitted')} records for ${locationId}${v.device ? ` (${v.device})` : ''}, ${kwh.toFixed(3)} kWh, in ${answers.length} request${answers.length === 1 ? '' : 's'}`,
      `accepted ${sum('records_accepted')}, stored or changed ${sum('records_processed')}, failed ${failed.length}`,
    ];
    if (failed.length)
      lines.push(
        '',
        table(
          ['Row', 'Code', 'Message'],
          failed.map((f) => [String(f.record_num), f.error.code, f.error.message]),
          [true, false, false],
        ),
      );
    process.stdout.write(lines.join('\n') + '\n');
  }
  return answers.some((a) => a.failed_records.length > 0) ? 1 : 0;
}
