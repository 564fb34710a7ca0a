import type { Rate } from '../../../../core/engine/schemas/schedule';

/**
 * Consumption tiers in words. A tier's `to_kwh` is where it ends in the month's energy: the
 * cumulative kWh of the tariff in the location's local calendar month. The last tier has no
 * bound and prices the rest of the month.
 */
export const TIER_UNIT = 'kWh/month';

/** One tier's price as the grid writes it: "0.40", "mkt +0.1 ×1.05", "—" for an empty price. */
export function tierPrice(r: Rate | undefined, market: boolean, first = true): string {
  const t = r ?? {};
  if (market) {
    const parts = [
      t.surcharge_fixed ? `+${t.surcharge_fixed}` : '',
      t.surcharge_percentage ? `×${(1 + t.surcharge_percentage).toFixed(2)}` : '',
    ].filter(Boolean);
    // Later tiers are read after the first one's "mkt", so they need not repeat it.
    return first ? ['mkt', ...parts].join(' ') : parts.join(' ') || '+0';
  }
  // An empty price is no price: never shown as 0, which would read as free.
  if (t.fixed === undefined) return '—';
  return t.fixed.toFixed(4).replace(/0{1,2}$/, '');
}

const kwh = (v: number | undefined) => (v === undefined ? '?' : String(v));

/**
 * A band's rate as the grid writes it, longest first, so the track draws the longest one that
 * fits: "0.40 → 0.49 over 350 kWh/month", then "0.40 → 0.49" (with three tiers or more
 * "0.40 → 0.49 over 350 →"), then "0.40 →" (more tiers follow, in the tooltip). Each is the
 * start of the first, which names the band for screen readers: what is seen is part of what is
 * read. One tier is its price.
 */
export function rateLabels(rate: Rate[], market: boolean): string[] {
  const first = tierPrice(rate[0], market);
  if (rate.length < 2) return [first];
  const steps = rate.slice(1).map((r, k) => ` → ${tierPrice(r, market, false)} over ${kwh(rate[k]!.to_kwh)}`);
  const full = `${first}${steps.join('')} ${TIER_UNIT}`;
  // With two tiers the prices alone are a start of the whole; with more, the first step and an arrow.
  const shorter = rate.length === 2 ? `${first} → ${tierPrice(rate[1], market, false)}` : `${first}${steps[0]!} →`;
  return [full, shorter, `${first} →`];
}

/** The whole rate in words: the band's name on the grid and in its tooltip. */
export const rateText = (rate: Rate[], market: boolean) => rateLabels(rate, market)[0]!;

/** What is wrong with one tier's bound: a sentence for the validation panel and a few words for the field. */
export interface BoundProblem {
  tier: number;
  sentence: string;
  short: string;
}

/**
 * The bounds of a band's tiers: every tier but the last needs one, and each is above the one
 * before (the API refuses both as `to_kwh_invalid`). Said on the tier whose bound is wrong.
 */
export function boundProblems(rate: Rate[]): BoundProblem[] {
  const out: BoundProblem[] = [];
  let below: { tier: number; kwh: number } | undefined;
  rate.forEach((r, k) => {
    const last = k === rate.length - 1;
    if (r.to_kwh === undefined) {
      if (!last)
        out.push({
          tier: k,
          sentence: `the bound is empty; only the last tier has none, so type the ${TIER_UNIT} where this tier ends`,
          short: 'Type where this tier ends',
        });
      return;
    }
    if (below && r.to_kwh <= below.kwh)
      out.push({
        tier: k,
        sentence: `its bound, ${r.to_kwh} ${TIER_UNIT}, must be above tier ${below.tier + 1}’s, ${below.kwh} ${TIER_UNIT} (bounds rise)`,
        short: `Must be above ${below.kwh} (tier ${below.tier + 1})`,
      });
    else below = { tier: k, kwh: r.to_kwh };
  });
  return out;
}
