// The puzzle coach's answers on a regions board (one queen in every row,
// column and region, no two touching), for puzzle-worker.js: the same
// messages as on the classic board, from the core's regions exports
// (regionsCompletions, regionsDeduce). The learner's marks
// are not judged on a regions board: the core counts completions of queens
// alone there. `rowHint`, the square a search gives when no rule applies, is
// both coaches', and so is `playersCulprit`, the queen to move on a dead
// end: always one the player placed.

/**
 * @typedef {import('../types.js').CoachJob} CoachJob
 * @typedef {import('../types.js').CoachReply} CoachReply
 * @typedef {{ regionsCompletions: (n: number, regions: number[], queens: number[]) => number,
 *   regionsDeduce: (n: number, regions: number[], queens: number[], excluded: number[]) => import('../types.js').Deduction | null }} RegionsCore
 */

/**
 * True if queens on a and b clash on the regions board.
 * @param {number} n
 * @param {ArrayLike<number>} regions
 * @param {number} a
 * @param {number} b
 */
function clash(n, regions, a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  return ra === rb || ca === cb || regions[a] === regions[b] || (Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1);
}

/**
 * The empty squares the queens attack on the regions board.
 * @param {number} n
 * @param {ArrayLike<number>} regions
 * @param {number[]} queens
 */
function regionsAttacked(n, regions, queens) {
  /** @type {number[]} */
  const out = [];
  for (let s = 0; s < n * n; s++) if (!queens.includes(s) && queens.some((q) => clash(n, regions, q, s))) out.push(s);
  return out;
}

/**
 * Answers one job on a regions board.
 * @param {CoachJob & { regions: number[] }} msg
 * @param {(type: CoachReply['type'], data?: object) => void} post
 * @param {RegionsCore} core
 */
export function answerRegions(msg, post, core) {
  const { n, regions } = msg;
  const squares = [...msg.squares];
  const excluded = [...(msg.excluded ?? [])];
  if (msg.type === 'analyse') {
    const count = core.regionsCompletions(n, regions, squares);
    post('completion', { solution: count > 0 ? new Int32Array(0) : null });
    // The marks are not judged here: said to leave a way (count null), as the core cannot count around them.
    if (excluded.length && count > 0) post('marks', { count: null, wrong: [] });
    post('count', { count: BigInt(count) });
    if (count === 0) post('culprit', { square: playersCulprit(squares, [...(msg.given ?? [])], (queens) => core.regionsCompletions(n, regions, queens) > 0) });
  } else if (msg.type === 'hint') {
    const deduction = core.regionsDeduce(n, regions, squares, excluded);
    if (deduction) post('deduction', { deduction, cleared: techniqueSquares(n, deduction, (out) => core.regionsDeduce(n, regions, squares, [...excluded, ...out])) });
    else post('hint', { hint: searchHint(n, regions, squares, excluded, core) });
  } else if (msg.type === 'chain') {
    post('chain', chain(n, regions, squares, excluded, core));
  }
}

/**
 * When no rule applies: the row with the fewest open squares that still lead to a solution, and the first of them.
 * @param {number} n
 * @param {number[]} regions
 * @param {number[]} queens
 * @param {number[]} excluded
 * @param {RegionsCore} core
 */
function searchHint(n, regions, queens, excluded, core) {
  const out = new Set([...excluded, ...regionsAttacked(n, regions, queens)]);
  return rowHint(n, queens, out, (s) => core.regionsCompletions(n, regions, [...queens, s]) > 0);
}

/**
 * Every square one technique rules out at once (both coaches'): a rule-out
 * deduction's square, then each next deduction's while it is the same rule
 * on the same lines (a region in a line clears the rest of that line, say),
 * the squares found so far taken as ruled out. A placing deduction, or a
 * look-ahead (each square its own supposition), is its square alone.
 * @param {number} n
 * @param {import('../types.js').Deduction} deduction
 * @param {(out: number[]) => import('../types.js').Deduction | null | undefined} next  the next deduction with these squares ruled out too
 * @returns {number[]}
 */
export function techniqueSquares(n, deduction, next) {
  const first = deduction.row * n + deduction.col;
  if (deduction.kind !== 'rule-out' || deduction.rule.includes('look-ahead')) return [first];
  const same = JSON.stringify([deduction.rule, deduction.lines]);
  const out = [first];
  while (out.length < n * n) {
    const d = next(out);
    if (!d || d.kind !== 'rule-out' || JSON.stringify([d.rule, d.lines]) !== same) break;
    const square = d.row * n + d.col;
    if (out.includes(square)) break;
    out.push(square);
  }
  return out;
}

/**
 * The queen to move on a board with no completion (both coaches'): the last
 * in square order of the player's own queens (never one the puzzle gave)
 * whose removal leaves a way to finish; null when taking off no single one of
 * them is enough.
 * @param {ArrayLike<number>} queens  every queen on the board, the given ones among them
 * @param {ArrayLike<number>} given  the queens the puzzle gave
 * @param {(queens: number[]) => boolean} completes  whether a board of these queens has a completion
 * @returns {number | null}
 */
export function playersCulprit(queens, given, completes) {
  const fixed = new Set(Array.from(given));
  const all = Array.from(queens);
  for (let i = all.length - 1; i >= 0; i--) {
    const queen = all[i];
    if (fixed.has(queen)) continue;
    if (completes(all.filter((q) => q !== queen))) return queen;
  }
  return null;
}

/**
 * A square that keeps a solution possible, when no rule applies (the classic
 * coach's and the regions coach's): the free row with the fewest open squares
 * (not in `out`) that still lead to a solution, and the first of them, with a
 * sentence that counts them. Null when no square of any free row leads to one.
 * @param {number} n
 * @param {number[]} queens
 * @param {Set<number>} out  the squares that are not open (ruled out, attacked)
 * @param {(square: number) => boolean} leads  a queen there still leaves a solution
 * @param {boolean} [sayAll]  say so when every open square of the row leads to one
 * @returns {{ square: number, row: number, col: number, reason: string } | null}
 */
export function rowHint(n, queens, out, leads, sayAll = false) {
  const taken = new Set(queens.map((q) => Math.floor(q / n)));
  /** @type {{ row: number, open: number[], good: number[] } | null} */
  let best = null;
  for (let row = 0; row < n; row++) {
    if (taken.has(row)) continue;
    const open = [];
    for (let col = 0; col < n; col++) if (!out.has(row * n + col)) open.push(row * n + col);
    const good = open.filter(leads);
    if (good.length && (!best || good.length < best.good.length)) best = { row, open, good };
  }
  if (!best) return null;
  const { row, open, good } = best;
  const r = row + 1;
  const reason = good.length === 1 && open.length > 1 ? `Every other open square in row ${r} leaves no solution.`
    : good.length === 1 ? `It is the only open square in row ${r}.`
      : sayAll && good.length === open.length ? `Every open square in row ${r} still leads to a solution; this is the first of them.`
        : `Row ${r} has the fewest squares that still lead to a solution: ${good.length} of its ${open.length} open squares.`;
  return { square: good[0], row, col: good[0] % n, reason };
}

/**
 * Every deduction from the board on, each with the board it was made on.
 * @param {number} n
 * @param {number[]} regions
 * @param {number[]} queens
 * @param {number[]} excluded
 * @param {RegionsCore} core
 */
function chain(n, regions, queens, excluded, core) {
  /** @type {import('../types.js').ReasoningStep[]} */
  const steps = [];
  const outOf = (/** @type {number[]} */ q, /** @type {number[]} */ x) => [...new Set([...x, ...regionsAttacked(n, regions, q)])].filter((s) => !q.includes(s));
  let out = outOf(queens, excluded);
  while (queens.length < n && steps.length <= n * n) {
    const deduction = core.regionsDeduce(n, regions, queens, out);
    if (!deduction) break;
    steps.push({ deduction, queens: [...queens], excluded: [...out] });
    const square = deduction.row * n + deduction.col;
    if (deduction.kind === 'place') {
      queens = [...queens, square].sort((a, b) => a - b);
      out = outOf(queens, out);
    } else {
      out = [...out, square];
    }
  }
  return { steps, solved: queens.length === n, queens, excluded: out };
}
