import { DateTime } from 'luxon';
import { computeCost, type UsageSeries } from '../pricing/cost.js';
import type { CompiledComponent } from '../pricing/compile.js';
import { periodBounds } from '../pricing/local-days.js';
import type { MarketSeries } from '../pricing/types.js';
import type { Metering } from '../schemas/bill.js';
import { settle } from './credits.js';
import { demandByMonth, type DemandLine } from './demand.js';
import { fixedByMonth, minimumsByMonth } from './fixed.js';
import { toGrid } from './grid.js';
import { netMeteringByMonth } from './net-metering.js';

/** What a bill is computed from: whole local months `[from, to)` at a location. */
export interface BillInput {
  zone: string;
  from: number;
  to: number;
  usage: UsageSeries;
  generation?: UsageSeries | undefined;
  /**
   * The series are meter records, energy drawn from the grid (usage) and sent to it
   * (generation), already net: they are taken as recorded, never netted again.
   */
  recorded?: boolean;
  metering: Metering;
  /** The location's IMPORT tariffs (energy, fixed, minimum and demand charges). */
  imports: readonly CompiledComponent[];
  importMarket?: MarketSeries | undefined;
  /** The location's EXPORT tariffs: the COMMODITY ones credit exported energy. */
  exports: readonly CompiledComponent[];
  exportMarket?: MarketSeries | undefined;
}

/** One local month of a bill: energy in micro-kWh, money in micro-units of the currency. */
export interface BillMonthResult {
  start: number;
  end: number;
  importMicroKwh: number;
  exportMicroKwh: number;
  unpricedMicroKwh: number;
  unpricedExportMicroKwh: number;
  /** Imported energy priced above the first tier of an IMPORT tariff (tiers count per local month). */
  aboveFirstTierMicroKwh: number;
  /** kWh priced: under NET_METERING what is left of each period's net once its bank offset it. */
  billedMicroKwh: number;
  /** NET_METERING: the banks at the month's end, summed, and the running surplus. */
  bankedMicroKwh: number;
  surplusMicroKwh: number;
  peakKw: number;
  peakTime: number | null;
  demand: DemandLine[];
  energy: number;
  fixed: number;
  demandCharge: number;
  minimum: number;
  credit: number;
  applied: number;
  carried: number;
  trueUp: number;
  total: number;
}

export interface BillResult {
  total: number;
  months: BillMonthResult[];
}

/** The cells of a grid where `values` is not 0, as a series the cost sweep takes. */
function seriesOf(starts: Float64Array, ends: Float64Array, values: Float64Array): UsageSeries {
  let n = 0;
  for (let k = 0; k < values.length; k++) if (values[k] !== 0) n++;
  if (n === values.length) return { starts, ends, microKwh: values };
  const s = new Float64Array(n);
  const e = new Float64Array(n);
  const v = new Float64Array(n);
  let j = 0;
  for (let k = 0; k < values.length; k++) {
    if (values[k] === 0) continue;
    s[j] = starts[k]!;
    e[j] = ends[k]!;
    v[j++] = values[k]!;
  }
  return { starts: s, ends: e, microKwh: v };
}

interface Flows {
  months: number[];
  grid: { starts: Float64Array; ends: Float64Array };
  /** Micro-kWh drawn from the grid in each cell. */
  draw: Float64Array;
  /** Usage minus generation in each cell, micro-kWh (net energy metering nets it per period). */
  net: Float64Array;
  drawSeries: UsageSeries;
  sentSeries: UsageSeries;
}

/**
 * The flows of a bill's usage and generation, kept for the series objects they came from: the
 * alternatives of one request bill the same flows, so the grid is laid once.
 */
const flowCache = new WeakMap<UsageSeries, WeakMap<UsageSeries, Map<string, Flows>>>();
const NO_GENERATION: UsageSeries = {
  starts: new Float64Array(0),
  ends: new Float64Array(0),
  microKwh: new Float64Array(0),
};

function flowsOf(input: BillInput): Flows {
  const { zone, from, to, metering } = input;
  const net = metering.mode !== 'BUY_ALL_SELL_ALL' && !!input.generation && !input.recorded;
  const key = `${zone}|${from}|${to}|${net}`;
  let byGeneration = flowCache.get(input.usage);
  if (!byGeneration) flowCache.set(input.usage, (byGeneration = new WeakMap()));
  let byKey = byGeneration.get(input.generation ?? NO_GENERATION);
  if (!byKey) byGeneration.set(input.generation ?? NO_GENERATION, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known;
  const months = periodBounds('month', zone, from, to);
  const series = input.generation ? [input.usage, input.generation] : [input.usage];
  const grid = toGrid(series, from, to, months);
  const n = grid.starts.length;
  const use = grid.values[0]!;
  const gen = grid.values[1] ?? new Float64Array(n);
  const diff = new Float64Array(n);
  for (let k = 0; k < n; k++) diff[k] = use[k]! - gen[k]!;
  let draw = use;
  let sent = gen;
  if (net) {
    draw = new Float64Array(n);
    sent = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const v = diff[k]!;
      if (v > 0) draw[k] = v;
      else sent[k] = -v;
    }
  } else if (gen.some((v) => v < 0)) {
    // Generation below 0 is energy the system draws (an inverter at night): usage, bought.
    draw = new Float64Array(n);
    sent = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const g = gen[k]!;
      draw[k] = use[k]! + (g < 0 ? -g : 0);
      sent[k] = g > 0 ? g : 0;
    }
  }
  const flows = {
    months,
    grid,
    draw,
    net: diff,
    drawSeries: seriesOf(grid.starts, grid.ends, draw),
    sentSeries: seriesOf(grid.starts, grid.ends, sent),
  };
  byKey.set(key, flows);
  return flows;
}

/**
 * The whole bill (docs/bills.md). Usage and generation go on one grid, pro rata; in NET_BILLING
 * they net within each cell, in BUY_ALL_SELL_ALL they stay apart. The energy drawn from the
 * grid is priced, and the energy sent to it credited, by the one cost sweep of `POST /costs`
 * with the local months as periods (tiers count per local month there too). Fixed, demand and
 * minimum charges are those of every IMPORT tariff in force in the month, summed.
 */
export function computeBill(input: BillInput): BillResult {
  const { zone, from, to, metering } = input;
  const { months, grid, draw, net, drawSeries, sentSeries } = flowsOf(input);
  const nMonths = months.length - 1;
  const imports = input.imports.filter((c) => c.direction === 'IMPORT');
  const monthNumbers = months.slice(0, nMonths).map((t) => DateTime.fromMillis(t, { zone }).month);
  const nem = metering.mode === 'NET_METERING';
  // Net energy metering prices per month and period in its own walk of the price sweep; net
  // billing and buy-all-sell-all price each cell's flows by the cost sweep.
  const nemMonths = nem
    ? netMeteringByMonth({
        zone,
        months,
        monthNumbers,
        starts: grid.starts,
        ends: grid.ends,
        net,
        imports,
        trueUpMonth: metering.true_up_month,
        trueUpRate: metering.true_up_rate ?? 0,
      })
    : undefined;
  const energy = nem
    ? undefined
    : computeCost(
        { zone, from, to, direction: 'IMPORT', components: [...imports], market: input.importMarket },
        drawSeries,
        months,
      );
  // Only the energy itself is bought back: the export credit is the COMMODITY EXPORT price.
  const exports = input.exports.filter((c) => c.direction === 'EXPORT' && c.source.type === 'COMMODITY');
  const credit = nem
    ? undefined
    : computeCost(
        { zone, from, to, direction: 'EXPORT', components: exports, market: input.exportMarket },
        sentSeries,
        months,
      );
  const demand = demandByMonth(zone, months, { starts: grid.starts, ends: grid.ends, draw }, imports, monthNumbers);
  const fixed = fixedByMonth(zone, months, imports);
  const minimums = minimumsByMonth(months, imports);
  const sums = (i: number) => {
    if (nemMonths) {
      const e = nemMonths[i]!;
      return {
        importMicroKwh: e.importMicroKwh,
        exportMicroKwh: e.exportMicroKwh,
        unpricedMicroKwh: e.unpricedMicroKwh,
        unpricedExportMicroKwh: e.unpricedExportMicroKwh,
        aboveFirstTierMicroKwh: e.aboveFirstTierMicroKwh,
        energy: e.micro,
        credit: 0,
      };
    }
    const e = energy!.periods[i]!;
    const c = credit!.periods[i]!;
    return {
      importMicroKwh: e.microKwh,
      exportMicroKwh: c.microKwh,
      unpricedMicroKwh: e.unpricedMicroKwh + c.unpricedMicroKwh,
      unpricedExportMicroKwh: c.unpricedMicroKwh,
      aboveFirstTierMicroKwh: e.aboveFirstTierMicroKwh,
      energy: e.micro,
      credit: c.micro,
    };
  };
  const flows = monthNumbers.map((_m, i) => sums(i));
  const settled = settle(
    monthNumbers.map((monthNumber, i) => ({
      charges: flows[i]!.energy + fixed[i]! + demand[i]!.micro,
      credit: flows[i]!.credit,
      monthNumber,
      minMonthly: minimums.monthly[i]!,
      minYearly: minimums.yearly[i]!,
      payout: nemMonths?.[i]!.trueUp ?? 0,
    })),
    metering,
  );
  const out: BillMonthResult[] = monthNumbers.map((_m, i) => {
    const f = flows[i]!;
    const s = settled[i]!;
    return {
      start: months[i]!,
      end: months[i + 1]!,
      ...f,
      billedMicroKwh: nemMonths ? nemMonths[i]!.billedMicroKwh : f.importMicroKwh,
      bankedMicroKwh: nemMonths?.[i]!.bankedMicroKwh ?? 0,
      surplusMicroKwh: nemMonths?.[i]!.surplusMicroKwh ?? 0,
      peakKw: demand[i]!.peakKw,
      peakTime: demand[i]!.peakTime,
      demand: demand[i]!.lines,
      fixed: fixed[i]!,
      demandCharge: demand[i]!.micro,
      minimum: s.minimum,
      applied: s.applied,
      carried: s.carried,
      trueUp: s.trueUp,
      total: s.total,
    };
  });
  return { total: out.reduce((sum, m) => sum + m.total, 0), months: out };
}
