import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { Price } from '../../core/engine/schemas/price';
import type { Tariff } from '../../core/engine/schemas/tariff';
import type { ChartPoint, ChartSeries } from './components/PriceChart';
import { colourOf, stackOrder, tariffColours } from './components/PriceChart';

type Answer = z.output<typeof Price>;

/**
 * The chart of a price answer as the API gave it (`expand: ["components"]`): the total is the
 * answer's value, each tariff's share is the answer's, so the chart cannot disagree with the API.
 */
export function chartOf(answer: Answer, tariffs: Pick<z.output<typeof Tariff>, 'id' | 'display_name' | 'type'>[]) {
  const ids: string[] = [];
  const points: ChartPoint[] = answer.data.map((d) => {
    const p: ChartPoint = { t: Date.parse(d.valid_from), total: d.price.value, confidence: d.price.confidence };
    for (const c of d.components ?? []) {
      if (!ids.includes(c.tariff_id)) ids.push(c.tariff_id);
      p[c.tariff_id] = c.value;
    }
    return p;
  });
  const last = answer.data.at(-1);
  if (last) points.push({ ...points.at(-1)!, t: Date.parse(last.valid_to) });
  const byId = new Map(tariffs.map((t) => [t.id, t]));
  const colours = tariffColours(tariffs);
  const series: ChartSeries[] = ids
    .map((id) => byId.get(id) ?? { id, type: '', display_name: undefined })
    .sort(stackOrder)
    .map((t, i) => ({
      key: t.id,
      label: t.display_name ?? `${t.type || 'Tariff'} ${t.id}`,
      colour: colours.get(t.id) ?? colourOf(i),
    }));
  return { points, series };
}

/** A local day of the window that is not 24 hours long (a clock change). */
export interface OddDay {
  date: string;
  hours: number;
}

/** The window's local days with 23 or 25 hours (or any other length). */
export function oddDays(zone: string, from: number, to: number): OddDay[] {
  const out: OddDay[] = [];
  let d = DateTime.fromMillis(from, { zone }).startOf('day');
  while (d.toMillis() < to) {
    const next = d.plus({ days: 1 }).startOf('day');
    const hours = (next.toMillis() - d.toMillis()) / 3_600_000;
    if (hours !== 24) out.push({ date: d.toISODate()!, hours });
    d = next;
  }
  return out;
}

/** An instant in the location's wall time, with the offset as a hint: `Sun 25 Oct 01:00 (+01:00)`. */
export function wallTime(iso: string, zone: string): { text: string; offset: string } {
  const t = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  return { text: t.toFormat('ccc d LLL yyyy HH:mm'), offset: t.toFormat('ZZ') };
}
