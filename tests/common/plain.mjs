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

/**
 * Every completion of `queens` (squares row * n + col) on the n×n board that
 * puts no queen on `excluded`: each as its n squares, in row order.
 */
export function completionsOf(n, queens, excluded = []) {
  const byRow = new Map(queens.map((s) => [Math.floor(s / n), s % n]));
  const out = new Set(excluded);
  const cols = [];
  const found = [];
  const place = (row) => {
    if (row === n) { found.push(cols.map((c, r) => r * n + c)); return; }
    for (let c = 0; c < n; c++) {
      if (byRow.has(row) && byRow.get(row) !== c) continue;
      if (out.has(row * n + c)) continue;
      if (cols.some((d, r) => d === c || Math.abs(d - c) === row - r)) continue;
      cols.push(c); place(row + 1); cols.pop();
    }
  };
  place(0);
  return found;
}

/** The squares a queen of `queens` attacks that hold no queen. */
export function attacked(n, queens) {
  const out = [];
  for (let s = 0; s < n * n; s++) {
    if (queens.includes(s)) continue;
    const [r, c] = [Math.floor(s / n), s % n];
    if (queens.some((q) => { const [a, b] = [Math.floor(q / n), q % n]; return a === r || b === c || a - b === r - c || a + b === r + c; })) out.push(s);
  }
  return out;
}

/** Every solution of N queens, by a plain search over permutations, as column lists. */
export function solutions(n) {
  const out = [];
  const cols = [];
  const place = (row) => {
    if (row === n) { out.push([...cols]); return; }
    for (let c = 0; c < n; c++) {
      if (cols.every((d, r) => d !== c && Math.abs(d - c) !== row - r)) { cols.push(c); place(row + 1); cols.pop(); }
    }
  };
  place(0);
  return out;
}

/** The classes of `all` under the 8 symmetries of the square: the least key of each board's images. */
export function classes(all, n) {
  const key = (cols) => cols.join(',');
  const images = (cols) => {
    const out = [];
    let b = cols;
    for (let turn = 0; turn < 4; turn++) {
      out.push(b, [...b].reverse());
      // Rotate: the queen at (r, c) goes to (c, n-1-r).
      const next = new Array(n);
      b.forEach((c, r) => { next[c] = n - 1 - r; });
      b = next;
    }
    return out;
  };
  return new Set(all.map((cols) => images(cols).map(key).sort()[0])).size;
}

/** A solution of N queens holding every given square (r·N + c), as squares, by trying every column of every row; null when none. */
export function solutionWith(n, givens) {
  const cols = [];
  const go = (row) => {
    if (row === n) return givens.every((g) => cols[Math.floor(g / n)] === g % n);
    for (let c = 0; c < n; c++) {
      if (cols.every((d, r) => d !== c && Math.abs(d - c) !== row - r)) {
        cols.push(c);
        if (go(row + 1)) return true;
        cols.pop();
      }
    }
    return false;
  };
  return go(0) ? cols.map((c, r) => r * n + c) : null;
}
