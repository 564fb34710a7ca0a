import { DAY_TYPES, type UsageShape } from './profiles.js';
import type { UsageProfile } from '../schemas/cost.js';

/** Weights are written to 12 significant digits: enough to lay them out again to the micro-kWh. */
const round = (x: number) => Number(x.toPrecision(12));

/** The list answer of `GET /usage-profiles`: each profile with its normalised shapes. */
export function usageProfileList(shapes: UsageShape[]) {
  const data: UsageProfile[] = shapes.map((s) => ({
    object: 'usage_profile',
    name: s.name,
    description: s.description,
    source: s.source,
    country: s.country,
    interval_minutes: s.interval_minutes,
    seasons: s.seasons,
    shapes: s.seasons.flatMap((season, i) =>
      DAY_TYPES.map((day_type, t) => ({ season: season.name, day_type, values: Array.from(s.weights[i]![t]!, round) })),
    ),
  }));
  return { object: 'list' as const, url: '/usage-profiles', has_more: false, data };
}
