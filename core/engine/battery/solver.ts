// The only place core/engine loads a solver: WASM HiGHS, loaded once and cached. The model goes
// in as arrays (no LP text to write and parse) and the answer comes back as one typed array.
import highsLoader from 'highs';
import type { LpSolver } from './types.js';

/** HiGHS's model status for a proven optimum. */
const OPTIMAL = 7;
/** HiGHS's `simplex_strategy` for the primal simplex. */
const PRIMAL = 4;

let cached: Promise<LpSolver> | undefined;

export function loadSolver(): Promise<LpSolver> {
  cached ??= highsLoader().then((h) => ({
    solve(lp, options, start) {
      const numRows = lp.rowLower.length;
      const inf = (x: Float64Array) => x.map((v) => (v === Infinity ? h.infinity : v === -Infinity ? -h.infinity : v));
      let integrality: Int32Array | undefined;
      if (lp.binaries.length) {
        integrality = new Int32Array(lp.numCols);
        for (const j of lp.binaries) integrality[j] = 1;
      }
      return h.withModel((model) => {
        model.passModel({
          numCols: lp.numCols,
          numRows,
          colCost: lp.colCost,
          colLower: inf(lp.colLower),
          colUpper: inf(lp.colUpper),
          rowLower: inf(lp.rowLower),
          rowUpper: inf(lp.rowUpper),
          matrix: {
            format: 'csr',
            numRows,
            numCols: lp.numCols,
            starts: lp.rowStarts,
            indices: lp.rowIndex,
            values: lp.rowValue,
          },
          ...(integrality ? { integrality } : {}),
        });
        // From a basis that stays feasible when only costs change, the primal simplex goes on
        // where the dual one would start over (measured: a year of hours in ~600 steps, not 22,000).
        model.options.set({ output_flag: false, ...options, ...(start ? { simplex_strategy: PRIMAL } : {}) });
        if (start) model.setBasis(start);
        const run = model.run();
        if (run.modelStatus !== OPTIMAL) throw new Error(`battery_solver_failed: model status ${run.modelStatus}`);
        const basis = integrality ? undefined : model.getBasis();
        return {
          objective: model.getObjectiveValue(),
          values: Float64Array.from(model.getSolution().colValue),
          ...(basis
            ? { basis: { colStatus: Int32Array.from(basis.colStatus), rowStatus: Int32Array.from(basis.rowStatus) } }
            : {}),
        };
      });
    },
  }));
  return cached;
}
