import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { chartTicks } from '../../renderer/admin/chart-ticks';

const zone = 'Europe/Berlin';
const local = (iso: string) => DateTime.fromISO(iso, { zone }).toMillis();
/** A day's labels at three-hour steps, from its midnight to the next. */
const threeHourly = (day: string, next: string) => [
  day,
  ...['03', '06', '09', '12', '15', '18', '21'].map((h) => `${h}:00`),
  next,
];
const wall = (t: number) => DateTime.fromMillis(t, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

describe('time axis ticks fall on round local times', () => {
  it('a one-day window: every 3 hours, midnights named by their day', () => {
    const a = chartTicks(zone, local('2026-11-23T00:00'), local('2026-11-24T00:00'));
    expect(a).toMatchObject({ unit: 'hour', step: 3 });
    expect(a.ticks.map(wall)).toEqual([
      ...[0, 3, 6, 9, 12, 15, 18, 21].map((h) => `2026-11-23T${String(h).padStart(2, '0')}:00`),
      '2026-11-24T00:00',
    ]);
    expect(a.ticks.map(a.label)).toEqual(threeHourly('Mon 23 Nov', 'Tue 24 Nov'));
  });

  it('a two-day window that starts mid-morning: every 6 hours, never at the odd start', () => {
    const a = chartTicks(zone, local('2026-11-27T06:37'), local('2026-11-29T06:37'));
    expect(a).toMatchObject({ unit: 'hour', step: 6 });
    expect(a.ticks.map(wall)[0]).toBe('2026-11-27T12:00');
    for (const t of a.ticks) expect(DateTime.fromMillis(t, { zone }).hour % 6).toBe(0);
  });

  it('a narrow chart of one day steps up to 6 or 12 hours', () => {
    const a = chartTicks(zone, local('2026-11-23T00:00'), local('2026-11-24T00:00'), 4);
    expect(a).toMatchObject({ unit: 'hour', step: 12 });
    expect(a.ticks.map(a.label)).toEqual(['Mon 23 Nov', '12:00', 'Tue 24 Nov']);
  });

  it('a seven-day window: every local midnight, named "Mon 23 Nov"', () => {
    const a = chartTicks(zone, local('2026-11-23T00:00'), local('2026-11-30T00:00'));
    expect(a).toMatchObject({ unit: 'day', step: 1 });
    expect(a.ticks.map(wall)).toEqual([23, 24, 25, 26, 27, 28, 29, 30].map((d) => `2026-11-${d}T00:00`));
    expect(a.label(a.ticks[0]!)).toBe('Mon 23 Nov');
    expect(a.label(a.ticks.at(-1)!)).toBe('Mon 30 Nov');
  });

  it('a seven-day window in another zone ticks at that zone’s midnights', () => {
    const chicago = 'America/Chicago';
    const from = DateTime.fromISO('2026-11-22T00:00', { zone: chicago }).toMillis();
    const a = chartTicks(chicago, from, from + 7 * 86_400_000);
    for (const t of a.ticks) expect(DateTime.fromMillis(t, { zone: chicago }).toFormat('HH:mm')).toBe('00:00');
    expect(a.label(a.ticks[0]!)).toBe('Sun 22 Nov');
  });

  it('a 90-day window: month starts (or Mondays when the chart is wide enough)', () => {
    const from = local('2026-06-01T00:00');
    const to = local('2026-08-30T00:00');
    const months = chartTicks(zone, from, to);
    expect(months.unit).toBe('month');
    expect(months.ticks.map(wall)).toEqual(['2026-06-01T00:00', '2026-07-01T00:00', '2026-08-01T00:00']);
    expect(months.ticks.map(months.label)).toEqual(['1 Jun 2026', '1 Jul 2026', '1 Aug 2026']);
    const weeks = chartTicks(zone, from, to, 14);
    expect(weeks).toMatchObject({ unit: 'day', step: 7 });
    for (const t of weeks.ticks) expect(DateTime.fromMillis(t, { zone }).toFormat('ccc HH:mm')).toBe('Mon 00:00');
  });

  it('a DST day keeps the ticks on round wall times: 25 hours in autumn, 23 in spring', () => {
    const autumn = chartTicks(zone, local('2026-10-25T00:00'), local('2026-10-26T00:00'));
    expect(autumn.ticks.map(autumn.label)).toEqual(threeHourly('Sun 25 Oct', 'Mon 26 Oct'));
    // 00:00 → 03:00 spans four real hours that day.
    expect(autumn.ticks[1]! - autumn.ticks[0]!).toBe(4 * 3_600_000);
    const spring = chartTicks(zone, local('2026-03-29T00:00'), local('2026-03-30T00:00'));
    expect(spring.ticks.map(spring.label)).toEqual(threeHourly('Sun 29 Mar', 'Mon 30 Mar'));
    expect(spring.ticks[1]! - spring.ticks[0]!).toBe(2 * 3_600_000);
  });
});
