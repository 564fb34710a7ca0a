import { describe, expect, it } from 'vitest';
import {
  keptKey,
  lastMonthOf,
  monthsIn,
  readKept,
  writeKept,
  type CompareKept,
} from '../../renderer/admin/pages/compare/kept.js';
import { DEFAULT_METERING } from '../../renderer/admin/pages/compare/solar.js';
import type { Schedule } from '../../core/engine/schemas/schedule.js';

/** Compare keeps an analyst's work per mode and location, and reads back only what it wrote. */
const flat = (fixed: number): Schedule => [
  {
    months: ['All'],
    days_and_hours: [{ days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed }] }] }],
  },
];
const work: CompareKept = {
  options: [
    {
      key: 'c1',
      name: 'Flat 0.3',
      source: 'new',
      candidate: {
        type: 'COMMODITY',
        direction: 'IMPORT',
        contract_start_date: '2027-01-01',
        contract_end_date: '2028-01-01',
        schedule: flat(0.3),
      },
    },
  ],
  usage: { profile: 'H0', kwh_per_year: 4200 },
  solar: { kind: 'profile', kwh_per_year: 3000 },
  metering: { ...DEFAULT_METERING, credits: 'CARRIED', true_up_month: 11 },
  window: { kind: 'calendar', year: 2027 },
};

describe('compare kept work', () => {
  it('keys test and live apart, and locations apart', () => {
    expect(keptKey(false, 'loc1')).toBe('tariff-desk:compare:test:loc1');
    expect(keptKey(true, 'loc1')).toBe('tariff-desk:compare:live:loc1');
  });

  it('reads back what it wrote', () => {
    expect(readKept(writeKept(work))).toEqual(work);
  });

  it('keeps no meter file: a file of solar comes back as no solar', () => {
    const text = writeKept({
      ...work,
      solar: { kind: 'csv', name: 'pv.csv', intervals: [{ start: 0, end: 1, kwh: 1 }], total_kwh: 1, from: 0, to: 1 },
    });
    expect(readKept(text)?.solar).toEqual({ kind: 'none' });
  });

  it('drops what is missing, not JSON, or not of this version', () => {
    expect(readKept(null)).toBeNull();
    expect(readKept('{')).toBeNull();
    expect(readKept(JSON.stringify({ ...JSON.parse(writeKept(work)), version: 2 }))).toBeNull();
    expect(
      readKept(JSON.stringify({ ...JSON.parse(writeKept(work)), window: { kind: 'from', month: '2027-13' } })),
    ).toBeNull();
    expect(readKept(JSON.stringify({ ...JSON.parse(writeKept(work)), metering: { mode: 'SOMETHING' } }))).toBeNull();
  });

  it('keeps the battery and the car, and drops only the one not as written', () => {
    const withBoth: CompareKept = {
      ...work,
      battery: {
        on: true,
        capacity_kwh: 13.5,
        power_kw: 5,
        strategy: 'SELF_CONSUMPTION',
        export: false,
        reserve_percent: 10,
        initial_soc_percent: 40,
        final_soc_percent: null,
      },
      car: {
        on: true,
        power_kw: 7.4,
        kwh_per_day: 9,
        plug_in: '19:00:00',
        ready_by: '06:30:00',
        strategy: 'ON_ARRIVAL',
      },
    };
    expect(readKept(writeKept(withBoth))).toEqual(withBoth);
    const stored = JSON.parse(writeKept(withBoth));
    stored.battery.capacity_kwh = 0;
    const back = readKept(JSON.stringify(stored));
    expect(back?.battery).toBeUndefined();
    expect(back?.car).toEqual(withBoth.car);
    expect(back?.options).toHaveLength(1);
  });

  it('reads a battery kept before the states of charge were offered with the model’s defaults', () => {
    const stored = JSON.parse(writeKept(work));
    stored.battery = { on: true, capacity_kwh: 10, power_kw: 5, strategy: 'OPTIMAL', export: true };
    expect(readKept(JSON.stringify(stored))?.battery).toEqual({
      ...stored.battery,
      reserve_percent: 0,
      initial_soc_percent: null,
      final_soc_percent: null,
    });
    stored.battery.reserve_percent = 120;
    expect(readKept(JSON.stringify(stored))?.battery).toBeUndefined();
  });

  it('drops a candidate the API would refuse, and keeps the rest', () => {
    const stored = JSON.parse(writeKept(work));
    stored.options.push({ ...stored.options[0], key: 'c2', candidate: { type: 'NOPE' } });
    const back = readKept(JSON.stringify(stored));
    expect(back?.options.map((o) => o.key)).toEqual(['c1']);
  });

  it('keeps an export tariff tried for a location without one, and drops one that is not an export tariff', () => {
    const tried = {
      key: 'export',
      name: 'Outgoing 12',
      source: 'new' as const,
      candidate: {
        type: 'COMMODITY' as const,
        direction: 'EXPORT' as const,
        display_name: 'Outgoing 12',
        contract_start_date: '2027-01-01',
        contract_end_date: '2028-01-01',
        schedule: flat(0.12),
      },
    };
    expect(readKept(writeKept({ ...work, export_option: tried }))?.export_option).toMatchObject(tried);
    const supply = { ...tried, candidate: { ...tried.candidate, direction: 'IMPORT' as const } };
    const read = readKept(writeKept({ ...work, export_option: supply }));
    expect(read?.export_option).toBeUndefined();
    // The rest of the work is kept all the same.
    expect(read?.options).toEqual(work.options);
    // Charges on it would be refused by the API: it is dropped alone.
    const charged = {
      ...tried,
      candidate: { ...tried.candidate, charges: { fixed: [{ amount: 1, per: 'DAY' as const }] } },
    };
    expect(readKept(writeKept({ ...work, export_option: charged }))?.export_option).toBeUndefined();
  });

  it('names the window’s last month and its months, for the true-up default', () => {
    expect(lastMonthOf('2027-12-01', 'Europe/London')).toBe(11);
    expect(monthsIn('2026-12-01', '2027-12-01', 'Europe/London')).toEqual([12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(monthsIn('2026-09-01', '2026-11-01', 'Europe/Berlin')).toEqual([9, 10]);
  });
});
