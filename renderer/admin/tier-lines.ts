import { useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TariffDirection } from '../../core/engine/schemas/common';
import type { Price } from '../../core/engine/schemas/price';
import type { Rate, Schedule } from '../../core/engine/schemas/schedule';
import type { Tariff } from '../../core/engine/schemas/tariff';
import { candidateOf, openEndAfter } from './candidate';
import type { ChartPoint, ChartSeries } from './components/PriceChart';
import { useApp } from './context';

type TariffOut = z.output<typeof Tariff>;

/** One tier beyond the first of a tiered tariff, as the Prices page draws it: a dashed line. */
export interface TierLine extends ChartSeries {
  tariffId: string;
  /** The tier's place in the band's rate: 1 for the second tier. */
  tier: number;
}

/** A tiered tariff of the window: its name, its first tier's bound, and the lines of its other tiers. */
export interface TieredTariff {
  id: string;
  name: string;
  firstUpToKwh: number | null;
  lines: TierLine[];
  /** Each band's tiers in words (fixed rates only; a market tariff's move with the market). */
  bands: { when: string; tiers: { price: number; toKwh: number | null }[] }[];
}

const bands = (s: Schedule) => s.flatMap((e) => e.days_and_hours.flatMap((d) => d.hours));

/** The schedule with each band's rate cut to one tier: tier `i`, or the band's last where it has fewer. */
export function withTier(s: Schedule, i: number): Schedule {
  const one = (rate: Rate[]): Rate[] => {
    const { to_kwh: _bound, ...tier } = rate[Math.min(i, rate.length - 1)]!;
    return [tier];
  };
  return s.map((e) => ({
    ...e,
    days_and_hours: e.days_and_hours.map((d) => ({ ...d, hours: d.hours.map((h) => ({ ...h, rate: one(h.rate) })) })),
  }));
}

/** The bound (`to_kwh`) of tier `i` where every band with a tier after it has the same one; null otherwise. */
function boundOf(s: Schedule, i: number): number | null {
  const bounds = new Set(bands(s).flatMap((h) => (h.rate.length > i + 1 ? [h.rate[i]!.to_kwh ?? null] : [])));
  return bounds.size === 1 ? [...bounds][0]! : null;
}

const named = (list: string[] | undefined) =>
  list && !(list.length === 1 && list[0] === 'All') ? list.join(', ') : '';

/** The bands of a schedule as a person reads them: "Jun, Jul · Mon–Fri 07:00–23:00", with their tiers. */
function bandWords(s: Schedule): TieredTariff['bands'] {
  return s.flatMap((e) =>
    e.days_and_hours.flatMap((d) =>
      d.hours.map((h) => ({
        when: [named(e.months), named(d.days), `${h.valid_from.slice(0, 5)}–${h.valid_to.slice(0, 5)}`]
          .filter(Boolean)
          .join(' · '),
        tiers: h.rate.map((r) => ({ price: r.fixed ?? 0, toKwh: r.to_kwh ?? null })),
      })),
    ),
  );
}

const TIER_COLOURS = ['#8a4f9e', '#c28a2c', '#4a9bb0'];

/** The tiered tariffs of a direction among a location's tariffs, and the line of each later tier. */
export function tieredTariffs(tariffs: readonly TariffOut[], direction: TariffDirection): TieredTariff[] {
  const out: TieredTariff[] = [];
  for (const t of tariffs) {
    if (!t.schedule || (t.direction ?? 'IMPORT') !== direction) continue;
    const tiers = Math.max(0, ...bands(t.schedule).map((h) => h.rate.length));
    if (tiers < 2) continue;
    const lines: TierLine[] = [];
    for (let i = 1; i < tiers; i++) {
      const above = boundOf(t.schedule, i - 1);
      lines.push({
        key: `${t.id}:tier${i + 1}`,
        tariffId: t.id,
        tier: i,
        label: above !== null ? `above ${above} kWh/month` : `tier ${i + 1}`,
        colour: TIER_COLOURS[(i - 1) % TIER_COLOURS.length]!,
      });
    }
    out.push({
      id: t.id,
      name: t.display_name ?? t.id,
      firstUpToKwh: boundOf(t.schedule, 0),
      lines,
      bands: t.market_rates ? [] : bandWords(t.schedule),
    });
  }
  return out;
}

/**
 * A tier's line over the chart's points: where the tariff prices the instant, the total the API
 * answered with the tariff at that tier alone (a candidate in its place). The closing point
 * repeats the last interval's value at the window's end.
 */
export function withLine(points: ChartPoint[], line: TierLine, answer: z.output<typeof Price>): ChartPoint[] {
  const spans = answer.data.map((d) => ({ from: Date.parse(d.valid_from), to: Date.parse(d.valid_to), v: d.price }));
  return points.map((p, k) => {
    const at = k === points.length - 1 && k > 0 ? points[k - 1]!.t : p.t;
    const hit = spans.find((s) => s.from <= at && at < s.to);
    return p[line.tariffId] === undefined || !hit ? p : { ...p, [line.key]: hit.v.value };
  });
}

/**
 * The later tiers of a location's tiered tariffs over a price window. `POST /prices` answers a
 * tiered tariff's first tier (it cannot know the month's energy); each later tier is asked of the
 * same endpoint with the tariff as a candidate priced at that tier throughout. Nothing is stored.
 */
export function useTierLines(
  locationId: string | undefined,
  win: { start_time: string; end_time: string },
  direction: TariffDirection,
  tariffs: readonly TariffOut[] | undefined,
  points: ChartPoint[] | undefined,
): { tariffs: TieredTariff[]; points: ChartPoint[] | undefined } {
  const { api, liveMode } = useApp();
  const tiered = tariffs ? tieredTariffs(tariffs, direction) : [];
  const lines = tiered.flatMap((t) => t.lines);
  const openEnd = openEndAfter(Date.parse(win.end_time));
  const answers = useQueries({
    queries: lines.map((l) => {
      const t = tariffs!.find((x) => x.id === l.tariffId)!;
      const candidate = candidateOf(t, openEnd, withTier(t.schedule!, l.tier));
      return {
        // Not before the window is known (the service clock's today): a window of no dates is refused.
        enabled: !!locationId && !!win.start_time && !!win.end_time,
        queryKey: ['tier-prices', liveMode, locationId, direction, win, l.key, candidate],
        queryFn: () =>
          api.call('prices.retrieve', {
            params: { id: locationId! },
            body: { ...win, tariff_direction: direction, candidates: [candidate] },
          }),
        retry: false,
      };
    }),
  });
  let drawn = points;
  lines.forEach((l, i) => {
    const a = answers[i]?.data;
    if (drawn && a) drawn = withLine(drawn, l, a);
  });
  const shown = new Set(lines.filter((_l, i) => !!answers[i]?.data).map((l) => l.key));
  return {
    tariffs: tiered
      .map((t) => ({ ...t, lines: t.lines.filter((l) => shown.has(l.key)) }))
      .filter((t) => t.lines.length && points?.some((p) => p[t.id] !== undefined)),
    points: drawn,
  };
}
