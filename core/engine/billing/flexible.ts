import { DateTime } from 'luxon';
import type { UsageSeries } from '../pricing/cost.js';
import type { CompiledComponent } from '../pricing/compile.js';
import { sweepPrices } from '../pricing/engine.js';
import { periodBounds } from '../pricing/local-days.js';
import type { MarketSeries } from '../pricing/types.js';
import {
  dispatchBattery,
  type BatteryParams,
  type DispatchProblem,
  type LpSolver,
  type WarmStart,
} from '../battery/index.js';
import { planCar, type CarParams } from '../car/plan.js';
import { computeBill, type BillInput, type BillResult } from './bill.js';
import { demandGroups } from './demand.js';
import { toGrid } from './grid.js';

/**
 * The flexible home (docs/batteries.md): a car's charging planned on the import price and added
 * to usage, then a battery dispatched on the cells of the window, and the bill computed from the
 * grid flows that result, so fixed, demand and minimum charges and credit settlement apply to
 * them as to any household's.
 */
export interface FlexibleInput extends BillInput {
  battery?: BatteryParams | undefined;
  car?: CarParams | undefined;
  solver?: LpSolver | undefined;
  /** One request's solves (its alternatives): each starts from the last one's basis. */
  warm?: WarmStart | undefined;
}

/** What the battery did: energies in kWh, money in micro-units. */
export interface BatteryRun {
  strategy: BatteryParams['strategy'];
  chargedKwh: number;
  dischargedKwh: number;
  cycles: number;
  totalWithout: number;
  saving: number;
  warnings: string[];
  cells: DispatchCells;
  /** Per local month of the bill. */
  monthCharged: number[];
  monthDischarged: number[];
}

export interface DispatchCells {
  starts: Float64Array;
  ends: Float64Array;
  charge: Float64Array;
  discharge: Float64Array;
  soc: Float64Array;
  importKwh: Float64Array;
  exportKwh: Float64Array;
  importPrice: Float64Array;
  exportPrice: Float64Array;
}

export interface FlexibleResult extends BillResult {
  battery?: BatteryRun;
  /** With a car: its kWh per local month. */
  carKwh?: number[];
}

/** Price intervals of one direction, first tier, as plain arrays. */
interface Timeline {
  starts: Float64Array;
  ends: Float64Array;
  price: Float64Array;
}

function timelineOf(
  zone: string,
  from: number,
  to: number,
  direction: 'IMPORT' | 'EXPORT',
  components: CompiledComponent[],
  market: MarketSeries | undefined,
): Timeline {
  const s: number[] = [];
  const e: number[] = [];
  const p: number[] = [];
  sweepPrices({ zone, from, to, direction, components, market }, (a, b, v) => {
    s.push(a);
    e.push(b);
    p.push(v);
  });
  return { starts: Float64Array.from(s), ends: Float64Array.from(e), price: Float64Array.from(p) };
}

/** The price of each cell: cells are cut at every change, so a cell lies in one interval. */
function priceOfCells(starts: Float64Array, t: Timeline): Float64Array {
  const out = new Float64Array(starts.length);
  let j = 0;
  for (let k = 0; k < starts.length; k++) {
    while (j < t.ends.length && t.ends[j]! <= starts[k]!) j++;
    out[k] = j < t.ends.length && t.starts[j]! <= starts[k]! ? t.price[j]! : 0;
  }
  return out;
}

/** A series in micro-kWh from kWh per interval, leaving out the empty ones. */
function microSeries(starts: Float64Array, ends: Float64Array, kwh: Float64Array): UsageSeries {
  const s: number[] = [];
  const e: number[] = [];
  const v: number[] = [];
  for (let k = 0; k < kwh.length; k++) {
    const micro = Math.round(kwh[k]! * 1e6);
    if (micro === 0) continue;
    s.push(starts[k]!);
    e.push(ends[k]!);
    v.push(micro);
  }
  return { starts: Float64Array.from(s), ends: Float64Array.from(e), microKwh: Float64Array.from(v) };
}

/** Sums of `values` per local month (`months`: ascending bounds); no cell crosses one. */
function byMonth(months: readonly number[], starts: Float64Array, values: Float64Array): number[] {
  const out = new Array<number>(months.length - 1).fill(0);
  let m = 0;
  for (let k = 0; k < starts.length; k++) {
    while (m < out.length - 1 && starts[k]! >= months[m + 1]!) m++;
    out[m]! += values[k]!;
  }
  return out;
}

/** The cells of a window for a battery: every instant covered, cut at months and price changes. */
export interface WindowCells {
  starts: Float64Array;
  ends: Float64Array;
  hours: Float64Array;
  usageKwh: Float64Array;
  generationKwh: Float64Array;
  importPrice: Float64Array;
  exportPrice: Float64Array;
}

/**
 * Usage and generation on cells covering `[from, to)`, cut at each of `cuts`, at every price
 * change of both directions and wherever a series' interval starts or ends. Generation below 0
 * (an inverter's night draw) is usage.
 */
export function windowCells(
  from: number,
  to: number,
  cuts: readonly number[],
  usage: UsageSeries,
  generation: UsageSeries | undefined,
  imports: Timeline,
  exports: Timeline,
): WindowCells {
  const all = [...cuts, ...imports.starts, ...imports.ends, ...exports.starts, ...exports.ends];
  const grid = toGrid(generation ? [usage, generation] : [usage], from, to, all, true);
  const n = grid.starts.length;
  const use = grid.values[0]!;
  const gen = grid.values[1];
  const hours = new Float64Array(n);
  const usageKwh = new Float64Array(n);
  const generationKwh = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    hours[k] = (grid.ends[k]! - grid.starts[k]!) / 3_600_000;
    const g = gen ? gen[k]! : 0;
    usageKwh[k] = (use[k]! + (g < 0 ? -g : 0)) / 1e6;
    generationKwh[k] = g > 0 ? g / 1e6 : 0;
  }
  return {
    starts: grid.starts,
    ends: grid.ends,
    hours,
    usageKwh,
    generationKwh,
    importPrice: priceOfCells(grid.starts, imports),
    exportPrice: priceOfCells(grid.starts, exports),
  };
}

/** The price timelines a battery or a car is planned on: import from every IMPORT tariff, export from the COMMODITY EXPORT ones. */
export function planningTimelines(
  zone: string,
  from: number,
  to: number,
  imports: readonly CompiledComponent[],
  importMarket: MarketSeries | undefined,
  exports: readonly CompiledComponent[],
  exportMarket: MarketSeries | undefined,
): { imports: Timeline; exports: Timeline } {
  return {
    imports: timelineOf(
      zone,
      from,
      to,
      'IMPORT',
      imports.filter((c) => c.direction === 'IMPORT'),
      importMarket,
    ),
    exports: timelineOf(
      zone,
      from,
      to,
      'EXPORT',
      exports.filter((c) => c.direction === 'EXPORT' && c.source.type === 'COMMODITY'),
      exportMarket,
    ),
  };
}

/**
 * Consumption tiers as the plan reads them: for each IMPORT tariff and local month, the cells it
 * prices and, where every band it uses that month has the same tier bounds and steps, each
 * step above a bound. Where bands differ, or the tariff is market-linked, the plan prices the
 * first tier and says so.
 */
function tierGroups(
  zone: string,
  from: number,
  to: number,
  months: readonly number[],
  starts: Float64Array,
  imports: readonly CompiledComponent[],
  market: MarketSeries | undefined,
  warnings: Set<string>,
): NonNullable<DispatchProblem['tiers']> {
  const tiered = imports.filter(
    (c) => c.direction === 'IMPORT' && (c.source.schedule ?? []).some((e) => bandsTiered(e)),
  );
  if (!tiered.length) return [];
  interface Acc {
    cells: number[];
    signature: string;
    blocks: { fromKwh: number; delta: number }[];
    mixed: boolean;
  }
  const acc = new Map<string, Acc>();
  let j = 0;
  sweepPrices(
    { zone, from, to, direction: 'IMPORT', components: [...tiered], market, breakdown: true },
    (a, b, _v, _c, shares) => {
      while (j < starts.length && starts[j]! < a) j++;
      for (const share of shares ?? []) {
        const rate = share.rate;
        if (!rate || rate.length < 2) continue;
        if (share.component.market_rates) {
          warnings.add('Tiers of a market-linked tariff are planned at the first tier’s price.');
          continue;
        }
        for (let k = j; k < starts.length && starts[k]! < b; k++) {
          let m = 0;
          while (m < months.length - 2 && starts[k]! >= months[m + 1]!) m++;
          const key = `${share.component.id}|${m}`;
          const blocks = rate.slice(1).map((tier, i) => ({
            fromKwh: rate[i]!.to_kwh ?? Infinity,
            delta: (tier.fixed ?? 0) - (rate[i]!.fixed ?? 0),
          }));
          const signature = JSON.stringify(blocks);
          let g = acc.get(key);
          if (!g) acc.set(key, (g = { cells: [], signature, blocks, mixed: false }));
          else if (g.signature !== signature) g.mixed = true;
          if (g.cells[g.cells.length - 1] !== k) g.cells.push(k);
        }
      }
    },
  );
  const out: NonNullable<DispatchProblem['tiers']> = [];
  for (const g of acc.values()) {
    if (g.mixed) {
      warnings.add('Tiers whose bounds or prices differ between bands are planned at the first tier’s price.');
      continue;
    }
    out.push({ cells: Int32Array.from(g.cells), blocks: g.blocks.filter((b) => Number.isFinite(b.fromKwh)) });
  }
  return out;
}

function bandsTiered(entry: { days_and_hours: { hours: { rate: readonly unknown[] }[] }[] }): boolean {
  return entry.days_and_hours.some((d) => d.hours.some((h) => h.rate.length > 1));
}

/** The car's energy on the bill's window, and usage with it added (micro-kWh). */
function withCar(input: FlexibleInput, months: readonly number[]) {
  if (!input.car) return { usage: input.usage, carKwh: undefined };
  // The last night runs past the window: its prices are read on, its energy after the end is not billed.
  const line = timelineOf(
    input.zone,
    input.from,
    input.to + 2 * 86_400_000,
    'IMPORT',
    input.imports.filter((c) => c.direction === 'IMPORT'),
    input.importMarket,
  );
  const plan = planCar(input.car, input.zone, input.from, input.to, line);
  const car = microSeries(plan.starts, plan.ends, plan.kwh);
  const grid = toGrid([input.usage, car], input.from, input.to, months);
  const sum = new Float64Array(grid.starts.length);
  for (let k = 0; k < sum.length; k++) sum[k] = grid.values[0]![k]! + grid.values[1]![k]!;
  const carMicro = byMonth(months, car.starts, car.microKwh);
  return {
    usage: { starts: grid.starts, ends: grid.ends, microKwh: sum } as UsageSeries,
    carKwh: carMicro.map((v) => v / 1e6),
  };
}

/** The whole bill of a household with a car and a battery (either may be absent). */
export function computeFlexibleBill(input: FlexibleInput): FlexibleResult {
  const { zone, from, to } = input;
  const months = periodBounds('month', zone, from, to);
  const lines = planningTimelines(zone, from, to, input.imports, input.importMarket, input.exports, input.exportMarket);
  const { usage, carKwh } = withCar(input, months);
  const plain = computeBill({ ...input, usage });
  if (!input.battery) return { ...plain, ...(carKwh ? { carKwh } : {}) };

  const warnings = new Set<string>();
  const cells = windowCells(from, to, months, usage, input.generation, lines.imports, lines.exports);
  const monthNumbers = months.slice(0, -1).map((t) => DateTime.fromMillis(t, { zone }).month);
  const imports = input.imports.filter((c) => c.direction === 'IMPORT');
  const demand = demandGroups(zone, months, cells.starts, cells.ends, imports, monthNumbers);
  if (demand.ratchets)
    warnings.add('A demand ratchet’s floor is not planned for: the plan shaves each month’s own peak.');
  const problem: DispatchProblem = {
    hours: cells.hours,
    usageKwh: cells.usageKwh,
    generationKwh: cells.generationKwh,
    importPrice: cells.importPrice,
    exportPrice: cells.exportPrice,
    tiers: tierGroups(zone, from, to, months, cells.starts, imports, input.importMarket, warnings),
    demand: demand.groups.map((g) => ({
      cells: g.cells,
      blocks: g.rate.map((t) => ({ toKw: t.to_kw ?? null, price: t.fixed })),
    })),
  };
  const run = dispatchBattery(problem, input.battery, input.solver, input.warm);
  for (const w of run.warnings) warnings.add(w);
  const flows = computeBill({
    ...input,
    usage: microSeries(cells.starts, cells.ends, run.importKwh),
    generation: microSeries(cells.starts, cells.ends, run.exportKwh),
    recorded: true,
  });
  const charged = run.charge.reduce((s, v) => s + v, 0);
  const discharged = run.discharge.reduce((s, v) => s + v, 0);
  return {
    ...flows,
    ...(carKwh ? { carKwh } : {}),
    battery: {
      strategy: input.battery.strategy,
      chargedKwh: charged,
      dischargedKwh: discharged,
      cycles: discharged / input.battery.capacityKwh,
      totalWithout: plain.total,
      saving: plain.total - flows.total,
      warnings: [...warnings],
      cells: {
        starts: cells.starts,
        ends: cells.ends,
        charge: run.charge,
        discharge: run.discharge,
        soc: run.soc,
        importKwh: run.importKwh,
        exportKwh: run.exportKwh,
        importPrice: cells.importPrice,
        exportPrice: cells.exportPrice,
      },
      monthCharged: byMonth(months, cells.starts, run.charge),
      monthDischarged: byMonth(months, cells.starts, run.discharge),
    },
  };
}
