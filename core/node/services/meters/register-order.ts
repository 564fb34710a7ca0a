import { Codes, invalid, type ApiError } from '../../../engine/errors.js';
import { METER_LIMITS } from '../../../engine/schemas/meter.js';
import type { Reading } from '../../../engine/meters/records.js';

/**
 * A register's reading in time order: a new one carries its place in the submission, its
 * reference, and the stored reading at its time, which stays if the new one is refused.
 */
export type Kept = Reading & { num?: number; ref?: string | null; stored?: Reading };

/** Refuses the new reading at a place in the submission. */
export type Fail = (num: number, e: ApiError) => void;

const decreased = (what: string) =>
  invalid(Codes.readingDecreased, `value: the reading ${what}; a register never falls.`);

/**
 * The readings a register keeps, stored and new in time order: readings never fall, so a new
 * reading below the one before it, or above a stored one after it, is refused; and a span
 * longer than a record may be is refused at the new reading that ends it.
 */
export function keptReadings(merged: readonly Kept[], fail: Fail): Kept[] {
  const kept: Kept[] = [];
  const push = (r: Kept): void => {
    for (;;) {
      const prev = kept[kept.length - 1];
      if (!prev || r.microKwh >= prev.microKwh || (r.num === undefined && prev.num === undefined)) {
        kept.push(r);
        return;
      }
      if (r.num !== undefined) {
        fail(r.num, decreased('is lower than the reading before it'));
        if (r.stored) push(r.stored);
        return;
      }
      fail(prev.num!, decreased('is higher than a reading after it'));
      kept.pop();
      if (prev.stored) push(prev.stored);
    }
  };
  for (const r of merged) push(r);
  const readings: Kept[] = [];
  for (const r of kept) {
    const prev = readings[readings.length - 1];
    if (prev && r.num !== undefined && r.time - prev.time > METER_LIMITS.maxRecordDays * 86_400_000) {
      fail(
        r.num,
        invalid(
          Codes.recordTooLong,
          `time: more than ${METER_LIMITS.maxRecordDays} days after the reading before it; send readings closer together.`,
        ),
      );
      if (r.stored) readings.push(r.stored);
      continue;
    }
    readings.push(r);
  }
  return readings;
}
