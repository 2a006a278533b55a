// Puzzle mode's reasoning, without the DOM: where a deduction's lines run on
// the board, how a line is named, and Nauck's position of 1850.

/**
 * Nauck's problem (Illustrirte Zeitung 14, no. 361, 1850): two queens given
 * on the 8×8 board, the other six to be placed. The squares are those of the
 * figure "An instance of n-Queens Completion from 1850" in CSPLib problem 079
 * (Ian Gent, "n-Queens Completion Problem", csplib.org, the problem studied by
 * Gent, Jefferson and Nightingale, "Complexity of n-Queens Completion", JAIR
 * 59, 2017): a queen on d5 and one on b4, that is row 4, column 4 and row 5,
 * column 2 counted from the top left as this page counts. How many ways it can
 * be finished is never written here: the page counts them with the core.
 */
export const NAUCK = Object.freeze({ n: 8, squares: Object.freeze([3 * 8 + 3, 4 * 8 + 1]) });

/**
 * True if (n, squares) is Nauck's position.
 * @param {number} n
 * @param {number[]} squares
 */
export function isNauck(n, squares) {
  return n === NAUCK.n && squares.length === NAUCK.squares.length && NAUCK.squares.every((s) => squares.includes(s));
}

/**
 * The first and last squares of a line of the board (row * n + col), for the
 * band drawn along it. A diagonal's index is row − col + n − 1 (↘), an
 * anti-diagonal's row + col (↙), as deduce() gives them.
 * @param {number} n
 * @param {{ kind: string, index: number }} line
 * @returns {[number, number]}
 */
export function lineEnds(n, { kind, index }) {
  const at = (/** @type {number} */ row, /** @type {number} */ col) => row * n + col;
  switch (kind) {
    case 'row': return [at(index, 0), at(index, n - 1)];
    case 'column': return [at(0, index), at(n - 1, index)];
    case 'diagonal': {
      const k = index - (n - 1); // row − col
      return k >= 0 ? [at(k, 0), at(n - 1, n - 1 - k)] : [at(0, -k), at(n - 1 + k, n - 1)];
    }
    default: { // anti-diagonal: row + col = index
      const first = Math.max(0, index - (n - 1));
      const last = Math.min(n - 1, index);
      return [at(first, index - first), at(last, index - last)];
    }
  }
}

/**
 * "row 3", "column 5", "the ↘ diagonal through row 1, column 4": a line as the
 * page's sentences name squares (rows and columns from 1).
 * @param {number} n
 * @param {{ kind: string, index: number }} line
 */
export function lineName(n, line) {
  if (line.kind === 'row') return `row ${line.index + 1}`;
  if (line.kind === 'column') return `column ${line.index + 1}`;
  // A region by its number and the letter the board can show in it (A for region 1).
  if (line.kind === 'region') return `region ${line.index + 1} (${String.fromCharCode(65 + line.index)})`;
  const [first] = lineEnds(n, line);
  const arrow = line.kind === 'diagonal' ? '↘' : '↙';
  return `the ${arrow} diagonal through row ${Math.floor(first / n) + 1}, column ${(first % n) + 1}`;
}
