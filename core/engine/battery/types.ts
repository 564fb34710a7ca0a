// The battery's dispatch model (issue 45): pure data in, pure data out.
import type { LinearProgram } from './lp.js';

export type { LinearProgram } from './lp.js';
export type BatteryStrategy = 'OPTIMAL' | 'SELF_CONSUMPTION';

export interface BatteryParams {
  capacityKwh: number;
  powerKw: number;
  roundTripEfficiency: number;
  reserveKwh: number;
  initialKwh: number;
  finalKwh: number;
  gridCharging: boolean;
  export: boolean;
  strategy: BatteryStrategy;
}

/** n cells in time order; prices per kWh in major currency units (import = the first block's price). */
export interface DispatchProblem {
  hours: Float64Array;
  usageKwh: Float64Array;
  generationKwh: Float64Array;
  importPrice: Float64Array;
  exportPrice: Float64Array;
  /** Consumption tiers: cost += sum_b delta_b * max(0, sum_{t in cells} import_t - fromKwh_b). delta_b = that block's price minus the previous block's. */
  tiers?: { cells: Int32Array; blocks: { fromKwh: number; delta: number }[] }[];
  /** Demand charges: kW = max over cells of import_t / hours_t; cost = blocks like blockCharge in billing/demand.ts. */
  demand?: { cells: Int32Array; blocks: { toKw: number | null; price: number }[] }[];
}

export interface DispatchResult {
  charge: Float64Array;
  discharge: Float64Array;
  /** kWh at each cell's end. */
  soc: Float64Array;
  importKwh: Float64Array;
  exportKwh: Float64Array;
  /** The objective's value: energy cost minus export credit plus tiers and demand, on the given prices. */
  cost: number;
  warnings: string[];
}

/**
 * Which columns and rows a solve ended basic or at a bound: what a programme of the same shape
 * (only costs changed) starts from, so it takes hundreds of steps instead of tens of thousands.
 */
export interface LpBasis {
  colStatus: Int32Array;
  rowStatus: Int32Array;
}

export interface LpSolution {
  objective: number;
  values: Float64Array;
  /** The final basis of a plain LP (none for one with binaries). */
  basis?: LpBasis;
}

/** The swappable solver: a linear programme (with binaries, if any) in, column values out. */
export interface LpSolver {
  /**
   * The optimum (minimised); throws `battery_solver_failed` when none is found. `start`, the basis
   * of an earlier solve of a programme of this shape, is where the search begins.
   */
  solve(lp: LinearProgram, options?: Record<string, string | number | boolean>, start?: LpBasis): LpSolution;
}
