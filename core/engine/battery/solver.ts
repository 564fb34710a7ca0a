// The only place core/engine loads a solver: WASM HiGHS, loaded once and cached.
import highsLoader from 'highs';
import type { LpSolver } from './types.js';

let cached: Promise<LpSolver> | undefined;

export function loadSolver(): Promise<LpSolver> {
  cached ??= highsLoader().then((h) => ({
    solve(lp, options) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const sol = h.solve(lp, options as any);
      if (sol.Status !== 'Optimal') throw new Error(`battery_solver_failed: ${sol.Status}`);
      const columns = new Map<string, number>();
      for (const [name, col] of Object.entries(sol.Columns)) columns.set(name, (col as { Primal: number }).Primal);
      return { objective: sol.ObjectiveValue, columns };
    },
  }));
  return cached;
}
