// Puzzle-mode worker: the coach's slow questions, off the page's thread. Loads
// its own copy of the wasm core and answers one job at a time; the page (coach.js)
// terminates it when a job outruns its time budget or a newer board arrives.
//
//   page -> worker  {type: 'analyse', job, n, squares, excluded, given}  what can this board still become?
//                   (any of them with `regions`: a regions puzzle's, answered by regions-coach.js)
//                                                        (excluded: the learner's marks, checked too)
//                   {type: 'hint', job, n, squares, excluded}  the simplest deduction, or else
//                                                        a square that keeps a solution possible
//                   {type: 'chain', job, n, squares, excluded}  every deduction from this board on
//   worker -> page  {type: 'completion', job, solution}  one completion (Int32Array, column per row) or null: fast
//                   {type: 'count', job, count}          how many completions (BigInt)
//                   {type: 'culprit', job, square}       on a dead board, the queen to move (or null):
//                                                        one the player placed, never one in `given`
//                   {type: 'rank', job, index, total}    on a solved board: solution index (1-based) of total,
//                                                        in the order the row searches find them
//                   {type: 'marks', job, count, wrong}   completions that keep off every mark (BigInt; null:
//                                                        some, not counted yet), and the marks every completion
//                                                        needs (when that count is 0); said before the count,
//                                                        again with the count once it is known
//                   {type: 'deduction', job, deduction, cleared}  deduce()'s answer for a hint, and every
//                                                        square the same technique rules out with it
//                   {type: 'hint', job, hint}            hintWithReason()'s {square, row, col, reason} or null,
//                                                        when no rule applies (a search, not a deduction)
//                   {type: 'chain', job, steps, solved}  the deductions one after another from the board,
//                                                        each with the queens and ruled-out squares before it
//                   {type: 'done', job}                  nothing more for this job
//                   {type: 'error', job, message}

import init, * as core from '../../pkg/nqueens.js';
import { answerRegions, playersCulprit, rowHint, techniqueSquares } from './regions-coach.js';
import { loader } from '../core/wasm-load.js';

/**
 * @typedef {import('../types.js').CoachJob} CoachJob
 * @typedef {import('../types.js').CoachReply} CoachReply
 * @typedef {import('../types.js').Squares} Squares
 */

/** Above this N the rank of a solution (all solutions before it, counted) costs seconds: not asked. */
const RANK_MAX_N = 14;

// Made now, with retries; a job after a failure tries again (wasm-load.js).
// The coach starts a job's budget once it hears the core is made.
const { completion, completions, deduce, hintWithReason } = core;

const ready = loader(() => init().then((made) => {
  self.postMessage(/** @satisfies {CoachReply} */ ({ type: 'loaded' }));
  return made;
}), { what: 'The puzzle coach\'s solver' });
ready().catch(() => {});

/** @param {MessageEvent<unknown>} event */
self.onmessage = async (event) => {
  // Anything but a job falls through to "unknown message type".
  const msg = /** @type {CoachJob} */ (event.data ?? {});
  const { job, n, squares } = msg;
  const excluded = msg.excluded ?? [];
  /**
   * @template {CoachReply['type']} T
   * @param {T} type
   * @param {Omit<Extract<CoachReply, { type: T }>, 'type' | 'job'>} [data]
   */
  const post = (type, data) => self.postMessage({ type, job, ...data });
  try {
    await ready();
    if (msg.regions) {
      answerRegions({ ...msg, regions: msg.regions }, post, /** @type {import('./regions-coach.js').RegionsCore} */ (/** @type {unknown} */ (core)));
    } else if (msg.type === 'analyse') {
      /** @type {Int32Array | null} */
      const solution = completion(n, squares, []);
      post('completion', { solution });
      if (!solution) {
        post('count', { count: 0n });
        post('culprit', { square: playersCulprit(squares, msg.given ?? [], (queens) => completion(n, queens, []) !== null) });
      } else {
        // Whether the marks leave a way to finish comes first (one search each), the counts after.
        const verdict = excluded.length ? marks(n, squares, excluded) : null;
        if (verdict) post('marks', verdict);
        post('count', { count: completions(n, squares, []) });
        if (verdict?.count === null) post('marks', { count: completions(n, squares, excluded), wrong: [] });
        if (squares.length === n && n <= RANK_MAX_N) post('rank', rank(n, solution));
      }
    } else if (msg.type === 'hint') {
      // The attacked squares come in `excluded`: the board shows them already.
      const deduction = deduce(n, squares, excluded);
      if (deduction) post('deduction', { deduction, cleared: techniqueSquares(n, deduction, (out) => deduce(n, squares, [...excluded, ...out])) });
      else post('hint', { hint: excluded.length ? searchHint(n, [...squares], [...excluded]) : hintWithReason(n, squares) });
    } else if (msg.type === 'chain') {
      post('chain', chain(n, [...squares], [...excluded]));
    } else {
      throw new Error(`puzzle worker: unknown message type ${JSON.stringify(/** @type {{ type?: unknown }} */ (msg).type)}`);
    }
    post('done');
  } catch (err) {
    post('error', { message: String(/** @type {import('../types.js').Thrown} */ (err)?.message ?? err) });
  }
};

/**
 * A square that keeps a solution possible, when no rule applies: the row
 * with the fewest open squares (empty, attacked by no queen, not ruled out)
 * that still lead to a solution keeping off the ruled-out squares, and the
 * first of them; its reason counts the open squares as the board shows them.
 * Null when no square of any free row leads to a solution.
 * @param {number} n
 * @param {number[]} queens
 * @param {number[]} excluded  the squares ruled out (the attacked ones among them)
 * @returns {import('../types.js').Hint | null}
 */
function searchHint(n, queens, excluded) {
  return rowHint(n, queens, new Set(excluded), (s) => completion(n, [...queens, s], excluded) !== null, true);
}

/**
 * Where `solution` (column per row) stands among all solutions in row-by-row
 * order: every solution that agrees with it on the rows above r and has a
 * smaller column in row r comes before it.
 * @param {number} n
 * @param {Int32Array} solution
 */
function rank(n, solution) {
  let before = 0n;
  /** @type {number[]} */
  const prefix = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < solution[row]; col++) before += completions(n, [...prefix, row * n + col], []);
    prefix.push(row * n + solution[row]);
  }
  return { index: before + 1n, total: completions(n, [], []) };
}

/**
 * The learner's marks against the completions, by one search for a
 * completion each (never a count): whether some completion keeps off all of
 * them (count null: some, not counted here), and when none does (count 0),
 * which marks every completion needs (a mark alone that leaves no
 * completion). Empty `wrong` with a count of 0: the marks are wrong only
 * together.
 * @param {number} n
 * @param {Squares} squares
 * @param {Squares} excluded
 * @returns {{ count: bigint | null, wrong: number[] }}
 */
function marks(n, squares, excluded) {
  if (completion(n, squares, excluded)) return { count: null, wrong: [] };
  return { count: 0n, wrong: [...excluded].filter((mark) => !completion(n, squares, [mark])) };
}

/**
 * The squares the queens attack that hold no queen: the board shows them
 * ruled out, so a deduction starts from them.
 * @param {number} n
 * @param {number[]} queens
 */
function attackedBy(n, queens) {
  /** @type {number[]} */
  const attacked = [];
  for (let s = 0; s < n * n; s++) {
    const [r, c] = [Math.floor(s / n), s % n];
    if (queens.includes(s)) continue;
    if (queens.some((q) => { const [qr, qc] = [Math.floor(q / n), q % n]; return qr === r || qc === c || qr - qc === r - c || qr + qc === r + c; })) attacked.push(s);
  }
  return attacked;
}

/**
 * Deduction after deduction from (queens, excluded), each applied (a queen
 * placed, or the square ruled out; the squares a new queen attacks ruled out
 * with it, as the board shows them), until the board is full or no rule
 * applies. Each step keeps the board it was made on.
 * @param {number} n
 * @param {number[]} queens
 * @param {number[]} excluded
 */
function chain(n, queens, excluded) {
  /** @type {Array<{ deduction: import('../types.js').Deduction, queens: number[], excluded: number[] }>} */
  const steps = [];
  let out = [...new Set([...excluded, ...attackedBy(n, queens)])].filter((s) => !queens.includes(s));
  // Each step adds a queen or a ruled-out square, so n * n steps are enough.
  while (queens.length < n && steps.length <= n * n) {
    const deduction = deduce(n, queens, out);
    if (!deduction) break;
    steps.push({ deduction, queens: [...queens], excluded: [...out] });
    const square = deduction.row * n + deduction.col;
    if (deduction.kind === 'place') {
      queens = [...queens, square].sort((a, b) => a - b);
      out = [...new Set([...out, ...attackedBy(n, queens)])].filter((s) => !queens.includes(s));
    } else {
      out = [...out, square];
    }
  }
  return { steps, solved: queens.length === n, queens, excluded: out };
}
