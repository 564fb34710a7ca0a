import { compileComponent, type CompiledComponent } from '../pricing/compile.js';
import { sweepShares } from '../pricing/engine.js';
import { parseMonth } from '../schedule/names.js';
import type { DemandCharges, DemandRatchet, DemandTier } from '../schemas/charges.js';
import type { Schedule } from '../schemas/schedule.js';
import type { PricingComponent } from '../pricing/types.js';

/** One demand charge of a month: a tariff's flat demand (period null) or one of its time-of-use periods. */
export interface DemandLine {
  tariffId: string;
  period: string | null;
  /** The highest average kW drawn from the grid within its hours of the month. */
  kw: number;
  /** Start of the cell where it happened; null where nothing was drawn. */
  time: number | null;
  /** Micro-units of the currency. */
  micro: number;
  /** Flat demand: the month's own peak, the ratchet's floor (0 without one) and the kW billed, the larger. */
  peakKw?: number;
  ratchetKw?: number;
  billedKw?: number;
}

export interface MonthDemand {
  /** The month's highest average kW drawn from the grid, and the start of its cell. */
  peakKw: number;
  peakTime: number | null;
  lines: DemandLine[];
  micro: number;
}

/** Cells of a grid with the energy drawn from the grid in each, micro-kWh; no cell crosses a month. */
export interface DrawCells {
  starts: Float64Array;
  ends: Float64Array;
  draw: Float64Array;
}

/**
 * A kW figure priced by blocks: the first bound's kW at the first price, the kW above it up to
 * the next bound at the next price, and so on; the last block takes the rest. Major units.
 */
export function blockCharge(kw: number, rate: readonly DemandTier[]): number {
  let sum = 0;
  let lower = 0;
  for (const tier of rate) {
    const upper = tier.to_kw ?? Infinity;
    if (kw > lower) sum += tier.fixed * (Math.min(kw, upper) - lower);
    lower = upper;
  }
  return sum;
}

/** Whether a flat demand entry's months hold month `m` (1–12); no months: every month. */
function holdsMonth(months: readonly string[] | undefined, m: number): boolean {
  if (!months) return true;
  return months.some((name) => {
    const v = parseMonth(name);
    return v === 'all' || (v !== undefined && v.includes(m));
  });
}

/**
 * The demand schedule as an energy schedule whose band prices are the period's number: the
 * energy bands' own matching (months, days, hours past midnight, precedence) then says which
 * period holds each instant, so the two schedules can never read their bands differently.
 */
const periodTariffs = new WeakMap<PricingComponent, Map<string, CompiledComponent>>();
function periodTariff(c: CompiledComponent, demand: DemandCharges, zone: string): CompiledComponent {
  let byZone = periodTariffs.get(c.source);
  if (!byZone) periodTariffs.set(c.source, (byZone = new Map()));
  let compiled = byZone.get(zone);
  if (compiled) return compiled;
  const index = new Map((demand.periods ?? []).map((p, i) => [p.name, i + 1]));
  const schedule = (demand.schedule ?? []).map((e) => ({
    ...(e.months ? { months: e.months } : {}),
    days_and_hours: e.days_and_hours.map((d) => ({
      days: d.days,
      hours: d.hours.map((h) => ({
        valid_from: h.valid_from,
        valid_to: h.valid_to,
        rate: [{ fixed: index.get(h.period) ?? 0 }],
      })),
    })),
  })) as Schedule;
  compiled = compileComponent(
    {
      id: c.source.id,
      type: c.source.type,
      direction: 'IMPORT',
      market_rates: false,
      contract_start_date: c.source.contract_start_date,
      contract_end_date: c.source.contract_end_date,
      schedule,
    },
    zone,
  );
  byZone.set(zone, compiled);
  return compiled;
}

/**
 * The demand charges of each local month (`months`: ascending bounds) of the IMPORT tariffs in
 * force in it, and the month's own peak. Each cell's average kW is its energy drawn from the
 * grid over its hours; a cell counts within a tariff's contract and in each demand period its
 * time meets.
 */
export function demandByMonth(
  zone: string,
  months: readonly number[],
  cells: DrawCells,
  components: readonly CompiledComponent[],
  monthNumbers: readonly number[],
): MonthDemand[] {
  const { starts, ends, draw } = cells;
  const n = starts.length;
  const nMonths = months.length - 1;
  const kw = new Float64Array(n);
  const monthOf = new Int32Array(n);
  let m = 0;
  for (let k = 0; k < n; k++) {
    kw[k] = draw[k]! > 0 ? (draw[k]! * 3.6) / (ends[k]! - starts[k]!) : 0;
    while (m < nMonths - 1 && starts[k]! >= months[m + 1]!) m++;
    monthOf[k] = m;
  }
  const out: MonthDemand[] = [];
  for (let i = 0; i < nMonths; i++) out.push({ peakKw: 0, peakTime: null, lines: [], micro: 0 });
  for (let k = 0; k < n; k++) {
    const o = out[monthOf[k]!]!;
    if (kw[k]! > o.peakKw) {
      o.peakKw = kw[k]!;
      o.peakTime = starts[k]!;
    }
  }
  for (const c of components) {
    const demand = c.source.charges?.demand;
    if (!demand) continue;
    const flat = flatPeaks(c, months, starts, ends, kw);
    const tou = demand.periods?.length ? touPeaks(c, demand, zone, months, starts, ends, kw, monthOf) : undefined;
    for (let i = 0; i < nMonths; i++) {
      if (!(c.start < months[i + 1]! && c.end > months[i]!)) continue;
      const o = out[i]!;
      const entry = demand.flat?.find((f) => holdsMonth(f.months, monthNumbers[i]!));
      if (entry) {
        const peak = flat[i]!;
        const floor = demand.ratchet ? ratchetFloor(demand.ratchet, i, flat, monthNumbers) : 0;
        const billed = Math.max(peak.kw, floor);
        o.lines.push({
          ...line(c.source.id, null, peak.kw, peak.time, entry.rate, billed),
          peakKw: peak.kw,
          ratchetKw: floor,
          billedKw: billed,
        });
      }
      demand.periods?.forEach((p, pi) => {
        const peak = tou![i * demand.periods!.length + pi]!;
        o.lines.push(line(c.source.id, p.name, peak.kw, peak.time, p.rate));
      });
    }
  }
  for (const o of out) o.micro = o.lines.reduce((s, l) => s + l.micro, 0);
  return out;
}

function line(
  tariffId: string,
  period: string | null,
  kw: number,
  time: number | null,
  rate: readonly DemandTier[],
  billed = kw,
) {
  return { tariffId, period, kw, time, micro: Math.round(blockCharge(billed, rate) * 1e6) };
}

/**
 * A ratchet's floor for month `i` of the window: `percent` of the highest flat peak among its
 * look-back months (with `months`, those named among the 12 months ending with month `i`; with
 * `range_months`, the N months before it). A look-back month before the window's start is read
 * as the window's own month of that name, a typical year; a longer window reads its own.
 */
export function ratchetFloor(
  ratchet: DemandRatchet,
  i: number,
  flat: readonly { kw: number }[],
  monthNumbers: readonly number[],
): number {
  const marked = ratchet.months ? new Set(ratchet.months.flatMap(monthsOf)) : undefined;
  const back = marked ? [0, 11] : [1, ratchet.range_months ?? 0];
  let highest = 0;
  for (let n = back[0]!; n <= back[1]!; n++) {
    const number = ((((monthNumbers[i]! - 1 - n) % 12) + 12) % 12) + 1;
    if (marked && !marked.has(number)) continue;
    const j = i - n >= 0 ? i - n : monthNumbers.indexOf(number);
    if (j >= 0 && j < flat.length) highest = Math.max(highest, flat[j]!.kw);
  }
  return (highest * ratchet.percent) / 100;
}

function monthsOf(name: string): number[] {
  const v = parseMonth(name);
  return v === 'all' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : (v ?? []);
}

interface Peak {
  kw: number;
  time: number | null;
}

/** Each month's highest kW within a tariff's contract. */
function flatPeaks(
  c: CompiledComponent,
  months: readonly number[],
  starts: Float64Array,
  ends: Float64Array,
  kw: Float64Array,
): Peak[] {
  const peaks: Peak[] = [];
  let k = 0;
  for (let i = 0; i + 1 < months.length; i++) {
    const lo = Math.max(months[i]!, c.start);
    const hi = Math.min(months[i + 1]!, c.end);
    const peak: Peak = { kw: 0, time: null };
    while (k < starts.length && ends[k]! <= lo) k++;
    for (let j = k; j < starts.length && starts[j]! < hi; j++)
      if (kw[j]! > peak.kw) {
        peak.kw = kw[j]!;
        peak.time = starts[j]!;
      }
    peaks.push(peak);
  }
  return peaks;
}

/** Each month's highest kW in each time-of-use period (month-major), within the tariff's contract. */
function touPeaks(
  c: CompiledComponent,
  demand: DemandCharges,
  zone: string,
  months: readonly number[],
  starts: Float64Array,
  ends: Float64Array,
  kw: Float64Array,
  monthOf: Int32Array,
): Peak[] {
  const nPeriods = demand.periods!.length;
  const peaks: Peak[] = Array.from({ length: (months.length - 1) * nPeriods }, () => ({ kw: 0, time: null }));
  if (starts.length === 0) return peaks;
  const from = months[0]!;
  const to = months[months.length - 1]!;
  const tariff = periodTariff(c, demand, zone);
  let j = 0;
  sweepShares({ zone, from, to, direction: 'IMPORT', components: [tariff] }, (a, b, value) => {
    const p = value - 1;
    if (!(p >= 0 && p < nPeriods)) return;
    while (j < starts.length && ends[j]! <= a) j++;
    for (let k = j; k < starts.length && starts[k]! < b; k++) {
      const peak = peaks[monthOf[k]! * nPeriods + p]!;
      if (kw[k]! > peak.kw) {
        peak.kw = kw[k]!;
        peak.time = starts[k]!;
      }
    }
  });
  return peaks;
}

/** The cells one demand charge reads, and its kW blocks: what a battery plan shaves. */
export interface DemandGroup {
  cells: Int32Array;
  rate: readonly DemandTier[];
}

/**
 * The demand charges of each month as groups of cells, read by the same rules as
 * `demandByMonth`: a flat charge over the cells of the month within the tariff's contract, a
 * time-of-use charge over the cells its period meets. A ratchet's floor is not planned for (it
 * depends on other months' peaks); `ratchets` says whether any tariff has one.
 */
export function demandGroups(
  zone: string,
  months: readonly number[],
  starts: Float64Array,
  ends: Float64Array,
  components: readonly CompiledComponent[],
  monthNumbers: readonly number[],
): { groups: DemandGroup[]; ratchets: boolean } {
  const groups: DemandGroup[] = [];
  let ratchets = false;
  const nMonths = months.length - 1;
  const monthOf = new Int32Array(starts.length);
  let m = 0;
  for (let k = 0; k < starts.length; k++) {
    while (m < nMonths - 1 && starts[k]! >= months[m + 1]!) m++;
    monthOf[k] = m;
  }
  for (const c of components) {
    const demand = c.source.charges?.demand;
    if (!demand) continue;
    if (demand.ratchet) ratchets = true;
    const periods = demand.periods ?? [];
    const inPeriod: number[][] = Array.from({ length: nMonths * periods.length }, () => []);
    if (periods.length && starts.length) {
      let j = 0;
      sweepShares(
        {
          zone,
          from: months[0]!,
          to: months[nMonths]!,
          direction: 'IMPORT',
          components: [periodTariff(c, demand, zone)],
        },
        (a, b, value) => {
          const p = value - 1;
          if (!(p >= 0 && p < periods.length)) return;
          while (j < starts.length && ends[j]! <= a) j++;
          for (let k = j; k < starts.length && starts[k]! < b; k++) {
            const list = inPeriod[monthOf[k]! * periods.length + p]!;
            if (list[list.length - 1] !== k) list.push(k);
          }
        },
      );
    }
    for (let i = 0; i < nMonths; i++) {
      const lo = Math.max(months[i]!, c.start);
      const hi = Math.min(months[i + 1]!, c.end);
      if (!(hi > lo)) continue;
      const entry = demand.flat?.find((f) => holdsMonth(f.months, monthNumbers[i]!));
      if (entry) {
        const cells: number[] = [];
        for (let k = 0; k < starts.length; k++) if (ends[k]! > lo && starts[k]! < hi) cells.push(k);
        groups.push({ cells: Int32Array.from(cells), rate: entry.rate });
      }
      periods.forEach((p, pi) => {
        groups.push({ cells: Int32Array.from(inPeriod[i * periods.length + pi]!), rate: p.rate });
      });
    }
  }
  return { groups, ratchets };
}
