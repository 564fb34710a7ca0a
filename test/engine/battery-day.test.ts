import { describe, expect, it } from 'vitest';
import { dayCells, socBefore } from '../../renderer/admin/components/battery/days';

const cell = (from: string, to: string, soc: number) => ({
  start_time: from,
  end_time: to,
  charge_kwh: 1,
  discharge_kwh: 0,
  soc_kwh: soc,
});
const price = (from: string, to: string, value: number) => ({ valid_from: from, valid_to: to, price: { value } });

describe('the battery day view’s cells', () => {
  const cells = [
    cell('2027-01-01T23:00:00Z', '2027-01-02T00:00:00Z', 1),
    cell('2027-01-02T00:00:00Z', '2027-01-02T06:00:00Z', 2),
    cell('2027-01-02T06:00:00Z', '2027-01-03T00:00:00Z', 3),
    cell('2027-01-03T00:00:00Z', '2027-01-03T01:00:00Z', 4),
  ];
  const span = { start_time: '2027-01-02T00:00:00Z', end_time: '2027-01-03T00:00:00Z' };
  // The answers are cut where the prices change, not where the cells are.
  const imports = [
    price('2027-01-02T00:00:00Z', '2027-01-02T07:00:00Z', 0.1),
    price('2027-01-02T07:00:00Z', '2027-01-03T00:00:00Z', 0.3),
  ];
  const exports = [
    price('2027-01-02T00:00:00Z', '2027-01-02T03:00:00Z', 0.05),
    price('2027-01-02T03:00:00Z', '2027-01-03T00:00:00Z', 0.08),
  ];

  it('keeps the day’s cells, each with the import and export price in force at its start', () => {
    expect(dayCells(cells, span, imports, exports)).toEqual([
      { ...cells[1], import_price: 0.1, export_price: 0.05 },
      { ...cells[2], import_price: 0.1, export_price: 0.08 },
    ]);
  });

  it('gives no export price where none was asked (no export tariff)', () => {
    const day = dayCells(cells, span, imports);
    expect(day.map((c) => c.import_price)).toEqual([0.1, 0.1]);
    expect(day.some((c) => 'export_price' in c)).toBe(false);
  });

  it('starts the day’s line at the cell before’s state, or at the window’s start state on its first day', () => {
    expect(socBefore(cells, span.start_time)).toBe(1);
    expect(socBefore(cells, '2027-01-01T23:00:00Z', 2.5)).toBe(2.5);
    expect(socBefore(cells, '2027-01-01T23:00:00Z')).toBe(0);
  });
});
