import { sweepShares, tierValue } from '../pricing/engine.js';
import type { CompiledComponent } from '../pricing/compile.js';
import { localDays, type LocalDay } from '../pricing/local-days.js';
import type { Rate } from '../schemas/schedule.js';

/** One local month of net energy metering: energy in micro-kWh, money in micro-units. */
export interface NetMeteringMonth {
  /** The energy charge: each period's billed kWh at its price (tiers count the month's billed kWh). */
  micro: number;
  /** Drawn from the grid and sent to it, each cell netted on its own (as demand reads it). */
  importMicroKwh: number;
  exportMicroKwh: number;
  /** kWh priced: what is left of each period's net import once its bank has offset it. */
  billedMicroKwh: number;
  /** Billed kWh priced above the first tier of at least one tariff. */
  aboveFirstTierMicroKwh: number;
  /** Drawn or sent at a time no price covers: never netted into a period, costed 0. */
  unpricedMicroKwh: number;
  unpricedExportMicroKwh: number;
  /** The banks at the month's end, summed (before a true-up empties them). */
  bankedMicroKwh: number;
  /** The running surplus after the month (before a true-up pays it). */
  surplusMicroKwh: number;
  /** The surplus paid out at the end of the true-up month (micro-units, positive). */
  trueUp: number;
}

export interface NetMeteringInput {
  zone: string;
  /** Ascending bounds of the local months, from the window's start to its end. */
  months: readonly number[];
  monthNumbers: readonly number[];
  /** The grid's cells (none crosses a month) with each cell's usage minus generation, micro-kWh. */
  starts: Float64Array;
  ends: Float64Array;
  net: Float64Array;
  imports: readonly CompiledComponent[];
  trueUpMonth: number;
  trueUpRate: number;
}

/** A price as integer hundred-thousandths, the sweep's own rounding. */
const p5 = (v: number) => Math.round(v * 1e5);
const round5 = (x: number) => Math.round(x * 1e5) / 1e5 + 0;
const DAY_S = 86_400;
const isWeekday = (d: LocalDay) => d.weekday <= 5;

/**
 * Net energy metering (docs/bills.md, NET_METERING). A period is the set of a month's times that
 * share one combined import price (the sum of the first-tier prices of the IMPORT tariffs in
 * force). Within each month and period the kWh net; banked kWh offset a period's net import
 * first; a surplus is banked; at the next month each bank moves to the period in force at the
 * first weekday time the old period covered; the running surplus is paid at `trueUpRate` at the
 * end of the true-up month, when banks and surplus restart.
 *
 * The price sweep is the one the energy costing runs, walked with the cells once: it replaces
 * the energy and export sweeps of net billing.
 */
export function netMeteringByMonth(input: NetMeteringInput): NetMeteringMonth[] {
  const { zone, months, monthNumbers, starts, ends, net } = input;
  const from = months[0]!;
  const to = months[months.length - 1]!;
  const nMonths = months.length - 1;
  // The sweep as flat arrays: where each run ends, its period key (price in 1e-5), whether it
  // is priced at all, and each tariff's tiers there.
  const runStarts: number[] = [];
  const runEnds: number[] = [];
  const keys: number[] = [];
  const priced: boolean[] = [];
  const runRates: (Rate[] | null | undefined)[][] = [];
  sweepShares({ zone, from, to, direction: 'IMPORT', components: [...input.imports] }, (a, b, value, s) => {
    runStarts.push(a);
    runEnds.push(b);
    keys.push(p5(value));
    let covered = false;
    let gap = false;
    for (const r of s.rates) {
      if (r === null) gap = true;
      else if (r !== undefined) covered = true;
    }
    priced.push(covered && !gap);
    runRates.push([...s.rates]);
  });
  const nRuns = runEnds.length;

  // Each month's periods: net kWh, the run where each is first in force, and the local time of
  // day it first covers on a weekday (and on a weekend day), for carrying its bank.
  interface Period {
    net: number;
    firstRun: number;
    firstWeekday: number;
    firstWeekend: number;
  }
  const periods: Map<number, Period>[] = Array.from({ length: nMonths }, () => new Map());
  const days = localDays(zone, from, to);
  const dayMonth: number[] = [];
  {
    let m = 0;
    for (const d of days) {
      while (m < nMonths - 1 && d.start >= months[m + 1]!) m++;
      dayMonth.push(m);
    }
  }
  let r = 0;
  days.forEach((d, di) => {
    const period = periods[dayMonth[di]!]!;
    for (const piece of d.pieces) {
      while (r < nRuns && runEnds[r]! <= piece.start) r++;
      for (let j = r; j < nRuns && runStarts[j]! < piece.end; j++) {
        if (!priced[j]) continue;
        const at = Math.max(piece.start, runStarts[j]!);
        const sec = piece.localStart + (at - piece.start) / 1000;
        let p = period.get(keys[j]!);
        if (!p) period.set(keys[j]!, (p = { net: 0, firstRun: j, firstWeekday: Infinity, firstWeekend: Infinity }));
        if (isWeekday(d)) p.firstWeekday = Math.min(p.firstWeekday, sec);
        else p.firstWeekend = Math.min(p.firstWeekend, sec);
      }
    }
  });

  const out: NetMeteringMonth[] = Array.from({ length: nMonths }, () => ({
    micro: 0,
    importMicroKwh: 0,
    exportMicroKwh: 0,
    billedMicroKwh: 0,
    aboveFirstTierMicroKwh: 0,
    unpricedMicroKwh: 0,
    unpricedExportMicroKwh: 0,
    bankedMicroKwh: 0,
    surplusMicroKwh: 0,
    trueUp: 0,
  }));

  // The one walk of the cells: each cell's net, pro rata by time over the runs it meets.
  {
    let j = 0;
    let m = 0;
    for (let k = 0; k < starts.length; k++) {
      const a = starts[k]!;
      const b = ends[k]!;
      const v = net[k]!;
      while (m < nMonths - 1 && a >= months[m + 1]!) m++;
      while (j < nRuns && runEnds[j]! <= a) j++;
      if (v > 0) out[m]!.importMicroKwh += v;
      else out[m]!.exportMicroKwh -= v;
      for (let i = j; i < nRuns && runStarts[i]! < b; i++) {
        const ov = Math.min(b, runEnds[i]!) - Math.max(a, runStarts[i]!);
        const part = ov === b - a ? v : (v * ov) / (b - a);
        if (priced[i]) periods[m]!.get(keys[i]!)!.net += part;
        else if (part > 0) out[m]!.unpricedMicroKwh += part;
        else {
          out[m]!.unpricedMicroKwh -= part;
          out[m]!.unpricedExportMicroKwh -= part;
        }
      }
    }
  }

  /** The period key in force at local second `sec` of the first weekday (or weekend day) of month `m`. */
  const keyAt = (m: number, sec: number, weekday: boolean): number | undefined => {
    const day = days.find((d, di) => dayMonth[di] === m && isWeekday(d) === weekday);
    if (!day) return undefined;
    let t: number | undefined;
    for (const piece of day.pieces) {
      const len = (piece.end - piece.start) / 1000;
      if (sec < piece.localStart + len) {
        // A time the clock skips that day is read at the first instant after it.
        t = piece.start + Math.max(0, sec - piece.localStart) * 1000;
        break;
      }
    }
    if (t === undefined) return undefined;
    let lo = 0;
    let hi = nRuns - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (runEnds[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return priced[lo] ? keys[lo] : undefined;
  };

  let banks = new Map<number, number>();
  let surplus = 0;
  const rate = p5(input.trueUpRate);
  for (let m = 0; m < nMonths; m++) {
    const o = out[m]!;
    const period = periods[m]!;
    // Tiers count the month's billed kWh, each tariff's own, the periods taken in the order
    // they first come in the month (docs/bills.md, Tiers under net metering).
    const order = [...period.entries()].sort((x, y) => x[1].firstRun - y[1].firstRun);
    const counters = new Map<number, number>();
    let money = 0;
    let monthNet = 0;
    for (const [key, p] of order) {
      monthNet += p.net;
      const banked = banks.get(key) ?? 0;
      const billed = p.net - banked;
      if (billed >= 0) {
        banks.delete(key);
        if (billed > 0) {
          const priced = priceTiers(runRates[p.firstRun]!, key, billed, counters);
          money += priced.money;
          o.aboveFirstTierMicroKwh += priced.above;
          o.billedMicroKwh += billed;
        }
      } else banks.set(key, -billed);
    }
    o.micro = Math.round(money / 1e5);
    surplus = Math.max(surplus - monthNet, 0);
    o.surplusMicroKwh = Math.round(surplus);
    for (const v of banks.values()) o.bankedMicroKwh += v;
    o.bankedMicroKwh = Math.round(o.bankedMicroKwh);
    o.unpricedMicroKwh = Math.round(o.unpricedMicroKwh);
    o.unpricedExportMicroKwh = Math.round(o.unpricedExportMicroKwh);
    if (monthNumbers[m] === input.trueUpMonth) {
      o.trueUp = Math.round((surplus * rate) / 1e5);
      surplus = 0;
      banks = new Map();
      continue;
    }
    if (m + 1 >= nMonths) break;
    // Carrying: each bank to the period in force in the new month at the first weekday time the
    // old period covered in its own month (its first weekend time if it covered no weekday).
    const moved = new Map<number, number>();
    for (const [key, kwh] of banks) {
      const p = period.get(key);
      let target: number | undefined;
      if (p) {
        const weekday = p.firstWeekday < Infinity;
        const sec = weekday ? p.firstWeekday : p.firstWeekend;
        target = sec < Infinity ? keyAt(m + 1, sec % DAY_S, weekday) : undefined;
      }
      const at = target ?? key;
      moved.set(at, (moved.get(at) ?? 0) + kwh);
    }
    banks = moved;
  }
  return out;
}

/**
 * `e` billed micro-kWh of a period priced tier by tier: each tariff's counter counts the month's
 * billed kWh; where one reaches a bound the rest is priced at its next tier. Money in 1e-11
 * units (micro-kWh × price in 1e-5).
 */
function priceTiers(
  rates: readonly (Rate[] | null | undefined)[],
  key: number,
  e: number,
  counters: Map<number, number>,
): { money: number; above: number } {
  const tiered = rates.some((r) => r && r.length > 1);
  if (!tiered) {
    rates.forEach((r, c) => r && counters.set(c, (counters.get(c) ?? 0) + e));
    return { money: e * key, above: 0 };
  }
  let money = 0;
  let above = 0;
  let rem = e;
  while (rem > 1e-9) {
    let step = rem;
    let sum = 0;
    let beyond = false;
    rates.forEach((r, c) => {
      if (!r) return;
      const x = counters.get(c) ?? 0;
      let i = 0;
      while (i < r.length - 1 && x >= r[i]!.to_kwh! * 1e6 - 1e-6) i++;
      if (i < r.length - 1) step = Math.min(step, r[i]!.to_kwh! * 1e6 - x);
      if (i > 0) beyond = true;
      sum += tierValue(false, r, i, Number.NaN);
    });
    money += step * p5(round5(sum));
    if (beyond) above += step;
    rates.forEach((r, c) => r && counters.set(c, (counters.get(c) ?? 0) + step));
    rem -= step;
  }
  return { money, above };
}
