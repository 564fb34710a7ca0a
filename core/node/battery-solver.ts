import { loadSolver, type LpSolver } from '../engine/battery/index.js';

// The solver is WebAssembly, loaded once per thread: hosts and pool workers await it before
// serving, so a plan never waits for it inside a request.
let solver: LpSolver | undefined;
let loading: Promise<LpSolver> | undefined;

export function readySolver(): Promise<LpSolver> {
  loading ??= loadSolver().then((s) => (solver = s));
  return loading;
}

/** The loaded solver; a caller that has not awaited `readySolver` is a bug. */
export function currentSolver(): LpSolver {
  if (!solver) throw new Error('the battery solver is not loaded: await readySolver() first');
  return solver;
}
