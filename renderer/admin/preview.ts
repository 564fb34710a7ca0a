import { compileComponent } from '../../core/engine/pricing/compile';
import { computePrices } from '../../core/engine/pricing/engine';
import { seriesFrom } from '../../core/engine/pricing/market';
import type { MarketSeries, PricingComponent } from '../../core/engine/pricing/types';
import type { TariffDirection } from '../../core/engine/schemas/common';
import type { ApiClient } from './api';
import type { ChartPoint, ChartSeries } from './components/PriceChart';
import { colourOf, stackOrder, tariffColours } from './components/PriceChart';

/** The location's market series for a window, from the service, as the engine wants it. */
export async function marketSeries(
  api: ApiClient,
  region: string | null,
  from: number,
  to: number,
): Promise<MarketSeries | undefined> {
  if (!region) return undefined;
  const r = await api.call('market.prices.list', {
    params: { id: region },
    query: { start_time: new Date(from - 8 * 86400000).toISOString(), end_time: new Date(to).toISOString() },
  });
  return seriesFrom(r.data.map((p) => ({ start: Date.parse(p.start), end: Date.parse(p.end), value: p.price })));
}

/**
 * Prices per component and in total, computed in the renderer by the same engine as the API:
 * the chart can show each component while the total matches POST /prices.
 */
export function breakdown(
  zone: string,
  from: number,
  to: number,
  direction: TariffDirection,
  tariffs: (PricingComponent & { display_name?: string })[],
  market?: MarketSeries,
): { points: ChartPoint[]; series: ChartSeries[] } {
  // Colours from all of the location's tariffs, the order the Prices chart stacks them in.
  const colours = tariffColours(tariffs);
  const comps = tariffs.filter((t) => (t.direction ?? 'IMPORT') === direction).sort(stackOrder);
  const compiled = comps.map((t) => compileComponent(t, zone));
  const total = computePrices({ zone, from, to, direction, components: compiled, market });
  const parts = compiled.map((c) => computePrices({ zone, from, to, direction, components: [c], market }));
  const cuts = new Set<number>(total.map((i) => i.from));
  parts.forEach((p) => p.forEach((i) => cuts.add(i.from)));
  const times = [...cuts].filter((t) => t >= from && t < to).sort((a, b) => a - b);
  const at = (ivs: typeof total, t: number) => ivs.find((i) => i.from <= t && t < i.to);
  const points: ChartPoint[] = times.map((t) => {
    const tot = at(total, t)!;
    const p: ChartPoint = { t, total: tot.value, confidence: tot.confidence };
    parts.forEach((ivs, k) => (p[comps[k]!.id] = at(ivs, t)?.value ?? 0));
    return p;
  });
  if (points.length) points.push({ ...points.at(-1)!, t: to });
  return {
    points,
    series: comps.map((t, k) => ({
      key: t.id,
      label: t.display_name ?? `${t.type} ${t.id}`,
      colour: colours.get(t.id) ?? colourOf(k),
    })),
  };
}
