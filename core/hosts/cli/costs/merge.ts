import type { Cost } from '../../../engine/schemas/cost.js';

type CostPart = Omit<Cost, 'alternatives'>;

/** Answers for consecutive windows as one: periods in order (one, summed, for `none`), totals and tariffs summed. */
export function mergeCosts(parts: Cost[], groupBy: string): Cost {
  if (parts.length === 1) return parts[0]!;
  // Each part is exact to the micro-unit; their sum is kept to the same 6 decimals.
  const sum = (xs: number[]) => Math.round(xs.reduce((t, x) => t + x, 0) * 1e6) / 1e6;
  const one = (cs: CostPart[]): CostPart => {
    const first = cs[0]!;
    const last = cs[cs.length - 1]!;
    const all = cs.flatMap((c) => c.periods);
    const periods =
      groupBy === 'none'
        ? [
            {
              start_time: all[0]!.start_time,
              end_time: all[all.length - 1]!.end_time,
              kwh: sum(all.map((p) => p.kwh)),
              unpriced_kwh: sum(all.map((p) => p.unpriced_kwh)),
              above_first_tier_kwh: sum(all.map((p) => p.above_first_tier_kwh)),
              ...(all[0]!.tier_count_from ? { tier_count_from: all[0]!.tier_count_from } : {}),
              value: sum(all.map((p) => p.value)),
            },
          ]
        : all;
    const components = new Map<string, CostPart['components'][number]>();
    for (const c of cs.flatMap((x) => x.components)) {
      const key = `${c.tariff_id ?? ''}|${c.type}`;
      const seen = components.get(key);
      components.set(key, seen ? { ...seen, value: sum([seen.value, c.value]) } : { ...c });
    }
    return {
      ...first,
      end_time: last.end_time,
      kwh: sum(cs.map((c) => c.kwh)),
      unpriced_kwh: sum(cs.map((c) => c.unpriced_kwh)),
      above_first_tier_kwh: sum(cs.map((c) => c.above_first_tier_kwh)),
      value: sum(cs.map((c) => c.value)),
      periods,
      components: [...components.values()],
    };
  };
  const merged: Cost = one(parts);
  const alts = parts[0]!.alternatives;
  if (alts) merged.alternatives = alts.map((_, k) => one(parts.map((p) => p.alternatives![k]!)));
  return merged;
}
