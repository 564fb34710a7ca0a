import { z } from 'zod';
import { coded } from './common.js';

/**
 * The fields of a rate from the OpenEI Utility Rate Database (URDB) that an import reads
 * (docs/import.md). A real rate carries many more (eligibility, sources, comments, charges a
 * tariff here cannot hold): they pass through unread here and the mapping names the charges.
 */

const LIMIT = { periods: 100, tiers: 50 } as const;

/** One tier of a period: its upper bound, its rate and adjustment (per kWh, or per kW of demand), the bound's unit. */
const tierOf = (per: 'kWh' | 'kW') =>
  z.looseObject({
    max: z
      .number({ error: 'must be a number (the upper bound of the tier)' })
      .positive('must be above 0')
      .max(1e12)
      .nullable()
      .optional(),
    rate: z
      .number({ error: `must be a number in $/${per}` })
      .min(0, 'must not be negative')
      .max(1e6),
    adj: z
      .number({ error: `must be a number in $/${per}` })
      .min(-1e6)
      .max(1e6)
      .nullable()
      .optional(),
    unit: z
      .string({ error: `must be a unit such as ${per}` })
      .max(40)
      .nullable()
      .optional(),
    sell: z
      .number({ error: `must be a number in $/${per}` })
      .min(-1e6)
      .max(1e6)
      .nullable()
      .optional(),
  });
export const UrdbTier = tierOf('kWh');
export type UrdbTier = z.infer<typeof UrdbTier>;
export const UrdbDemandTier = tierOf('kW');
export type UrdbDemandTier = z.infer<typeof UrdbDemandTier>;

/** Periods, each a list of tiers: the shape of energyratestructure and of the demand structures. */
const structureOf = (tier: typeof UrdbTier) =>
  z
    .array(
      z.array(tier, { error: 'must be a list of tiers' }).min(1, 'a period needs at least one tier').max(LIMIT.tiers),
      { error: 'must be a list of periods, each a list of tiers' },
    )
    .min(1)
    .max(LIMIT.periods);

/** 12 months (January first) of 24 local hours, each a 0-based period index. */
const Matrix = z
  .array(
    z
      .array(
        z.number({ error: 'must be a period index (0-based)' }).int('must be a whole period index').min(0).max(999),
        { error: 'must be a list of 24 period indices (hours 0 to 23)' },
      )
      .length(24, 'must hold 24 hours (0 to 23)'),
    { error: 'must be 12 months (January to December) of 24 hours' },
  )
  .length(12, 'must hold 12 months (January to December)');

/** Epoch seconds, 1900 to 2200. */
const Epoch = z
  .number({ error: 'must be seconds since 1970-01-01' })
  .int('must be whole seconds since 1970-01-01')
  .min(-2_208_988_800)
  .max(7_258_118_400);

/** An amount in dollars. */
const Money = z.number({ error: 'must be a number of dollars' }).min(0, 'must not be negative').max(1e7);

const unitKey = (t: UrdbTier) => (typeof t.unit === 'string' ? t.unit : 'kWh').trim().toLowerCase();

export const UrdbRate = z
  .looseObject({
    label: z.string().max(200).nullable().optional(),
    name: z.string().max(1000).nullable().optional(),
    utility: z.string().max(1000).nullable().optional(),
    startdate: Epoch.nullable().optional(),
    enddate: Epoch.nullable().optional(),
    energyratestructure: structureOf(UrdbTier),
    energyweekdayschedule: Matrix,
    energyweekendschedule: Matrix,
    demandratestructure: structureOf(UrdbDemandTier).nullable().optional(),
    demandweekdayschedule: Matrix.nullable().optional(),
    demandweekendschedule: Matrix.nullable().optional(),
    demandrateunit: z.string({ error: 'must be a unit such as kW' }).max(40).nullable().optional(),
    flatdemandstructure: structureOf(UrdbDemandTier).nullable().optional(),
    flatdemandmonths: z
      .array(
        z.number({ error: 'must be a period index (0-based)' }).int('must be a whole period index').min(0).max(999),
        {
          error: 'must be 12 period indices (January to December)',
        },
      )
      .length(12, 'must hold 12 months (January to December)')
      .nullable()
      .optional(),
    flatdemandunit: z.string({ error: 'must be a unit such as kW' }).max(40).nullable().optional(),
    fixedmonthlycharge: Money.nullable().optional(),
    fixedchargefirstmeter: Money.nullable().optional(),
    fixedchargeunits: z.string({ error: 'must be a unit such as $/month' }).max(40).nullable().optional(),
    mincharge: Money.nullable().optional(),
    minchargeunits: z.string({ error: 'must be a unit such as $/month' }).max(40).nullable().optional(),
    minmonthlycharge: Money.nullable().optional(),
    annualmincharge: Money.nullable().optional(),
  })
  .superRefine((r, ctx) => {
    // Zod runs this even when a field above failed its own check (a matrix of 11 months): the
    // cross-checks wait until each field has its shape.
    const matrix = (x: unknown) =>
      Array.isArray(x) &&
      x.length === 12 &&
      x.every((row) => Array.isArray(row) && row.length === 24 && row.every((p) => Number.isInteger(p)));
    const structure = (x: unknown): x is UrdbTier[][] =>
      Array.isArray(x) && x.every((tiers) => Array.isArray(tiers) && tiers.length > 0);
    // Every hour names a period its structure has, and tier bounds rise (energy and demand alike).
    const sets = [
      ['energyratestructure', 'energyweekdayschedule', 'energyweekendschedule'],
      ['demandratestructure', 'demandweekdayschedule', 'demandweekendschedule'],
    ] as const;
    for (const [st, ...matrices] of sets) {
      const periods = r[st];
      if (!structure(periods)) continue;
      checkBounds(st, periods, ctx);
      const absent = matrices.find((m) => r[m] === undefined || r[m] === null);
      if (absent) {
        ctx.addIssue({
          code: 'custom',
          path: [absent],
          ...coded(`${absent}_missing`, `is needed with ${st}: it gives each hour its period`),
        });
        continue;
      }
      if (!matrices.every((m) => matrix(r[m]))) continue;
      for (const field of matrices) if (!indicesKnown(field, r[field]!, periods.length, st, ctx)) break;
    }
    if (structure(r.flatdemandstructure)) {
      checkBounds('flatdemandstructure', r.flatdemandstructure, ctx);
      const months = r.flatdemandmonths;
      const n = r.flatdemandstructure.length;
      if ((months === undefined || months === null) && n > 1)
        ctx.addIssue({
          code: 'custom',
          path: ['flatdemandmonths'],
          ...coded('flatdemandmonths_missing', `is needed with the ${n} periods of flatdemandstructure`),
        });
      if (Array.isArray(months)) {
        const m = months.findIndex((p) => Number.isInteger(p) && p >= n);
        if (m >= 0)
          ctx.addIssue({
            code: 'custom',
            path: ['flatdemandmonths', m],
            ...coded(
              'flatdemandmonths_invalid',
              `period ${months[m]} has no entry in flatdemandstructure (periods are counted from 0; it has ${n})`,
            ),
          });
      }
    }
  });

/** Each hour of a 12 × 24 matrix names a period of its structure; false after the first that does not. */
function indicesKnown(
  field: string,
  rows: number[][],
  periods: number,
  structure: string,
  ctx: z.RefinementCtx,
): boolean {
  for (let m = 0; m < 12; m++)
    for (let h = 0; h < 24; h++) {
      const p = rows[m]![h]!;
      if (p >= periods) {
        ctx.addIssue({
          code: 'custom',
          path: [field, m, h],
          ...coded(
            `${field}_invalid`,
            `period ${p} has no entry in ${structure} (periods are counted from 0; it has ${periods})`,
          ),
        });
        return false;
      }
    }
  return true;
}

/** Every tier but the last has a bound, and they rise (compared within one unit here; the mapping checks them again once daily bounds are months). */
function checkBounds(field: string, structure: UrdbTier[][], ctx: z.RefinementCtx): void {
  structure.forEach((tiers, p) => {
    const last = new Map<string, number>();
    tiers.forEach((t, i) => {
      if (i === tiers.length - 1) return;
      if (typeof t === 'object' && t !== null && (t.max === undefined || t.max === null)) {
        ctx.addIssue({
          code: 'custom',
          path: [field, p, i, 'max'],
          ...coded('max_missing', 'every tier but the last of a period needs max, its upper bound'),
        });
        return;
      }
      if (typeof t !== 'object' || t === null || typeof t.max !== 'number') return;
      const before = last.get(unitKey(t));
      if (before !== undefined && t.max <= before) {
        ctx.addIssue({
          code: 'custom',
          path: [field, p, i, 'max'],
          ...coded('max_invalid', `must be above the bound of the tier before (${before}): bounds rise`),
        });
      }
      last.set(unitKey(t), t.max);
    });
  });
}
export type UrdbRate = z.infer<typeof UrdbRate>;

const { $schema: _draft, ...rateJson } = z.toJSONSchema(UrdbRate, { io: 'input', unrepresentable: 'any' });

/**
 * The URDB rate as a request field: one JSON object as the URDB API returns it, checked by
 * `UrdbRate`, whose unknown fields are kept. Checked by hand so the request stays strict around
 * it (every other object of a request refuses what it does not know); the issues are
 * `UrdbRate`'s own, so the codes name the field (`energyweekdayschedule_invalid`, `rate_invalid`).
 */
export const UrdbRateField = z
  .custom<UrdbRate>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
    message: 'must be one URDB rate object (an item of the URDB API answer)',
  })
  .superRefine((v, ctx) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
    const r = UrdbRate.safeParse(v, { reportInput: true });
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  })
  .meta({
    ...rateJson,
    description:
      'One rate as the URDB API returns it (an item of its `items`). Fields not read are kept unread; charges a tariff cannot hold come back as warnings.',
  });

/** Where a URDB document holds its rates: the API answer `{items: [...]}`, or one rate object itself. */
export function urdbRateOf(
  doc: unknown,
  label?: string,
): { rate: unknown; labels?: undefined; problem?: undefined } | { problem: string; labels: string[] } {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { problem: 'The file is not a URDB rate: expected a JSON object.', labels: [] };
  const items = (doc as { items?: unknown }).items;
  if (!Array.isArray(items)) return { rate: doc };
  const labels = items.map((i) => String((i as { label?: unknown } | null)?.label ?? ''));
  if (label !== undefined) {
    const i = labels.indexOf(label);
    return i >= 0
      ? { rate: items[i] }
      : { problem: `No rate labelled ${label} in the file (it has ${labels.join(', ') || 'none'}).`, labels };
  }
  if (items.length === 1) return { rate: items[0] };
  return {
    problem: `The file holds ${items.length} rates: choose one by its label (${labels.join(', ')}).`,
    labels,
  };
}
