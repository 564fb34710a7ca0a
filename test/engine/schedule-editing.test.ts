import { describe, expect, it } from 'vitest';
import { parseDates, parseQuarter, placeBand } from '../../renderer/admin/components/schedule-model.js';
import { neighbourOf } from '../../renderer/admin/components/schedule/place.js';
import { edgeWarnings, splitBand } from '../../renderer/admin/components/schedule/edges.js';
import { Schedule as ScheduleSchema, type Schedule } from '../../core/engine/schemas/schedule.js';

type Band = Schedule[number]['days_and_hours'][number]['hours'][number];
const b = (from: string, to: string, fixed = 0.3): Band => ({ valid_from: from, valid_to: to, rate: [{ fixed }] });
const h = (q: number) => q * 4;
const valid = (hours: Band[]) => ScheduleSchema.safeParse([{ days_and_hours: [{ days: ['All'], hours }] }]).success;

describe('the editor’s band placement: push the neighbour or say why not', () => {
  const day = [b('07:00:00', '09:00:00', 0.25), b('17:00:00', '20:00:00', 0.4)];

  it('stretching into a neighbour pushes its start back', () => {
    const r = placeBand(day, 0, h(7), h(10), false);
    expect(r).toEqual({
      hours: [b('07:00:00', '10:00:00', 0.25), b('17:00:00', '20:00:00', 0.4)],
      pushed: [],
    });
    const p = placeBand(day, 0, h(7), h(18), false);
    if (!('hours' in p)) throw new Error(p.refused);
    expect(p.hours[1]).toEqual(b('18:00:00', '20:00:00', 0.4));
    expect(p.pushed).toEqual(['Pushed ‘0.40’ 17:00–20:00 to 18:00–20:00.']);
    expect(valid(p.hours)).toBe(true);
  });

  it('covering a neighbour, or splitting it by moving a band, is refused in words', () => {
    expect(placeBand(day, 0, h(7), h(21), false)).toEqual({
      refused: 'Would cover ‘0.40’ 17:00–20:00 entirely; delete that band first.',
    });
    expect(placeBand([...day, b('21:00:00', '22:00:00')], 2, h(18), h(19), false)).toEqual({
      refused: 'Would split ‘0.40’ 17:00–20:00 in two; draw a new band inside it instead.',
    });
    expect(placeBand(day, 0, h(7), h(7), false)).toEqual({ refused: 'A band lasts at least 15 min.' });
  });

  it('a band past midnight pushes the morning band it runs into', () => {
    const p = placeBand(day, 1, h(17), h(24 + 8), false);
    if (!('hours' in p)) throw new Error(p.refused);
    expect(p.hours).toEqual([b('08:00:00', '09:00:00', 0.25), b('17:00:00', '08:00:00', 0.4)]);
    expect(valid(p.hours)).toBe(true);
  });

  it('a drawn band gets the default rate, not a copy of another band', () => {
    const p = placeBand(day, -1, h(10), h(12), false);
    if (!('hours' in p)) throw new Error(p.refused);
    expect(p.hours[2]).toEqual(b('10:00:00', '12:00:00', 0.3));
    const m = placeBand([], -1, h(0), h(24), true);
    expect('hours' in m && m.hours[0]).toEqual({
      valid_from: '00:00:00',
      valid_to: '00:00:00',
      rate: [{ surcharge_fixed: 0 }],
    });
  });
});

describe('drawing inside a band, neighbours and midnight', () => {
  const day = [b('07:00:00', '09:00:00', 0.25), b('17:00:00', '20:00:00', 0.4)];
  it('a band drawn inside another splits it around itself, a full-day band included', () => {
    const p = placeBand(day, -1, h(18), h(19), false, [{ fixed: 0.4 }]);
    if (!('hours' in p)) throw new Error(p.refused);
    expect(p.hours).toEqual([
      b('07:00:00', '09:00:00', 0.25),
      b('17:00:00', '18:00:00', 0.4),
      b('19:00:00', '20:00:00', 0.4),
      b('18:00:00', '19:00:00', 0.4),
    ]);
    expect(p.pushed).toEqual(['Split ‘0.40’ 17:00–20:00 into 17:00–18:00 and 19:00–20:00.']);
    const all = placeBand([b('00:00:00', '00:00:00', 0.28)], -1, h(7), h(9), false, [{ fixed: 0.28 }]);
    if (!('hours' in all)) throw new Error(all.refused);
    expect(all.hours).toEqual([
      b('00:00:00', '07:00:00', 0.28),
      b('09:00:00', '00:00:00', 0.28),
      b('07:00:00', '09:00:00', 0.28),
    ]);
    expect(valid(all.hours)).toBe(true);
  });

  it('a new band’s neighbour: the band around it, then the one ending at its start, the one after, the nearest before', () => {
    expect(neighbourOf(day, h(18), h(19))).toBe(1);
    expect(neighbourOf(day, h(9), h(10))).toBe(0);
    expect(neighbourOf(day, h(16), h(17))).toBe(1);
    expect(neighbourOf(day, h(11), h(12))).toBe(0);
    // Before the first band of the day: the last band of the day before.
    expect(neighbourOf(day, h(2), h(3))).toBe(1);
    expect(neighbourOf([], h(2), h(3))).toBeUndefined();
  });

  it('a band past midnight at a month group’s edge says the hours the next group gives away and takes', () => {
    const schedule: Schedule = [
      {
        months: ['Jun', 'Jul'],
        days_and_hours: [{ days: ['All'], hours: [b('21:00:00', '16:00:00', 0.4), b('16:00:00', '21:00:00', 0.6)] }],
      },
      { days_and_hours: [{ days: ['All'], hours: [b('00:00:00', '00:00:00', 0.28)] }] },
    ];
    const w = edgeWarnings(schedule, 0, (x) => `‘${x.rate[0]!.fixed}’`);
    expect(w).toEqual([
      {
        item: 0,
        band: 0,
        text: '‘0.4’ runs past midnight and is priced by the day it starts: 00:00–16:00 on 1 Jun is priced by the day before, in All months; 00:00–16:00 on 1 Aug is priced by this band, not by All months.',
      },
    ]);
    expect(edgeWarnings(schedule, 1, () => '')).toEqual([]);
    const split = splitBand(schedule, 0, 0, 0);
    expect(split[0]!.days_and_hours[0]!.hours).toEqual([
      b('21:00:00', '00:00:00', 0.4),
      b('00:00:00', '16:00:00', 0.4),
      b('16:00:00', '21:00:00', 0.6),
    ]);
    expect(edgeWarnings(split, 0, () => '')).toEqual([]);
  });
});

describe('typed times and dates', () => {
  it('times on the quarter hour; 24:00 only as an end', () => {
    expect(parseQuarter('07:15', false)).toBe(29);
    expect(parseQuarter('7', false)).toBe(28);
    expect(parseQuarter('24:00', true)).toBe(96);
    expect(parseQuarter('24:00', false)).toMatch(/between 00:00 and 24:00/);
    expect(parseQuarter('07:10', false)).toBe('Times are on the quarter hour (:00, :15, :30, :45).');
    expect(parseQuarter('seven', false)).toBe('Type a time as HH:MM.');
  });

  it('dates keep their commas: "25, 26" is two dates', () => {
    expect(parseDates('25, 26')).toEqual([25, 26]);
    expect(parseDates('26 25,25')).toEqual([25, 26]);
    expect(parseDates('')).toEqual([]);
    expect(parseDates('25, 40')).toBe('‘40’ is not a day of the month (1–31).');
  });
});
