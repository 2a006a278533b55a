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
 */

/**
 * @param {number} n
 * @param {import('./trace.js').Found[]} reports  the found() calls, in order
 * @param {number[][]} [solutions]  every solution of n (allSolutions(n))
 * @returns {Grade}
 */
export function gradeReports(n, reports, solutions = allSolutions(n)) {
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
  };
}
