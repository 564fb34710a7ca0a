// Battery dispatch: SELF_CONSUMPTION by rule, OPTIMAL by a (mixed-integer) linear programme. See docs/batteries.md.
import { LpBuilder } from './lp.js';
import type { BatteryParams, DispatchProblem, DispatchResult, LpSolver } from './types.js';
import type { WarmStart } from './warm.js';

export type {
  BatteryParams,
  BatteryStrategy,
  DispatchProblem,
  DispatchResult,
  LinearProgram,
  LpBasis,
  LpSolution,
  LpSolver,
} from './types.js';
export { loadSolver } from './solver.js';
export { WarmStart } from './warm.js';

/** Cell by cell: a surplus charges, a deficit discharges; never from or to the grid. */
function selfConsumption(p: DispatchProblem, b: BatteryParams): { charge: Float64Array; discharge: Float64Array } {
  const n = p.hours.length;
  const charge = new Float64Array(n);
  const discharge = new Float64Array(n);
  const k = Math.sqrt(b.roundTripEfficiency);
  let s = b.initialKwh;
  for (let t = 0; t < n; t++) {
    const net = p.generationKwh[t]! - p.usageKwh[t]!;
    const lim = b.powerKw * p.hours[t]!;
    if (net > 0) {
      const c = Math.max(0, Math.min(net, lim, (b.capacityKwh - s) / k));
      charge[t] = c;
      s += k * c;
    } else if (net < 0) {
      const d = Math.max(0, Math.min(-net, lim, (s - b.reserveKwh) * k));
      discharge[t] = d;
      s -= d / k;
    }
  }
  return { charge, discharge };
}

interface Plan {
  demand: { cells: Int32Array; blocks: { width: number; price: number }[] }[];
  tiers: { cells: Int32Array; blocks: { fromKwh: number; delta: number }[] }[];
}

/** Tiers and demand as planned: falling prices are planned on the first block's (the problem stays convex). */
function planCharges(p: DispatchProblem, warnings: string[]): Plan {
  const tiers = (p.tiers ?? []).map((g) => {
    if (g.blocks.some((bl) => bl.delta < 0)) {
      warnings.push('battery_tiers_falling: a later consumption block is cheaper; planned on the first block price');
      return { cells: g.cells, blocks: [] };
    }
    return { cells: g.cells, blocks: g.blocks.filter((bl) => bl.delta > 0) };
  });
  const demand = (p.demand ?? []).map((g) => {
    const falling = g.blocks.some((bl, i) => i > 0 && bl.price < g.blocks[i - 1]!.price);
    if (falling)
      warnings.push('battery_demand_falling: a later demand block is cheaper; planned on the first block price');
    if (falling || g.blocks.length <= 1)
      return { cells: g.cells, blocks: [{ width: Infinity, price: g.blocks[0]?.price ?? 0 }] };
    let lower = 0;
    const blocks = g.blocks.map((bl, i) => {
      const upper = i === g.blocks.length - 1 ? Infinity : (bl.toKw ?? Infinity);
      const width = Math.max(0, upper - lower);
      lower = upper;
      return { width, price: bl.price };
    });
    return { cells: g.cells, blocks };
  });
  return { tiers, demand };
}

/**
 * The tie-break: each kWh through the battery costs this much more in the programme, so of equally
 * cheap dispatches the one that moves the least energy wins (at a flat price the battery stays
 * idle). It can cost at most this much per kWh moved against the true optimum: over a year of a
 * home battery, well under a cent.
 */
export const THROUGHPUT_COST = 1e-6;

function optimal(
  p: DispatchProblem,
  b: BatteryParams,
  solver: LpSolver,
  warnings: string[],
  warm: WarmStart | undefined,
): { charge: Float64Array; discharge: Float64Array } {
  const n = p.hours.length;
  const k = Math.sqrt(b.roundTripEfficiency);
  const plan = planCharges(p, warnings);
  const lp = new LpBuilder();
  // Per cell: charge c, discharge d, export e and the state of charge s at the cell's end.
  const c = new Int32Array(n);
  const d = new Int32Array(n);
  const e = new Int32Array(n);
  let prev = -1;
  for (let t = 0; t < n; t++) {
    const u = p.usageKwh[t]!;
    const g = p.generationKwh[t]!;
    const pi = p.importPrice[t]!;
    const pe = p.exportPrice[t]!;
    const surplus = Math.max(g - u, 0);
    const lim = b.powerKw * p.hours[t]!;
    const cMax = b.gridCharging ? lim : Math.min(lim, surplus);
    const eMax = b.export ? g + lim : surplus;
    // import = u - g + c - d + e, so only export is a variable: the cost is pi*(c - d) + (pi - pe)*e + constant.
    // A column that can only be 0 is left out (-1): the programme stays as small as the cell allows.
    c[t] = cMax > 0 ? lp.col(pi + THROUGHPUT_COST, 0, cMax) : -1;
    d[t] = lim > 0 ? lp.col(-pi + THROUGHPUT_COST, 0, lim) : -1;
    e[t] = eMax > 0 ? lp.col(pi - pe, 0, eMax) : -1;
    const lo = t === n - 1 ? Math.max(b.reserveKwh, b.finalKwh) : b.reserveKwh;
    const s = lp.col(0, lo, b.capacityKwh);
    // Export covers what the home and battery do not take: c - d + e >= g - u.
    lp.row(g - u, Infinity, [c[t]!, d[t]!, e[t]!], [1, -1, 1]);
    // s_t - s_{t-1} - k c + d / k = 0 (the first cell starts from the initial state).
    if (prev < 0) lp.row(b.initialKwh, b.initialKwh, [s, c[t]!, d[t]!], [1, -k, 1 / k]);
    else lp.row(0, 0, [s, prev, c[t]!, d[t]!], [1, -1, -k, 1 / k]);
    prev = s;
    // "Never both": a binary only where a plain LP could gain by doing both (see docs/batteries.md).
    if (pe > pi && eMax > 0) {
      const z = lp.binary();
      const iMax = u + lim;
      lp.row(-Infinity, 0, [e[t]!, z], [1, -eMax]);
      lp.row(-Infinity, iMax - u + g, [c[t]!, d[t]!, e[t]!, z], [1, -1, 1, iMax]);
    }
    if ((pi < 0 || pe < 0) && cMax > 0 && lim > 0) {
      const y = lp.binary();
      lp.row(-Infinity, 0, [c[t]!, y], [1, -cMax]);
      lp.row(-Infinity, lim, [d[t]!, y], [1, lim]);
    }
  }
  for (const grp of plan.tiers) {
    if (!grp.blocks.length) continue;
    let base = 0;
    const cols: number[] = [];
    const coefs: number[] = [];
    for (const t of grp.cells) {
      base += p.usageKwh[t]! - p.generationKwh[t]!;
      cols.push(c[t]!, d[t]!, e[t]!);
      coefs.push(-1, 1, -1);
    }
    // x_b >= the group's import past the block's start.
    for (const bl of grp.blocks) {
      const x = lp.col(bl.delta, 0, Infinity);
      lp.row(base - bl.fromKwh, Infinity, [x, ...cols], [1, ...coefs]);
    }
  }
  for (const grp of plan.demand) {
    const qs = grp.blocks.map((bl) => lp.col(bl.price, 0, bl.width));
    for (const t of grp.cells) {
      const h = p.hours[t]!;
      lp.row(
        p.usageKwh[t]! - p.generationKwh[t]!,
        Infinity,
        [...qs, c[t]!, d[t]!, e[t]!],
        [...qs.map(() => h), -1, 1, -1],
      );
    }
  }
  const model = lp.build();
  // Presolve off: on this chain of cells HiGHS's presolve costs more than it saves.
  const options: Record<string, string | number> = model.binaries.length
    ? { mip_rel_gap: 1e-9, mip_abs_gap: 1e-9 }
    : { presolve: 'off' };
  const { values, basis } = solver.solve(model, options, warm?.startFor(model));
  warm?.keep(model, basis);
  const charge = new Float64Array(n);
  const discharge = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    charge[t] = c[t]! < 0 ? 0 : values[c[t]!]!;
    discharge[t] = d[t]! < 0 ? 0 : values[d[t]!]!;
  }
  return { charge, discharge };
}

/** The real cost of flows on the problem's own prices, tiers and demand blocks (as billed). */
export function dispatchCost(p: DispatchProblem, imp: Float64Array, exp: Float64Array): number {
  let cost = 0;
  for (let t = 0; t < imp.length; t++) cost += imp[t]! * p.importPrice[t]! - exp[t]! * p.exportPrice[t]!;
  for (const g of p.tiers ?? []) {
    let sum = 0;
    for (const t of g.cells) sum += imp[t]!;
    for (const bl of g.blocks) cost += bl.delta * Math.max(0, sum - bl.fromKwh);
  }
  for (const g of p.demand ?? []) {
    let kw = 0;
    for (const t of g.cells) kw = Math.max(kw, imp[t]! / p.hours[t]!);
    let lower = 0;
    g.blocks.forEach((bl, i) => {
      const upper = i === g.blocks.length - 1 ? Infinity : (bl.toKw ?? Infinity);
      if (kw > lower) cost += bl.price * (Math.min(kw, upper) - lower);
      lower = upper;
    });
  }
  return cost;
}

/** Clamps solver noise so every invariant holds, then derives soc and grid flows. */
function finish(
  p: DispatchProblem,
  b: BatteryParams,
  charge: Float64Array,
  discharge: Float64Array,
  warnings: string[],
): DispatchResult {
  const n = p.hours.length;
  const k = Math.sqrt(b.roundTripEfficiency);
  const soc = new Float64Array(n);
  const importKwh = new Float64Array(n);
  const exportKwh = new Float64Array(n);
  let s = b.initialKwh;
  for (let t = 0; t < n; t++) {
    const lim = b.powerKw * p.hours[t]!;
    let c = Math.min(Math.max(charge[t]!, 0), lim);
    let d = Math.min(Math.max(discharge[t]!, 0), lim);
    if (c < 1e-9) c = 0;
    if (d < 1e-9) d = 0;
    if (c > 0 && d > 0) {
      // Only noise can leave both: keep the larger, net of the other.
      if (c >= d) {
        c -= d;
        d = 0;
      } else {
        d -= c;
        c = 0;
      }
    }
    let next = s + k * c - d / k;
    if (next > b.capacityKwh) {
      c = Math.max(0, c - (next - b.capacityKwh) / k);
      next = s + k * c;
      if (next > b.capacityKwh) next = b.capacityKwh;
    }
    if (next < b.reserveKwh) {
      d = Math.max(0, d - (b.reserveKwh - next) * k);
      next = s - d / k;
      if (next < b.reserveKwh) next = b.reserveKwh;
    }
    charge[t] = c;
    discharge[t] = d;
    soc[t] = next;
    s = next;
    const f = p.usageKwh[t]! - p.generationKwh[t]! + c - d;
    importKwh[t] = f > 0 ? f : 0;
    exportKwh[t] = f < 0 ? -f : 0;
  }
  return { charge, discharge, soc, importKwh, exportKwh, cost: dispatchCost(p, importKwh, exportKwh), warnings };
}

export function dispatchBattery(
  problem: DispatchProblem,
  battery: BatteryParams,
  solver: LpSolver | undefined,
  /** Solves of one request that share their cells: each starts where the last one ended. */
  warm?: WarmStart,
): DispatchResult {
  const warnings: string[] = [];
  const n = problem.hours.length;
  if (n === 0) return finish(problem, battery, new Float64Array(0), new Float64Array(0), warnings);
  if (battery.strategy === 'SELF_CONSUMPTION') {
    const { charge, discharge } = selfConsumption(problem, battery);
    return finish(problem, battery, charge, discharge, warnings);
  }
  if (!solver) throw new Error('battery_solver_missing: OPTIMAL needs a solver (loadSolver())');
  const { charge, discharge } = optimal(problem, battery, solver, warnings, warm);
  return finish(problem, battery, charge, discharge, warnings);
}
