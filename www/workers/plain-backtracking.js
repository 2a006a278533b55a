// Plain backtracking to its first solution at any N, in the very order of the
// core's `backtracking` (each row, the columns no queen above holds, left to
// right; a square no diagonal attacks takes a queen; a row with nothing left
// backs up), with its books: a step is a candidate tried or a backtrack, a
// check a candidate tested against the diagonals, a placement a queen put
// down. The core's stepping search stops at N = 20; this one goes on, in
// slices, under a cap of placements. No DOM, no core: plain-worker.js runs it.

export class PlainBacktracking {
  /**
   * @param {number} n  the board's size, 1 or more
   * @param {number} cap  the most placements before it gives up
   */
  constructor(n, cap) {
    this.n = n;
    this.cap = cap;
    /** each row's queen's column (rows 0 … row − 1 hold queens) */
    this.cols = new Int32Array(n);
    /** each row's next column to try */
    this.next = new Int32Array(n + 1);
    this.used = new Uint8Array(n);
    this.down = new Uint8Array(2 * n); // diagonals r + c
    this.up = new Uint8Array(2 * n); // diagonals r − c + n
    this.row = 0;
    this.steps = 0;
    this.checks = 0;
    this.placements = 0;
    this.backtracks = 0;
    this.solved = false;
    /** no solution (N = 2, 3) or the cap reached */
    this.stopped = false;
  }

  /** Finished: solved, exhausted or capped. */
  get done() {
    return this.solved || this.stopped;
  }

  /**
   * Goes on for at most `budget` steps.
   * @param {number} budget
   * @returns {boolean}  done
   */
  run(budget) {
    const { n, cols, next, used, down, up } = this;
    let { row, steps, checks, placements, backtracks } = this;
    const end = steps + budget;
    let solved = false;
    let stopped = false;
    while (steps < end) {
      let c = next[row];
      while (c < n && used[c]) c++;
      if (c < n) {
        next[row] = c + 1;
        steps++;
        checks++;
        if (down[row + c] || up[row - c + n]) continue;
        cols[row] = c;
        used[c] = 1;
        down[row + c] = 1;
        up[row - c + n] = 1;
        placements++;
        row++;
        if (row === n) {
          solved = true;
          break;
        }
        next[row] = 0;
        if (placements >= this.cap) {
          stopped = true;
          break;
        }
      } else {
        if (row === 0) {
          stopped = true;
          break;
        }
        steps++;
        backtracks++;
        row--;
        const q = cols[row];
        used[q] = 0;
        down[row + q] = 0;
        up[row - q + n] = 0;
      }
    }
    Object.assign(this, { row, steps, checks, placements, backtracks, solved, stopped });
    return this.done;
  }

  /** The queens' columns, row by row (the solution once solved). */
  queens() {
    return Array.from(this.cols.subarray(0, this.row));
  }
}

/**
 * An estimate of the work at N from measured work: the straight line through
 * log10(work) against N by least squares.
 * @param {{ n: number, work: number }[]} measured  at least two sizes
 * @returns {{ at: (n: number) => number, perQueen: number, from: number, to: number } | null}
 *   at(n): the fitted work; perQueen: the factor the fit grows by for each queen added
 */
export function fitGrowth(measured) {
  const points = measured.filter((p) => p.work > 0);
  if (points.length < 2) return null;
  const k = points.length;
  const mx = points.reduce((s, p) => s + p.n, 0) / k;
  const my = points.reduce((s, p) => s + Math.log10(p.work), 0) / k;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.n - mx) * (Math.log10(p.work) - my);
    sxx += (p.n - mx) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return {
    at: (n) => 10 ** (my + slope * (n - mx)),
    perQueen: 10 ** slope,
    from: Math.min(...points.map((p) => p.n)),
    to: Math.max(...points.map((p) => p.n)),
  };
}

/** A large estimate as "about 3 × 10^24". @param {number} value */
export function roughly(value) {
  if (!(value > 0) || !Number.isFinite(value)) return 'more than can be written';
  if (value < 1e6) return `about ${Math.round(value).toLocaleString('en-US')}`;
  const power = Math.floor(Math.log10(value));
  const lead = Math.round(value / 10 ** power);
  return lead >= 10 ? `about 10^${power + 1}` : `about ${lead} × 10^${power}`;
}
