import { fixedSchedule, harness, type Harness } from '../helpers.js';

/**
 * The world of the Zero meter and cost tests: a Berlin location with the day-and-night import
 * tariff (0.32 from 07:00 to 22:00, 0.21 otherwise) and a flat 0.08 export tariff.
 */
export async function meterWorld(): Promise<{ h: Harness; loc: string }> {
  const h = await harness('2026-11-20T12:00:00Z');
  const loc = (await h.location()).id;
  await h.tariff(loc);
  await h.tariff(loc, {
    direction: 'EXPORT',
    display_name: 'Export',
    schedule: fixedSchedule([['All', [['00:00', '00:00', 0.08]]]]),
  });
  return { h, loc };
}
