import { DateTime } from 'luxon';
import type { UsageSeries } from '../pricing/cost.js';

/**
 * Whether `[from, to)` is exactly twelve local months at `zone`: a year of bills, whichever
 * month it starts in.
 */
export function isTwelveMonths(zone: string, from: number, to: number): boolean {
  const a = DateTime.fromMillis(from, { zone });
  return a.startOf('month').toMillis() === from && a.plus({ months: 12 }).toMillis() === to;
}

/**
 * A profile laid out over twelve months that are not a calendar year holds a little more or less
 * than its `kwh_per_year` (each calendar year holds it exactly, and the two years' weekdays
 * differ). A bill's year is the twelve months billed, so they are scaled to hold it exactly: each
 * interval in whole micro-kWh, the rounding's remainder on the largest one.
 */
export function fitToYear(series: UsageSeries, kwhPerYear: number): UsageSeries {
  const n = series.microKwh.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += series.microKwh[i]!;
  const want = Math.round(kwhPerYear * 1e6);
  if (sum === 0 || sum === want) return series;
  const microKwh = new Float64Array(n);
  let got = 0;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    microKwh[i] = Math.round((series.microKwh[i]! * want) / sum);
    got += microKwh[i]!;
    if (microKwh[i]! > microKwh[largest]!) largest = i;
  }
  microKwh[largest]! += want - got;
  return { starts: series.starts, ends: series.ends, microKwh };
}
