import { DateTime } from 'luxon';

/**
 * A contract boundary as epoch milliseconds: RFC 3339 as written, or a bare date meaning local
 * midnight in the location's zone (pricing rule 5; where a day has no midnight, its first instant).
 */
export function contractInstant(value: string | null | undefined, zone: string): number {
  if (value === null || value === undefined) return Number.POSITIVE_INFINITY;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DateTime.fromISO(value, { zone }).startOf('day').toMillis();
  return DateTime.fromISO(value, { setZone: true }).toMillis();
}

/**
 * A contract boundary as the service stores and answers it: an RFC 3339 date-time, kept as
 * written; a bare date becomes the location's local midnight with its offset
 * (`2027-11-01` in Berlin is `2027-11-01T00:00:00+01:00`). Null stays null (open-ended).
 */
export function contractDateTime<T extends string | null | undefined>(value: T, zone: string): T | string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return DateTime.fromMillis(contractInstant(value, zone), { zone }).toISO({ suppressMilliseconds: true })!;
}

/** Whether two half-open contract windows share an instant. */
export function windowsOverlap(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[1] && b[0] < a[1];
}
