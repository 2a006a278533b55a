// Plain truths the JavaScript tests share (node api tests and browser tests
// alike): written the obvious way, with nothing from the page or the core.

/**
 * Backtracking to the first solution, recursive over a plain array: a step is
 * a free column tried (placed or refused) or a queen taken off.
 * @param {number} n
 * @returns {{ steps: number, placements: number, cols: number[], solved: boolean }}
 */
export function firstSolution(n) {
  let steps = 0;
  let placements = 0;
  /** @type {number[]} */
  const cols = [];
  const attacked = (/** @type {number} */ c) => cols.some((q, r) => Math.abs(q - c) === cols.length - r);
  const solve = () => {
    if (cols.length === n) return true;
    for (let c = 0; c < n; c++) {
      if (cols.includes(c)) continue;
      steps++;
      if (attacked(c)) continue;
      cols.push(c);
      placements++;
      if (solve()) return true;
    }
    steps++;
    cols.pop();
    return false;
  };
  const solved = solve();
  return { steps, placements, cols, solved };
}

/** Row backtracking as a learner writes it for Your search: `solve(n, board)`, one queen a row on safe squares. */
export const ROW_BACKTRACKING = `function solve(n, board) {
  function fill(row) {
    if (row === n) { board.found(); return; }
    for (let col = 0; col < n; col++) {
      if (!board.safe(row, col)) continue;
      board.place(row, col);
      fill(row + 1);
      board.remove(row, col);
    }
  }
  fill(0);
}`;
