import { expect } from 'vitest';
import type { BrowserSuite } from './suite.js';

/** Bands of one day row: [from, to, price] each. */
export const bands = (...b: [string, string, number][]) =>
  b.map(([valid_from, valid_to, fixed]) => ({ valid_from, valid_to, rate: [{ fixed }] }));

/**
 * "Peak and weekend" at a new location, 2026–2027: Weekend all day at 0.20, and on weekdays the
 * bands given (07:00–09:00 at 0.25 unless said). The location's id and the tariff's.
 */
export async function peakAndWeekend(
  s: BrowserSuite,
  location: Record<string, unknown>,
  weekdays: [string, string, number][] = [['07:00:00', '09:00:00', 0.25]],
): Promise<{ loc: string; id: string }> {
  const made = await s.env.api('POST', '/locations', location);
  expect(made.status).toBe(200);
  const loc = made.body.id as string;
  const t = await s.env.api('POST', '/tariffs', {
    location_id: loc,
    type: 'COMMODITY',
    display_name: 'Peak and weekend',
    contract_start_date: '2026-01-01',
    contract_end_date: '2028-01-01',
    schedule: [
      {
        months: ['All'],
        days_and_hours: [
          { days: ['Weekend'], hours: bands(['00:00:00', '00:00:00', 0.2]) },
          { days: ['Weekdays'], hours: bands(...weekdays) },
        ],
      },
    ],
  });
  expect(t.status).toBe(200);
  return { loc, id: t.body.id as string };
}
