import { describe, expect, it } from 'vitest';
import { inFileOrder, meterBatches, meterRecordsOf } from '../../core/engine/meters/usage-records.js';
import { MeterRecordInput } from '../../core/engine/schemas/meter.js';
import { readUsageFile } from '../../renderer/admin/usage-csv.js';

/** A usage file as meter records: what the command line's meters command and the app's upload send. */
describe('a usage file as meter records', () => {
  const text =
    'start,end,"kwh\nused"\n\n2026-03-01 00:00,2026-03-01 00:15,0.25\n\n2026-03-01 00:15,2026-03-01 00:30,0.5\n';

  it('keeps the file line of each interval (blank lines and a header across two lines counted)', () => {
    const u = readUsageFile(text, 'Europe/Berlin');
    expect(u.intervals).toHaveLength(2);
    expect(u.lines).toEqual([4, 6]);
  });

  it('makes one KWH record per interval, with the target’s fields, each taken by the API’s schema', () => {
    const u = readUsageFile(text, 'Europe/Berlin');
    const records = meterRecordsOf(u.intervals, {
      location_id: 'loc_a1',
      device_id: 'dev_b2',
      session_reference_id: 'EV-1',
      tariff_direction: 'IMPORT',
    });
    expect(records).toEqual([
      {
        location_id: 'loc_a1',
        device_id: 'dev_b2',
        session_reference_id: 'EV-1',
        tariff_direction: 'IMPORT',
        units: 'KWH',
        value: 0.25,
        start_time: '2026-02-28T23:00:00.000Z',
        end_time: '2026-02-28T23:15:00.000Z',
      },
      expect.objectContaining({ value: 0.5, start_time: '2026-02-28T23:15:00.000Z' }),
    ]);
    for (const r of records) expect(MeterRecordInput.safeParse(r).success).toBe(true);
    // Without the optional parts, none of their fields.
    expect(Object.keys(meterRecordsOf(u.intervals, { location_id: 'loc_a1' })[0]!).sort()).toEqual(
      ['end_time', 'location_id', 'start_time', 'units', 'value'].sort(),
    );
  });

  it('sends at most 10,000 a request, and numbers refused records by their place in the file', () => {
    const batches = meterBatches(Array.from({ length: 20_001 }, (_, i) => i));
    expect(batches.map((b) => [b.offset, b.records.length])).toEqual([
      [0, 10_000],
      [10_000, 10_000],
      [20_000, 1],
    ]);
    expect(batches[2]!.records).toEqual([20_000]);
    expect(meterBatches([])).toEqual([]);
    const failed = { record_num: 3, record_reference_id: null, error: { code: 'record_too_long', message: 'x' } };
    expect(inFileOrder({ failed_records: [failed] }, 10_000).failed_records[0]!.record_num).toBe(10_003);
  });
});
