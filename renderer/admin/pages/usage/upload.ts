import type { ApiClient } from '../../api';
import {
  inFileOrder,
  meterBatches,
  meterRecordsOf,
  type RecordTarget,
} from '../../../../core/engine/meters/usage-records';
import type { UsageInterval } from '../../../../core/engine/usage/csv';
import { readUsageFile } from '../../usage-csv';

/** How far a submission has come: records answered of all, and batches. */
export interface UploadProgress {
  sent: number;
  total: number;
  batch: number;
  batches: number;
}

/** A record the service refused, placed in the file: its line, its span and the named error. */
export interface FailedRow {
  line: number;
  start: number;
  end: number;
  code: string;
  message: string;
}

/** What a file's submission came to, its batches' answers added up. */
export interface UploadResult {
  name: string;
  submitted: number;
  accepted: number;
  processed: number;
  failed: FailedRow[];
  /** The file's span, epoch ms. */
  from: number;
  to: number;
}

/** A meter file read into records of `at`, or the reader's refusal (its line and column named). */
export function readMeterFile(text: string, zone: string, at: RecordTarget) {
  const usage = readUsageFile(text, zone);
  return { usage, records: meterRecordsOf(usage.intervals, at) };
}

/**
 * Sends a file's records in batches of at most 10,000 (`PUT /meters/interval`), one after the
 * other, reporting after each; a refused record is named by its line in the file.
 */
export async function submitRecords(
  api: ApiClient,
  name: string,
  usage: { intervals: UsageInterval[]; lines: number[] },
  records: ReturnType<typeof meterRecordsOf>,
  onProgress: (p: UploadProgress) => void,
): Promise<UploadResult> {
  const batches = meterBatches(records);
  const result: UploadResult = {
    name,
    submitted: 0,
    accepted: 0,
    processed: 0,
    failed: [],
    from: usage.intervals[0]?.start ?? 0,
    to: usage.intervals.at(-1)?.end ?? 0,
  };
  onProgress({ sent: 0, total: records.length, batch: 0, batches: batches.length });
  for (const [k, { offset, records: body }] of batches.entries()) {
    const answer = inFileOrder(await api.call('meters.interval', { body }), offset);
    result.submitted += answer.records_submitted;
    result.accepted += answer.records_accepted;
    result.processed += answer.records_processed;
    for (const f of answer.failed_records) {
      const iv = usage.intervals[f.record_num - 1]!;
      result.failed.push({
        line: usage.lines[f.record_num - 1]!,
        start: iv.start,
        end: iv.end,
        code: f.error.code,
        message: f.error.message,
      });
    }
    onProgress({ sent: offset + body.length, total: records.length, batch: k + 1, batches: batches.length });
  }
  return result;
}
