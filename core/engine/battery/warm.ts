// One request's solves, remembered: the alternatives of a bill plan the same cells on other prices,
// so each starts from the basis of the last programme of the same shape (docs/batteries.md).
import type { LinearProgram } from './lp.js';
import type { LpBasis } from './types.js';

const same = (a: Int32Array | Float64Array, b: Int32Array | Float64Array): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * The last plain programme solved and its final basis. A basis fits another programme only when
 * both have the same columns and the same rows with the same coefficients: then it is a valid
 * start whatever the costs and bounds, and the optimum's value is the same as from no start.
 */
export class WarmStart {
  private last: { lp: LinearProgram; basis: LpBasis } | undefined;
  /** How many solves started from a kept basis (for tests and the bench). */
  reused = 0;

  startFor(lp: LinearProgram): LpBasis | undefined {
    const l = this.last;
    if (!l || lp.binaries.length || l.lp.numCols !== lp.numCols) return undefined;
    const m = l.lp;
    if (!same(m.rowStarts, lp.rowStarts) || !same(m.rowIndex, lp.rowIndex) || !same(m.rowValue, lp.rowValue))
      return undefined;
    this.reused++;
    return l.basis;
  }

  keep(lp: LinearProgram, basis: LpBasis | undefined): void {
    if (basis) this.last = { lp, basis };
  }
}
