// Battery dispatch: SELF_CONSUMPTION by rule, OPTIMAL by a (mixed-integer) linear programme. See docs/batteries.md.
import type { BatteryParams, DispatchProblem, DispatchResult, LpSolver } from './types.js';

export type { BatteryParams, BatteryStrategy, DispatchProblem, DispatchResult, LpSolver } from './types.js';
export { loadSolver } from './solver.js';

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

/** A coefficient and a name as an LP term, with its own sign. */
function term(coef: number, name: string): string {
  if (coef === 0) return '';
  return coef < 0 ? ` - ${-coef} ${name}` : ` + ${coef} ${name}`;
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

const TIGHT = { primal_feasibility_tolerance: 1e-9, dual_feasibility_tolerance: 1e-9 };

function optimal(
  p: DispatchProblem,
  b: BatteryParams,
  solver: LpSolver,
  warnings: string[],
): { charge: Float64Array; discharge: Float64Array } {
  const n = p.hours.length;
  const k = Math.sqrt(b.roundTripEfficiency);
  const plan = planCharges(p, warnings);
  const obj: string[] = [];
  const tieObj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const bins: string[] = [];
  let r = 0;
  for (let t = 0; t < n; t++) {
    const u = p.usageKwh[t]!;
    const g = p.generationKwh[t]!;
    const h = p.hours[t]!;
    const pi = p.importPrice[t]!;
    const pe = p.exportPrice[t]!;
    const surplus = Math.max(g - u, 0);
    const lim = b.powerKw * h;
    const cMax = b.gridCharging ? lim : Math.min(lim, surplus);
    const eMax = b.export ? g + lim : surplus;
    // import = u - g + c - d + e, so only export is a variable: the cost is pi*(c - d) + (pi - pe)*e + constant.
    obj.push(term(pi, `c${t}`), term(-pi, `d${t}`), term(pi - pe, `e${t}`));
    tieObj.push(` + c${t} + d${t}`);
    rows.push(`r${r++}: c${t} - d${t} + e${t} >= ${g - u}`);
    const prev = t === 0 ? '' : ` - s${t - 1}`;
    rows.push(`r${r++}: s${t}${prev}${term(-k, `c${t}`)}${term(1 / k, `d${t}`)} = ${t === 0 ? b.initialKwh : 0}`);
    bounds.push(`0 <= c${t} <= ${cMax}`, `0 <= d${t} <= ${lim}`, `0 <= e${t} <= ${eMax}`);
    const lo = t === n - 1 ? Math.max(b.reserveKwh, b.finalKwh) : b.reserveKwh;
    bounds.push(`${lo} <= s${t} <= ${b.capacityKwh}`);
    // "Never both": a binary only where a plain LP could gain by doing both (see docs/batteries.md).
    if (pe > pi && eMax > 0) {
      const iMax = u + lim;
      rows.push(`r${r++}: e${t} - ${eMax} z${t} <= 0`);
      rows.push(`r${r++}: c${t} - d${t} + e${t} + ${iMax} z${t} <= ${iMax - u + g}`);
      bins.push(`z${t}`);
    }
    if ((pi < 0 || pe < 0) && cMax > 0 && lim > 0) {
      rows.push(`r${r++}: c${t} - ${cMax} y${t} <= 0`);
      rows.push(`r${r++}: d${t} + ${lim} y${t} <= ${lim}`);
      bins.push(`y${t}`);
    }
  }
  plan.tiers.forEach((grp, gi) => {
    let base = 0;
    const flow: string[] = [];
    for (const t of grp.cells) {
      base += p.usageKwh[t]! - p.generationKwh[t]!;
      flow.push(` - c${t} + d${t} - e${t}`);
    }
    const fj = flow.join('');
    grp.blocks.forEach((bl, bi) => {
      const x = `x${gi}_${bi}`;
      obj.push(term(bl.delta, x));
      rows.push(`r${r++}: ${x}${fj} >= ${base - bl.fromKwh}`);
    });
  });
  plan.demand.forEach((grp, gi) => {
    const ys = grp.blocks.map((_, bi) => `q${gi}_${bi}`);
    grp.blocks.forEach((bl, bi) => {
      obj.push(term(bl.price, ys[bi]!));
      if (Number.isFinite(bl.width)) bounds.push(`0 <= ${ys[bi]} <= ${bl.width}`);
    });
    for (const t of grp.cells) {
      const h = p.hours[t]!;
      const kw = ys.map((y) => term(h, y)).join('');
      rows.push(
        `r${r++}: ${kw.replace(/^ \+ /, '')} - c${t} + d${t} - e${t} >= ${p.usageKwh[t]! - p.generationKwh[t]!}`,
      );
    }
  });
  const objText = obj.join('').replace(/^ \+ /, '') || '0 c0';
  const tail = `subject to\n${rows.join('\n')}\n`;
  const tailB = `bounds\n${bounds.join('\n')}\n${bins.length ? `binary\n${bins.join(' ')}\n` : ''}end\n`;
  const opts = bins.length
    ? { ...TIGHT, mip_rel_gap: 1e-9, mip_abs_gap: 1e-9, mip_feasibility_tolerance: 1e-9 }
    : TIGHT;
  const first = solver.solve(`minimize\nobj: ${objText}\n${tail}${tailB}`, opts);
  // Second pass: the cheapest cost held (within a hair), the least energy through the battery.
  const tol = 1e-9 * Math.max(1, Math.abs(first.objective));
  const costRow = `rc: ${objText} <= ${first.objective + tol}`;
  let cols = first.columns;
  try {
    cols = solver.solve(
      `minimize\nobj: ${tieObj.join('').replace(/^ \+ /, '')}\n${tail}${costRow}\n${tailB}`,
      opts,
    ).columns;
  } catch {
    warnings.push('battery_tie_break_skipped: the second pass found no answer; the first optimum is kept');
  }
  const charge = new Float64Array(n);
  const discharge = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    charge[t] = cols.get(`c${t}`) ?? 0;
    discharge[t] = cols.get(`d${t}`) ?? 0;
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
): DispatchResult {
  const warnings: string[] = [];
  const n = problem.hours.length;
  if (n === 0) return finish(problem, battery, new Float64Array(0), new Float64Array(0), warnings);
  if (battery.strategy === 'SELF_CONSUMPTION') {
    const { charge, discharge } = selfConsumption(problem, battery);
    return finish(problem, battery, charge, discharge, warnings);
  }
  if (!solver) throw new Error('battery_solver_missing: OPTIMAL needs a solver (loadSolver())');
  const { charge, discharge } = optimal(problem, battery, solver, warnings);
  return finish(problem, battery, charge, discharge, warnings);
}
