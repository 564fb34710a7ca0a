import { z } from 'zod';
import { idOf, listOf, TariffDirection, TariffType, Timestamp } from './common.js';
import { refuseExportCharges, requireFixedRates, TariffCreate } from './tariff.js';
import { realDateTime, rfc3339Shape } from '../usage/instant.js';

/** Limits of `POST /costs/{id}` (docs/costs.md). */
export const COST_LIMITS = {
  /** Days in a window: a year and a bit, so a whole calendar year fits with margin. */
  maxWindowDays: 400,
  /** Usage intervals per request: 400 days of quarter hours is 38 400. More is answered 413. */
  maxIntervals: 50_000,
  /** Candidate sets priced beside the main answer. */
  maxAlternatives: 3,
  /** Bytes of a request body on this route only: a year of quarter hours is about 3–4 MB. */
  bodyLimit: 16 * 1024 * 1024,
} as const;

/**
 * A tariff as `POST /tariffs` takes it, without `location_id`: the same fields and the same
 * rules, so a candidate's error names its own field path (`candidates[0].schedule[0]…`).
 */
const { location_id: _location, ...candidateShape } = TariffCreate.shape;
export const TariffCandidate = z
  .strictObject(candidateShape)
  .superRefine(requireFixedRates)
  .superRefine(refuseExportCharges)
  .meta({ id: 'TariffCandidate', description: 'A tariff body as POST /tariffs takes it, without location_id.' });
export type TariffCandidate = z.infer<typeof TariffCandidate>;

/** Candidates for one request: each replaces the stored tariffs of its type and direction. */
export const Candidates = z.array(TariffCandidate).max(8).meta({
  description:
    'Tariffs priced as if saved: each replaces, for this request only, every stored tariff of its type and direction (at most one per type and direction). Nothing is stored.',
});

const MAX_INTERVAL_KWH = 1_000_000;

/** One metered interval, as documented (the list is checked by hand, below). */
export const UsageInterval = z.strictObject({
  start_time: z.string().meta({ format: 'date-time', example: '2026-01-01T00:00:00Z' }),
  end_time: z.string().meta({ format: 'date-time', example: '2026-01-01T00:15:00Z' }),
  kwh: z
    .number()
    .min(0)
    .max(MAX_INTERVAL_KWH)
    .meta({ description: 'Energy in the interval, kWh (taken to 6 decimals).' }),
});
export type UsageInterval = z.infer<typeof UsageInterval>;

const { $schema: _draft, ...intervalJson } = z.toJSONSchema(UsageInterval);
const KEYS = new Set(['start_time', 'end_time', 'kwh']);
const TIME_MESSAGE = 'must be an RFC 3339 date-time (UTC or offset form)';

/**
 * The intervals checked by hand, in one pass, and handed on as they came: a year of quarter
 * hours is 35 040 objects and 70 080 timestamps, and zod's per-object parse (which copies each
 * object) and a refinement or regular expression per string cost more than the costing itself.
 * The issues are the ones zod would raise, so the codes are the usual `<field>_missing`,
 * `<field>_invalid` and `parameter_unknown`, each naming its field path.
 */
function intervalList(min: number) {
  const range = `must be a number from ${min} to ${MAX_INTERVAL_KWH}`;
  const items =
    min < 0
      ? {
          ...intervalJson,
          properties: {
            ...(intervalJson.properties as object),
            kwh: {
              type: 'number',
              minimum: min,
              maximum: MAX_INTERVAL_KWH,
              description: 'Energy in the interval, kWh (taken to 6 decimals); negative: energy the system draws.',
            },
          },
        }
      : intervalJson;
  return z
    .custom<UsageInterval[]>((v) => Array.isArray(v), { message: 'must be an array of intervals' })
    .superRefine((list, ctx) => {
      if (!Array.isArray(list)) return;
      const missing = (path: (string | number)[], expected: 'string' | 'number') =>
        ctx.addIssue({ code: 'invalid_type', expected, input: undefined, path });
      const bad = (path: (string | number)[], code: string, message: string) =>
        ctx.addIssue({ code: 'custom', path, message, params: { code } });
      for (let i = 0; i < list.length; i++) {
        const item = list[i] as unknown;
        if (typeof item !== 'object' || item === null || Array.isArray(item))
          return bad([i], 'intervals_invalid', 'must be an object {start_time, end_time, kwh}');
        const o = item as Record<string, unknown>;
        for (const key of Object.keys(o))
          if (!KEYS.has(key)) return ctx.addIssue({ code: 'unrecognized_keys', keys: [key], path: [i], input: o });
        for (const key of ['start_time', 'end_time'] as const) {
          const v = o[key];
          if (v === undefined) return missing([i, key], 'string');
          if (typeof v !== 'string' || !rfc3339Shape(v) || !realDateTime(v))
            return bad([i, key], `${key}_invalid`, TIME_MESSAGE);
        }
        const kwh = o.kwh;
        if (kwh === undefined) return missing([i, 'kwh'], 'number');
        if (typeof kwh !== 'number' || !Number.isFinite(kwh) || kwh < min || kwh > MAX_INTERVAL_KWH)
          return bad([i, 'kwh'], 'kwh_invalid', range);
      }
    })
    .meta({ type: 'array', items });
}

export const UsageIntervals = intervalList(0);

/**
 * Generation as inverters report it: the hourly output of SAM or PVWatts holds small negative
 * values at night, the inverter's own draw. A negative interval is energy the system draws,
 * down to the same bound as usage, negated.
 */
export const GenerationIntervals = intervalList(-MAX_INTERVAL_KWH);

export const Usage = z
  .strictObject({
    intervals: UsageIntervals.optional().meta({
      description: `Metered usage: non-overlapping intervals inside the window, at most ${COST_LIMITS.maxIntervals} (more is 413).`,
    }),
    profile: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'A standard profile name (GET /usage-profiles), laid on the location’s local time.' }),
    kwh_per_year: z
      .number()
      .min(0)
      .max(100_000_000)
      .optional()
      .meta({ description: 'With profile: the energy of one local calendar year, kWh (0 to 100 000 000).' }),
  })
  .meta({ id: 'Usage', description: 'Either intervals, or profile with kwh_per_year.' });
export type Usage = z.infer<typeof Usage>;

export const CostGroupBy = z.enum(['none', 'day', 'month']).meta({ id: 'CostGroupBy' });
export type CostGroupBy = z.infer<typeof CostGroupBy>;

export const CostRequest = z
  .strictObject({
    start_time: Timestamp,
    end_time: Timestamp.meta({ description: 'Exclusive.' }),
    tariff_direction: TariffDirection.default('IMPORT').meta({ description: 'Default IMPORT, as for /prices.' }),
    usage: Usage,
    group_by: CostGroupBy.optional().meta({
      description: 'Periods of the answer: the location’s local days (default) or months, or the whole window.',
    }),
    candidates: Candidates.optional(),
    alternatives: z
      .array(Candidates)
      .max(COST_LIMITS.maxAlternatives)
      .optional()
      .meta({ description: 'Candidate sets, each priced on the same usage; the answer gains one cost per set.' }),
    fixed_charges: z.boolean().optional().meta({
      description:
        'true: each cost gains `fixed_charges`, the fixed charges of its IMPORT tariffs over the window (a daily charge per local day of the contract, a monthly one by its share of each month’s days). IMPORT only, as a bill counts them (another direction is 400 fixed_charges_invalid).',
    }),
  })
  .meta({ id: 'CostRequest' });
export type CostRequest = z.infer<typeof CostRequest>;

const money = () => z.number().meta({ description: 'Major currency units, 6 decimals.' });

const unpricedKwh = () =>
  z.number().meta({
    description:
      'Energy of the usage whose price is unknown, kWh, 6 decimals: outside every contract of the direction, or inside a contract at a time none of its bands covers. It is in kwh and costed nothing.',
  });

const aboveFirstTierKwh = () =>
  z.number().meta({
    description:
      'Energy priced above the first tier of at least one tariff (tiers count each tariff’s energy in the local calendar month), kWh, 6 decimals.',
  });

export const CostPeriod = z
  .object({
    start_time: z.string(),
    end_time: z.string(),
    kwh: z.number(),
    unpriced_kwh: unpricedKwh(),
    above_first_tier_kwh: aboveFirstTierKwh(),
    tier_count_from: z.string().optional().meta({
      description:
        'On the first period when the window starts after its local month’s start: the tier counters start here, at 0, since a cost knows only the usage it is given.',
    }),
    value: money(),
  })
  .meta({ id: 'CostPeriod' });

export const CostComponent = z
  .object({
    tariff_id: z.string().optional().meta({
      description: 'The tariff’s id; a candidate’s is its place in the request: candidates[0], alternatives[1][0].',
    }),
    type: TariffType,
    value: money(),
  })
  .meta({ id: 'CostComponent' });

export const CostFixedCharge = z
  .object({
    tariff_id: z.string().meta({ description: 'As in components: a candidate’s is its place in the request.' }),
    name: z.string().optional().meta({ description: 'The charge’s name as its tariff gives it, when it has one.' }),
    per: z.enum(['DAY', 'MONTH']),
    amount: money().meta({ description: 'Per day or per month, major currency units, as the tariff holds it.' }),
    days: z.number().int().meta({ description: 'Local days of the window the tariff’s contract covers.' }),
    months: z
      .number()
      .meta({ description: 'Those days as a share of their months (each over its own length), 6 decimals.' }),
    value: money(),
  })
  .meta({ id: 'CostFixedCharge' });

export const CostFixedCharges = z
  .object({
    value: money().meta({ description: 'The charges summed, major currency units, 6 decimals; not in `value`.' }),
    charges: z.array(CostFixedCharge),
  })
  .meta({ id: 'CostFixedCharges', description: 'With `fixed_charges: true` only.' });

const costFields = {
  object: z.literal('cost'),
  location_id: idOf('location'),
  currency_code: z.string(),
  tariff_direction: TariffDirection,
  start_time: z.string(),
  end_time: z.string(),
  kwh: z.number().meta({ description: 'Energy of the usage inside the window, 6 decimals.' }),
  unpriced_kwh: unpricedKwh(),
  above_first_tier_kwh: aboveFirstTierKwh(),
  value: money(),
  periods: z.array(CostPeriod),
  components: z.array(CostComponent),
  fixed_charges: CostFixedCharges.optional(),
  live_mode: z.boolean(),
};

export const CostAlternative = z.object(costFields).meta({ id: 'CostAlternative' });

export const Cost = z
  .object({
    ...costFields,
    alternatives: z.array(CostAlternative).optional().meta({ description: 'One per alternatives set, in order.' }),
  })
  .meta({ id: 'Cost' });
export type Cost = z.infer<typeof Cost>;

export const UsageProfileShape = z.object({
  season: z.string(),
  day_type: z.enum(['weekday', 'saturday', 'sunday']),
  values: z.array(z.number()).meta({
    description: 'One weight per interval of the local day from midnight; the reference year’s layout sums to 1.',
  }),
});

export const UsageProfile = z
  .object({
    object: z.literal('usage_profile'),
    name: z.string(),
    description: z.string(),
    source: z.string(),
    country: z.string().nullable().meta({
      description:
        'ISO 3166-1 alpha-2 code of the country whose households the profile stands for; null for a shape of no country (an electric car, a heat pump). A client picks the profile whose country is the location’s, else bdew_h0.',
    }),
    interval_minutes: z.number().int(),
    seasons: z.array(
      z.object({
        name: z.string(),
        from: z.string().meta({ description: 'MM-DD, inclusive.' }),
        to: z.string().meta({ description: 'MM-DD, inclusive; may wrap past the new year.' }),
      }),
    ),
    shapes: z.array(UsageProfileShape),
  })
  .meta({ id: 'UsageProfile' });
export type UsageProfile = z.infer<typeof UsageProfile>;

export const UsageProfileList = listOf(UsageProfile, 'UsageProfileList');
