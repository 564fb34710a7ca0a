// A linear programme as arrays (rows compressed), built column by column and row by row: what the
// solver interface takes, so no model text is written or parsed.

export interface LinearProgram {
  numCols: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  /** Columns that must take 0 or 1 (with bounds 0..1); empty for a plain LP. */
  binaries: Int32Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  /** Row i's coefficients are rowValue[rowStarts[i] .. rowStarts[i + 1]) on columns rowIndex[…]. */
  rowStarts: Int32Array;
  rowIndex: Int32Array;
  rowValue: Float64Array;
}

/** Grows typed arrays as columns, rows and coefficients are added. */
class Grow {
  data: Float64Array;
  length = 0;
  constructor(size = 1024) {
    this.data = new Float64Array(size);
  }
  push(x: number): number {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length] = x;
    return this.length++;
  }
  done(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

export class LpBuilder {
  private readonly cost = new Grow();
  private readonly lower = new Grow();
  private readonly upper = new Grow();
  private readonly rowLo = new Grow();
  private readonly rowHi = new Grow();
  private readonly starts = new Grow();
  private readonly index = new Grow();
  private readonly value = new Grow();
  private readonly bins: number[] = [];

  constructor() {
    this.starts.push(0);
  }

  /** A new column (variable); its index. */
  col(cost: number, lower: number, upper: number): number {
    this.lower.push(lower);
    this.upper.push(upper);
    return this.cost.push(cost);
  }

  binary(cost = 0): number {
    const j = this.col(cost, 0, 1);
    this.bins.push(j);
    return j;
  }

  addCost(j: number, cost: number): void {
    this.cost.data[j]! += cost;
  }

  /** lower ≤ Σ coef·x ≤ upper over the given columns (each at most once; a negative index is a column left out). */
  row(lower: number, upper: number, cols: ArrayLike<number>, coefs: ArrayLike<number>): void {
    for (let k = 0; k < cols.length; k++) {
      if (coefs[k] === 0 || cols[k]! < 0) continue;
      this.index.push(cols[k]!);
      this.value.push(coefs[k]!);
    }
    this.starts.push(this.index.length);
    this.rowLo.push(lower);
    this.rowHi.push(upper);
  }

  build(): LinearProgram {
    return {
      numCols: this.cost.length,
      colCost: this.cost.done(),
      colLower: this.lower.done(),
      colUpper: this.upper.done(),
      binaries: Int32Array.from(this.bins),
      rowLower: this.rowLo.done(),
      rowUpper: this.rowHi.done(),
      rowStarts: Int32Array.from(this.starts.done()),
      rowIndex: Int32Array.from(this.index.done()),
      rowValue: this.value.done(),
    };
  }
}
