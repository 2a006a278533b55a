// The eight symmetries of the square, on boards given as queens[row] = column:
// which class of solutions a board belongs to, and which rotation or reflection
// takes one board to another. Plain functions; no DOM, no solver.
//
// Count mode's "fundamental" number is the number of these classes among all
// the solutions of N (OEIS A002562): at N = 8, 92 solutions fall into 12
// classes, 11 of eight boards and one of four.

/**
 * @typedef {object} Symmetry
 * @property {string} id
 * @property {string} name
 * @property {string} mark
 * @property {(r: number, c: number, n: number) => [number, number]} map
 */

/**
 * Each symmetry: a name, a short mark for a label, and where it sends square (r, c) on an n×n board.
 * @type {Symmetry[]}
 */
export const SYMMETRIES = [
  { id: 'identity', name: 'the same board', mark: '=', map: (r, c) => [r, c] },
  { id: 'rot90', name: 'turned 90° clockwise', mark: '↻90°', map: (r, c, n) => [c, n - 1 - r] },
  { id: 'rot180', name: 'turned 180°', mark: '↻180°', map: (r, c, n) => [n - 1 - r, n - 1 - c] },
  { id: 'rot270', name: 'turned 90° anticlockwise', mark: '↺90°', map: (r, c, n) => [n - 1 - c, r] },
  { id: 'mirror', name: 'mirrored left to right', mark: '⇆', map: (r, c, n) => [r, n - 1 - c] },
  { id: 'flip', name: 'mirrored top to bottom', mark: '⇅', map: (r, c, n) => [n - 1 - r, c] },
  { id: 'diagonal', name: 'mirrored in the main diagonal', mark: '⤡', map: (r, c) => [c, r] },
  { id: 'antidiagonal', name: 'mirrored in the other diagonal', mark: '⤢', map: (r, c, n) => [n - 1 - c, n - 1 - r] },
];

/**
 * The board `queens` (a full solution: one queen per row) under `symmetry`.
 * @param {ArrayLike<number>} queens
 * @param {Symmetry} symmetry
 * @returns {number[]}
 */
function transform(queens, symmetry) {
  const n = queens.length;
  const out = new Array(n).fill(-1);
  for (let r = 0; r < n; r++) {
    const [r2, c2] = symmetry.map(r, queens[r], n);
    out[r2] = c2;
  }
  return out;
}

/** @param {ArrayLike<number>} queens */
const key = (queens) => Array.prototype.join.call(queens, ',');

/**
 * The class of a solution: `key` is the same for all eight images of the
 * board (the smallest of their keys), `size` how many distinct boards the
 * class has (8, 4 or 2).
 * @param {ArrayLike<number>} queens
 */
export function symmetryClass(queens) {
  const images = new Set(SYMMETRIES.map((s) => key(transform(queens, s))));
  const sorted = [...images].sort();
  return { key: sorted[0], size: images.size };
}

/**
 * The symmetry that takes board `from` to board `to` (both in one class), or null.
 * @param {ArrayLike<number>} from
 * @param {ArrayLike<number>} to
 */
export function symmetryBetween(from, to) {
  const target = key(to);
  return SYMMETRIES.find((s) => key(transform(from, s)) === target) ?? null;
}
