import { DateTime } from 'luxon';
import type { BatteryDayCell } from './slots';

/** A local day of a dispatch, as the day picker offers it. */
export interface DispatchDay {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** "Tue 3 Nov 2026 · 4.2 kWh through" */
  label: string;
  /** The first day the battery moves most energy on. */
  busiest: boolean;
}

const through = (c: BatteryDayCell) => c.charge_kwh + c.discharge_kwh;

/** The local days of the dispatch (by each cell's start, in the location's zone), in order. */
export function daysOf(cells: BatteryDayCell[], zone: string): DispatchDay[] {
  const byDay = new Map<string, number>();
  for (const c of cells) {
    const date = DateTime.fromISO(c.start_time, { setZone: true }).setZone(zone).toISODate()!;
    byDay.set(date, (byDay.get(date) ?? 0) + through(c));
  }
  const most = Math.max(0, ...byDay.values());
  let marked = false;
  return [...byDay].map(([date, kwh]) => {
    const busiest = !marked && most > 0 && kwh === most;
    if (busiest) marked = true;
    const words = DateTime.fromISO(date, { zone }).setLocale('en-GB').toFormat('ccc d LLL yyyy');
    return { date, label: `${words} · ${kwh.toFixed(1)} kWh through`, busiest };
  });
}

type PriceAnswer = { valid_from: string; valid_to: string; price: { value: number } }[];

/** The price in force at each instant asked, from a price answer (its intervals may be cut finer or coarser than the cells). */
function priceAt(prices: PriceAnswer): (t: number) => number | undefined {
  const ranges = prices.map((p) => [Date.parse(p.valid_from), Date.parse(p.valid_to), p.price.value] as const);
  return (t) => ranges.find(([a, b]) => a <= t && t < b)?.[2];
}

/**
 * The cells of one local day [start, end), each with the import price (and, where the location
 * has an export tariff, the export price) in force at its start.
 */
export function dayCells(
  cells: BatteryDayCell[],
  span: { start_time: string; end_time: string },
  prices: PriceAnswer,
  exportPrices: PriceAnswer = [],
): BatteryDayCell[] {
  const from = Date.parse(span.start_time);
  const to = Date.parse(span.end_time);
  const importAt = priceAt(prices);
  const exportAt = priceAt(exportPrices);
  return cells
    .filter((c) => {
      const t = Date.parse(c.start_time);
      return t >= from && t < to;
    })
    .map((c) => {
      const t = Date.parse(c.start_time);
      const price = importAt(t);
      const credit = exportAt(t);
      return {
        start_time: c.start_time,
        end_time: c.end_time,
        charge_kwh: c.charge_kwh,
        discharge_kwh: c.discharge_kwh,
        soc_kwh: c.soc_kwh,
        ...(price === undefined ? {} : { import_price: price }),
        ...(credit === undefined ? {} : { export_price: credit }),
      };
    });
}

/**
 * The state of charge as the day starts: the cell before's, or the window's start (`initial`,
 * kWh) where the day is its first.
 */
export function socBefore(cells: BatteryDayCell[], start_time: string, initial = 0): number {
  const from = Date.parse(start_time);
  let soc = initial;
  for (const c of cells) {
    if (Date.parse(c.start_time) >= from) break;
    soc = c.soc_kwh;
  }
  return soc;
}
