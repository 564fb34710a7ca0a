import { describe, expect, it } from 'vitest';
import { sessionsOf, usageSeries, type StoredRecord } from '../../renderer/admin/pages/usage/records.js';
import { daysOf, presetDays, windowOf } from '../../renderer/admin/pages/usage/window.js';
import { lastSeenWords } from '../../renderer/admin/pages/customers/last-seen.js';

/** The Usage and cost view's own arithmetic: its windows of local days and the chart's buckets. */
const ZONE = 'Europe/Berlin';
const record = (start: string, end: string, kwh: number, session: string | null = null) =>
  ({ start_time: start, end_time: end, kwh, session_reference_id: session }) as StoredRecord;

describe('the Usage and cost view', () => {
  it('windows are whole local days, the clock change day included, at most 400 days', () => {
    expect(presetDays('7d', '2026-10-28')).toEqual({ from: '2026-10-22', to: '2026-10-28' });
    expect(presetDays('12m', '2026-10-28')).toEqual({ from: '2025-11-01', to: '2026-10-28' });
    const w = windowOf('2026-10-24', '2026-10-26', ZONE);
    expect(w).toMatchObject({
      start_time: '2026-10-24T00:00:00+02:00',
      end_time: '2026-10-27T00:00:00+01:00',
      days: 3,
    });
    expect(windowOf('2026-10-26', '2026-10-24', ZONE)).toEqual({ problem: 'The last day is before the first.' });
    expect(windowOf('2025-01-01', '2026-03-01', ZONE)).toHaveProperty('problem');
    // A file's span as days: one ending at midnight ends the day before.
    expect(daysOf(Date.parse('2026-10-24T22:00:00Z'), Date.parse('2026-10-26T23:00:00Z'), ZONE)).toEqual({
      from: '2026-10-25',
      to: '2026-10-26',
    });
  });

  it('sums records per local quarter hour, spreading a longer one over the quarters it covers', () => {
    const w = windowOf('2026-10-25', '2026-10-25', ZONE);
    if ('problem' in w) throw new Error(w.problem);
    const s = usageSeries(
      [
        record('2026-10-24T22:00:00Z', '2026-10-24T23:00:00Z', 2),
        // Starts before the window: only its part inside counts.
        record('2026-10-24T21:30:00Z', '2026-10-24T22:15:00Z', 3),
      ],
      w,
      ZONE,
    );
    // The 25-hour day of the autumn clock change: 100 quarter hours, and one point at its end.
    expect(s.unit).toBe('15 min');
    expect(s.points).toHaveLength(101);
    expect(s.points.slice(0, 5).map((p) => p.kwh)).toEqual([1.5, 0.5, 0.5, 0.5, 0]);
    expect(s.total_kwh).toBeCloseTo(3, 9);
    expect(s.points.at(-1)!.t).toBe(w.toMs);
  });

  it('takes hours for a month, days for a year', () => {
    const month = windowOf('2026-10-01', '2026-10-31', ZONE);
    const year = windowOf('2026-01-01', '2026-12-31', ZONE);
    if ('problem' in month || 'problem' in year) throw new Error('window');
    expect(usageSeries([], month, ZONE).unit).toBe('hour');
    expect(usageSeries([], month, ZONE).points).toHaveLength(31 * 24 + 1 + 1);
    expect(usageSeries([], year, ZONE).unit).toBe('day');
    expect(usageSeries([], year, ZONE).points).toHaveLength(366);
  });

  it('lists each session once, in the order of its first record', () => {
    expect(
      sessionsOf([
        record('2026-10-01T00:00:00Z', '2026-10-01T00:15:00Z', 1, 'b'),
        record('2026-10-01T00:15:00Z', '2026-10-01T00:30:00Z', 1, null),
        record('2026-10-01T00:30:00Z', '2026-10-01T00:45:00Z', 1, 'a'),
        record('2026-10-01T00:45:00Z', '2026-10-01T01:00:00Z', 1, 'b'),
      ]),
    ).toEqual(['b', 'a']);
  });

  it('says when a device was last seen, against the service clock', () => {
    const now = Date.parse('2026-11-20T13:00:00Z');
    expect(lastSeenWords(null, now)).toBe('Never');
    expect(lastSeenWords('2026-11-20T12:59:30Z', now)).toBe('just now');
    expect(lastSeenWords('2026-11-20T12:55:00Z', now)).toBe('5 minutes ago');
    expect(lastSeenWords('2026-11-20T10:00:00Z', now)).toBe('3 hours ago');
    expect(lastSeenWords('2026-11-19T12:00:00Z', now)).toBe('yesterday');
    expect(lastSeenWords('2026-11-14T13:00:00Z', now)).toBe('6 days ago');
    expect(lastSeenWords('2026-07-01T00:00:00Z', now)).toBe('4 months ago');
    // The clock moved back since: after now.
    expect(lastSeenWords('2026-11-20T15:00:00Z', now)).toBe('in 2 hours');
  });
});
