import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { MeterRecordInput, plainRecord } from '../../core/engine/schemas/meter.js';
import { directionsOf, microKwhOf, spansOf } from '../../core/engine/meters/records.js';
import { costPerPeriod, costPerRecord, lanesOf, type MeterSeries } from '../../core/engine/pricing/meter-cost.js';
import { periodBounds } from '../../core/engine/pricing/local-days.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { H, twoRates } from './support.js';

const ZONE = 'Europe/Berlin';

describe('a meter record read by plain checks', () => {
  const field = {
    location_id: fc.constantFrom('loc_abc', 'loc_', 'dev_abc', 'loc_a-b', 'x'.repeat(90), 7),
    device_id: fc.constantFrom(undefined, null, 'dev_x1', 'loc_x1', 'dev_', ''),
    session_reference_id: fc.constantFrom(undefined, null, 'S1', '', 'x'.repeat(201), 3),
    record_reference_id: fc.constantFrom(undefined, null, 'R1', 'x'.repeat(200), 'x'.repeat(201)),
    tariff_direction: fc.constantFrom(undefined, 'IMPORT', 'EXPORT', 'LOCAL', 'import', null),
    tariff_rate: fc.constantFrom(undefined, 'IMPORT', 'SIDEWAYS'),
    direction: fc.constantFrom(undefined, 'EXPORT', 'OUT'),
    energy_flow_direction: fc.constantFrom(undefined, 'INBOUND', 'OUTBOUND', 'IN'),
    measurand: fc.constantFrom(undefined, 'TRANSFERRED', 'OFFERED'),
    units: fc.constantFrom('W', 'KW', 'WH', 'KWH', 'MWH', 'kwh', undefined),
    value: fc.oneof(fc.double(), fc.constantFrom(0, -0, 1, -1, 1e300, '1', null)),
    confidence: fc.oneof(fc.constant(undefined), fc.double({ min: -1, max: 2 }), fc.constant('1')),
    start_time: fc.constantFrom(
      '2026-06-01T10:00:00Z',
      '2026-06-01t10:00:00z',
      '2026-06-01T10:00:00.123456789+02:00',
      '2026-02-30T10:00:00Z',
      '2026-06-01T24:00:00Z',
      '2026-06-01 10:00:00Z',
      '2026-06-01T10:00:00+24:00',
      '',
    ),
    end_time: fc.constantFrom('2026-06-01T10:15:00Z', '2026-06-01T10:15:00.1234567890Z', 'soon'),
  };
  const record = fc
    .record(field, { requiredKeys: [] })
    .chain((r) =>
      fc.oneof(
        fc.constant<unknown>(r),
        fc.constant<unknown>({ ...r, colour: 'red' }),
        fc.constant<unknown>([r]),
        fc.constant<unknown>(null),
      ),
    );

  it('never takes a record the schema refuses, and takes it as the schema reads it', () => {
    fc.assert(
      fc.property(record, (raw) => {
        const plain = plainRecord(raw);
        const parsed = MeterRecordInput.safeParse(raw);
        if (plain !== undefined) {
          expect(parsed.success).toBe(true);
          expect(plain).toEqual(parsed.data);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the common good record', () => {
    const r = {
      location_id: 'loc_abc',
      device_id: 'dev_x',
      session_reference_id: 'S',
      record_reference_id: 'R',
      units: 'KW',
      value: 7.4,
      start_time: '2026-06-01T10:00:00Z',
      end_time: '2026-06-01T10:15:00+00:00',
    };
    expect(plainRecord(r)).toBe(r);
  });
});

describe('record rules', () => {
  it('turns power held over the interval, and energy, into micro-kWh', () => {
    const a = Date.parse('2026-06-01T10:00:00Z');
    expect(microKwhOf('W', 20567, a, a + H / 2)).toBe(10_283_500);
    expect(microKwhOf('KW', 2, a, a + 0.75 * H)).toBe(1_500_000);
    expect(microKwhOf('WH', 1500, a, a + H)).toBe(1_500_000);
    expect(microKwhOf('KWH', 0.000_000_4, a, a + H)).toBe(0);
    expect(() => microKwhOf('KWH', 2_000_000, a, a + H)).toThrow(/value/);
  });

  it('reads the directions in every spelling, and refuses two that disagree', () => {
    expect(directionsOf({})).toEqual({ tariff: 'IMPORT', flow: 'INBOUND' });
    expect(directionsOf({ direction: 'EXPORT' })).toEqual({ tariff: 'EXPORT', flow: 'OUTBOUND' });
    expect(directionsOf({ tariff_rate: 'LOCAL' })).toEqual({ tariff: 'LOCAL', flow: 'INBOUND' });
    expect(directionsOf({ tariff_direction: 'EXPORT', energy_flow_direction: 'INBOUND' })).toEqual({
      tariff: 'EXPORT',
      flow: 'INBOUND',
    });
    expect(() => directionsOf({ tariff_direction: 'IMPORT', tariff_rate: 'EXPORT' })).toThrow(/tariff_rate/);
  });

  it('makes a span of each two readings, their difference', () => {
    expect(
      spansOf([
        { time: 0, microKwh: 10 },
        { time: 5, microKwh: 15 },
        { time: 9, microKwh: 30 },
      ]),
    ).toEqual([
      { start: 0, end: 5, microKwh: 5 },
      { start: 5, end: 9, microKwh: 15 },
    ]);
  });
});

describe('costing meter records', () => {
  // 0.30 from 07:00 to 22:00 Berlin time, 0.20 otherwise.
  const pricing = {
    zone: ZONE,
    direction: 'IMPORT' as const,
    components: twoRates('07:00:00', '22:00:00', 0.3, 0.2).map((c) => compileComponent(c, ZONE)),
  };
  const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
  const series = (recs: [string, string, number][]): MeterSeries => ({
    starts: Float64Array.from(recs, (r) => at(r[0])),
    ends: Float64Array.from(recs, (r) => at(r[1])),
    microKwh: Float64Array.from(recs, (r) => r[2] * 1e6),
    confidence: Float64Array.from(recs, () => 1),
  });

  it('costs each record, split pro rata at a price change, overlapping records in lanes of their own', () => {
    const s = series([
      ['2026-06-01T21:00', '2026-06-01T23:00', 2],
      ['2026-06-01T21:30', '2026-06-01T22:30', 3],
      ['2026-06-01T23:00', '2026-06-02T01:00', 1],
    ]);
    expect(lanesOf(s).map((l) => [...l])).toEqual([[0], [1, 2]]);
    const totals = costPerRecord(pricing, s);
    expect(totals.map((t) => t.micro)).toEqual([
      Math.round((1 * 0.3 + 1 * 0.2) * 1e6),
      Math.round((1.5 * 0.3 + 1.5 * 0.2) * 1e6),
      Math.round(0.2 * 1e6),
    ]);
    expect(totals.map((t) => t.microKwh)).toEqual([2e6, 3e6, 1e6]);
  });

  it('costs local days: a record across midnight counts pro rata, the window cuts records at its edges', () => {
    const s = series([
      ['2026-03-28T23:00', '2026-03-29T01:00', 2],
      ['2026-03-29T12:00', '2026-03-29T13:00', 1],
    ]);
    const from = at('2026-03-28T23:30');
    const to = at('2026-03-30T00:00');
    const bounds = periodBounds('day', ZONE, from, to);
    const days = costPerPeriod(pricing, s, bounds);
    // 28 March: half an hour of the 2 kWh (0.5 kWh); 29 March: one hour of it and the noon kWh.
    expect(days.map((d) => d.microKwh)).toEqual([500_000, 2_000_000]);
    expect(days.map((d) => d.micro)).toEqual([100_000, Math.round((1 * 0.2 + 1 * 0.3) * 1e6)]);
    // Every record of a window is in one of its periods: the sum equals the records' own costs inside it.
    const all = costPerPeriod(pricing, s, periodBounds('none', ZONE, at('2026-03-28T23:00'), to));
    expect(all[0]!.micro).toBe(costPerRecord(pricing, s).reduce((t, x) => t + x.micro, 0));
  });

  it('takes the lowest confidence of a record and of the prices over it; energy no contract covers is unpriced', () => {
    const limited = {
      ...pricing,
      components: twoRates('07:00:00', '22:00:00', 0.3, 0.2).map((c) =>
        compileComponent({ ...c, contract_start_date: '2026-06-01T12:00:00+02:00' }, ZONE),
      ),
    };
    const s = series([['2026-06-01T11:00', '2026-06-01T13:00', 2]]);
    s.confidence[0] = 0.9;
    const [t] = costPerRecord(limited, s);
    expect(t).toEqual({ microKwh: 2e6, micro: 300_000, unpricedMicroKwh: 1e6, confidence: 0 });
    const [u] = costPerRecord(pricing, s);
    expect(u!.confidence).toBe(0.9);
  });
});
