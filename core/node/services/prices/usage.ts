import { Codes, invalid } from '../../../engine/errors.js';
import type { UsageSeries } from '../../../engine/pricing/cost.js';
import { layProfile } from '../../../engine/usage/layout.js';
import { usageShape } from '../../../engine/usage/profiles.js';
import { instantOf } from '../../../engine/usage/instant.js';
import type { CostRequest } from '../../../engine/schemas/cost.js';

/**
 * The request's usage as sorted, checked intervals in micro-kWh: metered intervals or a profile
 * laid out. `path` names the field in errors (a bill's generation is checked alike).
 */
export function usageSeries(
  req: { usage: CostRequest['usage'] },
  zone: string,
  from: number,
  to: number,
  path = 'usage',
): UsageSeries {
  const { intervals, profile, kwh_per_year } = req.usage;
  if (intervals && profile !== undefined)
    throw invalid(Codes.usageConflict, `${path}: give either intervals or profile with kwh_per_year, not both.`);
  if (!intervals && profile === undefined)
    throw invalid(Codes.usageMissing, `${path}: give either intervals or profile with kwh_per_year.`);
  if (profile !== undefined) {
    const shape = usageShape(profile);
    if (!shape)
      throw invalid(Codes.profileUnknown, `${path}.profile: no profile '${profile}' (GET /usage-profiles lists them).`);
    if (kwh_per_year === undefined)
      throw invalid(Codes.kwhPerYearMissing, `${path}.kwh_per_year is required with a profile.`);
    return layProfile(shape, zone, from, to, kwh_per_year);
  }
  if (kwh_per_year !== undefined)
    throw invalid(Codes.usageConflict, `${path}.kwh_per_year goes with a profile, not with intervals.`);
  const list = intervals!;
  const n = list.length;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const iv = list[i]!;
    a[i] = instantOf(iv.start_time);
    b[i] = instantOf(iv.end_time);
    if (!(b[i]! > a[i]!))
      throw invalid('end_time_before_start_time', `${path}.intervals[${i}].end_time must be after its start_time.`);
    if (a[i]! < from || b[i]! > to)
      throw invalid(
        Codes.usageOutsideWindow,
        `${path}.intervals[${i}] lies outside the window [start_time, end_time).`,
      );
    if (i > 0 && a[i]! < a[i - 1]!) sorted = false;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  if (!sorted) order.sort((x, y) => a[x]! - a[y]!);
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  const microKwh = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (k > 0 && a[i]! < ends[k - 1]!)
      throw invalid(Codes.usageOverlap, `${path}.intervals[${i}] overlaps ${path}.intervals[${order[k - 1]}].`);
    starts[k] = a[i]!;
    ends[k] = b[i]!;
    microKwh[k] = Math.round(list[i]!.kwh * 1e6);
  }
  return { starts, ends, microKwh };
}
