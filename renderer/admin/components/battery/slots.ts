import { DateTime } from 'luxon';

/** One interval of a battery's dispatch as the day view draws it (energy kWh, prices per kWh). */
export interface BatteryDayCell {
  start_time: string;
  end_time: string;
  charge_kwh: number;
  discharge_kwh: number;
  /** State of charge at the interval's end. */
  soc_kwh: number;
  import_price?: number;
  export_price?: number;
}

/** One even slot of the day view: energy in kWh over the slot, the state of charge at its end. */
export interface DaySlot {
  /** Epoch ms. */
  start: number;
  end: number;
  charge: number;
  discharge: number;
  soc: number;
  import_price?: number | undefined;
  export_price?: number | undefined;
}

const MINUTE = 60_000;

/**
 * A dispatch's cells (which follow the meter records and the price changes, so they may be 15
 * minutes here and three hours there) on even slots of wall time in the location's zone: 15, 30
 * or 60 minutes, the coarsest no longer than the shortest cell, so bars of one width mean the same
 * time everywhere. A cell's energy is spread evenly over the time it covers (as its state of
 * charge is interpolated); a price is the one in force at the slot's start.
 */
export function slotsOf(cells: BatteryDayCell[], zone: string, until?: number, startSoc?: number): DaySlot[] {
  const spans = cells
    .map((c) => ({ c, a: Date.parse(c.start_time), b: Date.parse(c.end_time) }))
    .filter((s) => s.b > s.a)
    .sort((x, y) => x.a - y.a);
  if (!spans.length) return [];
  const shortest = Math.min(...spans.map((s) => s.b - s.a));
  const step = ([60, 30, 15].find((m) => m * MINUTE <= shortest) ?? 15) * MINUTE;
  // Slots on round local times: from the local hour the first cell starts in.
  const first = DateTime.fromMillis(spans[0]!.a, { zone }).startOf('hour').toMillis();
  // A cell running past the end (a long record over midnight) is drawn up to it only.
  const last = Math.min(spans.at(-1)!.b, until ?? Infinity);
  const out: DaySlot[] = [];
  // Without the state of charge before the first cell, it is taken as that cell's own (a flat start).
  const initial = startSoc ?? spans[0]!.c.soc_kwh;
  let before = initial;
  let k = 0;
  for (let t = first; t < last; t += step) {
    const end = t + step;
    const slot: DaySlot = { start: t, end, charge: 0, discharge: 0, soc: before };
    // The cells that overlap the slot; `k` moves past those that end before it.
    while (k < spans.length && spans[k]!.b <= t) k++;
    for (let i = k; i < spans.length && spans[i]!.a < end; i++) {
      const { c, a, b } = spans[i]!;
      const share = (Math.min(b, end) - Math.max(a, t)) / (b - a);
      if (share <= 0) continue;
      slot.charge += c.charge_kwh * share;
      slot.discharge += c.discharge_kwh * share;
      const prev = i > 0 ? spans[i - 1]!.c.soc_kwh : initial;
      // The state of charge at the slot's end, on the straight line through the cell.
      slot.soc = prev + (c.soc_kwh - prev) * ((Math.min(b, end) - a) / (b - a));
      if (a <= t && t < b) {
        slot.import_price = c.import_price;
        slot.export_price = c.export_price;
      }
    }
    before = slot.soc;
    out.push(slot);
  }
  return out;
}
