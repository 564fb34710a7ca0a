import { DateTime } from 'luxon';
import { getPosition } from 'suncalc';
import type { UsageSeries } from '../pricing/cost.js';

/** The PV profile's resolution: a quarter hour. */
const SLOT_MS = 15 * 60_000;
const RAD = Math.PI / 180;

/**
 * Clear-sky irradiance on level ground by the sun's height (Haurwitz: 1098·cos z·e^(−0.057/cos z)
 * W/m²): 0 below the horizon, a bell over the day, lower and shorter in winter. Only its shape
 * matters: the profile is scaled to the year's energy.
 */
function clearSky(t: number, lat: number, lng: number): number {
  const sinAlt = Math.sin(getPosition(new Date(t), lat, lng).altitude * RAD);
  return sinAlt > 0.01 ? 1098 * sinAlt * Math.exp(-0.057 / sinAlt) : 0;
}

/** The weight of the quarter hour starting at `t` (UTC-aligned), read at its middle. */
const slotWeight = (t: number, lat: number, lng: number) => clearSky(t + SLOT_MS / 2, lat, lng);

interface Year {
  /** The first quarter hour's start (UTC-aligned, at or before the local year's start). */
  t0: number;
  weights: Float64Array;
  /** What one year's energy is spread over: the weights, slots cut by the year's ends in part. */
  sum: number;
}

/** Each quarter hour's weight of a local calendar year, worked out once (the sun's position is the cost). */
const years = new Map<string, Year>();
function yearOf(zone: string, lat: number, lng: number, year: number): Year {
  const key = `${zone}|${lat}|${lng}|${year}`;
  let y = years.get(key);
  if (y) return y;
  const from = DateTime.fromObject({ year }, { zone }).toMillis();
  const to = DateTime.fromObject({ year: year + 1 }, { zone }).toMillis();
  const t0 = Math.floor(from / SLOT_MS) * SLOT_MS;
  const weights = new Float64Array(Math.ceil((to - t0) / SLOT_MS));
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    const t = t0 + i * SLOT_MS;
    weights[i] = slotWeight(t, lat, lng);
    sum += (weights[i]! * (Math.min(t + SLOT_MS, to) - Math.max(t, from))) / SLOT_MS;
  }
  y = { t0, weights, sum };
  // A year is about 300 kB: a few locations' years are kept.
  if (years.size >= 16) years.clear();
  years.set(key, y);
  return y;
}

/**
 * Solar generation over `[from, to)` in quarter hours: a clear-sky-shaped day at the location's
 * latitude and season, scaled so that each local calendar year sums to `kwhPerYear`, like the
 * usage profiles. Quarter hours with no sun are left out.
 */
export function layPv(
  zone: string,
  lat: number,
  lng: number,
  from: number,
  to: number,
  kwhPerYear: number,
): UsageSeries {
  const cap = Math.ceil((to - from) / SLOT_MS) + 2;
  const starts = new Float64Array(cap);
  const ends = new Float64Array(cap);
  const microKwh = new Float64Array(cap);
  let n = 0;
  let yearEnd = -Infinity;
  let y: Year | undefined;
  let scale = 0;
  for (let t = Math.floor(from / SLOT_MS) * SLOT_MS; t < to; t += SLOT_MS) {
    const a = Math.max(t, from);
    const b = Math.min(t + SLOT_MS, to);
    if (a >= yearEnd) {
      const year = DateTime.fromMillis(a, { zone }).year;
      yearEnd = DateTime.fromObject({ year: year + 1 }, { zone }).toMillis();
      y = yearOf(zone, lat, lng, year);
      scale = y.sum > 0 ? (kwhPerYear * 1e6) / y.sum : 0;
    }
    const w = y!.weights[(t - y!.t0) / SLOT_MS] ?? 0;
    if (w === 0) continue;
    const e = Math.round((w * scale * (b - a)) / SLOT_MS);
    if (e === 0) continue;
    starts[n] = a;
    ends[n] = b;
    microKwh[n++] = e;
  }
  return { starts: starts.subarray(0, n), ends: ends.subarray(0, n), microKwh: microKwh.subarray(0, n) };
}
