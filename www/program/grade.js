// Check my search (no DOM): the boards a program reported with found() for
// one N, judged against every solution of N, listed here by a search of its
// own (N is at most 12 here: 14,200 solutions).

/**
 * Every solution of n, each as its squares (row * n + col, ascending), in
 * the order of a row-by-row search.
 * @param {number} n
 * @returns {number[][]}
 */
export function allSolutions(n) {
  /** @type {number[][]} */
  const out = [];
  const cols = /** @type {number[]} */ ([]);
  const full = (1 << n) - 1;
  /** @param {number} row  @param {number} taken  @param {number} down  @param {number} up */
  const go = (row, taken, down, up) => {
    if (row === n) {
      out.push(cols.map((c, r) => r * n + c));
      return;
    }
    let free = full & ~(taken | down | up);
    while (free) {
      const bit = free & -free;
      free ^= bit;
      cols.push(31 - Math.clz32(bit));
      go(row + 1, taken | bit, ((down | bit) << 1) & full, (up | bit) >> 1);
      cols.pop();
    }
  };
  if (n >= 1) go(0, 0, 0, 0);
  // In ascending order of their squares' text, as the keys compare.
  return out;
}

/**
 * @typedef {object} Grade  one N, judged
 * @property {number} n
 * @property {number} found  solutions reported (each once)
 * @property {number} expected  the solutions of n
 * @property {number} wrong  reported boards that are not solutions
 * @property {number} duplicates  reports of a solution already reported
 * @property {number} missed  solutions never reported
 * @property {import('./trace.js').Found | null} firstWrong
 * @property {import('./trace.js').Found | null} firstDuplicate
 * @property {number[] | null} oneMissed  a solution never reported (its squares)
 * @property {boolean} right
 * @property {'boards' | 'total'} by  board by board, or by the total of found(k) and count(k)
 * @property {number} total  the solutions the program accounts for: its boards' weights and its counts
 */

/**
 * Judges the boards a program reported. A program that says what a board
 * stands for (found(k): a board and its mirror image, k = 2) or counts with
 * no board (count(k)) is graded by its total against the count of solutions
 * (OEIS A000170), each board it reports still checked; else board by board.
 * @param {number} n
 * @param {import('./trace.js').Found[]} reports  the found() calls, in order
 * @param {number[][]} [solutions]  every solution of n (allSolutions(n))
 * @param {{ counted: number, weighted: boolean }} [tally]  count(k)'s sum, and whether found(k) or count(k) was used
 * @returns {Grade}
 */
export function gradeReports(n, reports, solutions = allSolutions(n), tally = { counted: 0, weighted: false }) {
  const truth = new Set(solutions.map((s) => s.join(',')));
  /** @type {Set<string>} */
  const seen = new Set();
  let wrong = 0, duplicates = 0;
  /** @type {import('./trace.js').Found | null} */
  let firstWrong = null;
  /** @type {import('./trace.js').Found | null} */
  let firstDuplicate = null;
  for (const r of reports) {
    if (!truth.has(r.key)) {
      wrong++;
      firstWrong ??= r;
    } else if (seen.has(r.key)) {
      duplicates++;
      firstDuplicate ??= r;
    } else seen.add(r.key);
  }
  const missing = solutions.filter((s) => !seen.has(s.join(',')));
  let total = tally.counted;
  /** @type {Set<string>} */
  const once = new Set();
  for (const r of reports) if (truth.has(r.key) && !once.has(r.key)) { once.add(r.key); total += r.weight ?? 1; }
  if (tally.weighted) {
    return {
      n, found: seen.size, expected: solutions.length, wrong, duplicates,
      missed: Math.max(0, solutions.length - total), firstWrong, firstDuplicate, oneMissed: null,
      right: wrong === 0 && duplicates === 0 && total === solutions.length, by: 'total', total,
    };
  }
  return {
    n,
    found: seen.size,
    expected: solutions.length,
    wrong,
    duplicates,
    missed: missing.length,
    firstWrong,
    firstDuplicate,
    oneMissed: missing[0] ?? null,
    right: wrong === 0 && duplicates === 0 && missing.length === 0,
    by: 'boards',
    total,
  };
}

/**
 * @typedef {object} MissedAt  where a search lost a solution it never reported
 * @property {number[]} cols  the solution's columns, row by row
 * @property {number} depth  the most of its rows (from row 0) the search ever held as it has them
 * @property {number} step  the step that left that partial board (a remove of one of its queens),
 *   or the run's last step when the search never placed its first queen (or never left the board)
 * @property {number} line  the program's line that made that step (0: none)
 */

/**
 * The step where a search left the deepest partial board of a solution it
 * missed: replays the trace's steps, watching for the board that holds
 * exactly the solution's queens on rows 0 … d-1; after the first time it
 * holds the most rows, the first remove of one of them is the step.
 * @param {import('./trace.js').Trace} trace
 * @param {number[]} squares  the missed solution (row * n + col, one a row)
 * @returns {MissedAt}
 */
export function missedAt(trace, squares) {
  const n = trace.n;
  const cols = squares.map((s) => s % n);
  const at = new Int32Array(n).fill(-1); // the column of each row's queen, or -1 (-2: more than one)
  const count = new Int32Array(n);
  let placed = 0;
  let best = 0, bestStep = 0, left = 0;
  /** How many rows from row 0 hold exactly the solution's queen, when the board holds nothing else. */
  const prefix = () => {
    let d = 0;
    while (d < n && count[d] === 1 && at[d] === cols[d]) d++;
    return d === placed ? d : 0;
  };
  for (let k = 1; k <= trace.steps; k++) {
    const [kind, row, col] = trace.record(trace.stepAt[k - 1]);
    if (kind === 0) {
      count[row]++;
      at[row] = count[row] === 1 ? col : -2;
      placed++;
      const d = prefix();
      if (d > best) { best = d; bestStep = k; left = 0; }
    } else if (kind === 1) {
      const was = best > 0 && !left && bestStep > 0 && row < best && cols[row] === col;
      count[row]--;
      placed--;
      if (count[row] === 0) at[row] = -1;
      else {
        // One queen left on the row: find its column again from the board.
        const view = trace.at(k);
        at[row] = -1;
        for (let c = 0; c < n; c++) if (view.occupied[row * n + c]) at[row] = c;
      }
      if (was) left = k;
    }
  }
  const step = best > 0 && left ? left : trace.steps;
  const line = step > 0 ? trace.record(trace.stepAt[step - 1])[3] : 0;
  return { cols, depth: best, step, line };
}
