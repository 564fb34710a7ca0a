import { DateTime } from 'luxon';
import type { DemoShape } from './regions.js';

/** A 32-bit hash of a string and a number: the demo series' only source of variation. */
function hash(s: string, n: number): number {
  let h = 2166136261 ^ n;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * Deterministic, realistic day-ahead prices for one local day of a region: morning and
 * evening peaks, a midday solar dip (deeper in summer, sometimes negative on weekends), lower
 * weekends, dearer winters, and day-to-day and slot-to-slot noise seeded by region and date.
 */
export function demoDay(
  region: string,
  zone: string,
  shape: DemoShape,
  year: number,
  month: number,
  day: number,
  resolutionMinutes: number,
): { start: number; end: number; value: number }[] {
  const start = DateTime.fromObject({ year, month, day }, { zone }).startOf('day');
  const end = start.plus({ days: 1 }).startOf('day');
  const doy = start.ordinal;
  const dayIndex = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
  const level = 0.85 + 0.3 * hash(region, dayIndex);
  const season = 1 + 0.2 * Math.cos((2 * Math.PI * (doy - 15)) / 365);
  const solar = 0.35 + 0.3 * Math.cos((2 * Math.PI * (doy - 172)) / 365);
  const weekend = start.weekday >= 6 ? 0.82 : 1;
  const step = resolutionMinutes * 60_000;
  const out: { start: number; end: number; value: number }[] = [];
  const offset0 = start.offset;
  for (let t = start.toMillis(); t < end.toMillis(); t += step) {
    // Local hour from the day's starting offset: a DST day shifts the shape by an hour, as markets do.
    const h = ((t - start.toMillis()) / 3_600_000 + (offset0 - start.offset)) % 24;
    const shapeV =
      0.8 +
      shape.swing * (0.55 * Math.exp(-((h - 8) ** 2) / 4) + 0.9 * Math.exp(-((h - 19) ** 2) / 5)) -
      solar * (start.weekday >= 6 ? 1.5 : 1) * Math.exp(-((h - 13) ** 2) / 6) -
      0.12 * Math.exp(-((h - 3.5) ** 2) / 5);
    const noise = 0.94 + 0.12 * hash(region, Math.floor(t / step));
    const v = shape.base * level * season * weekend * shapeV * noise;
    out.push({ start: t, end: Math.min(t + step, end.toMillis()), value: Math.round(v * 1e5) / 1e5 });
  }
  return out;
}
