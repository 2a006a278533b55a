// Puzzle-mode worker: the coach's slow questions, off the page's thread. Loads
// its own copy of the wasm core and answers one job at a time; the page (coach.js)
// terminates it when a job outruns its time budget or a newer board arrives.
//
//   page -> worker  {type: 'analyse', job, n, squares}   what can this board still become?
//                   {type: 'hint', job, n, squares}      a square that keeps a solution possible
//   worker -> page  {type: 'completion', job, solution}  one completion (Int32Array, column per row) or null: fast
//                   {type: 'count', job, count}          how many completions (BigInt)
//                   {type: 'culprit', job, square}       on a dead board, the queen to move (or null)
//                   {type: 'rank', job, index, total}    on a solved board: solution index (1-based) of total,
//                                                        in the order the row searches find them
//                   {type: 'hint', job, hint}            hintWithReason()'s {square, row, col, reason} or null
//                   {type: 'done', job}                  nothing more for this job
//                   {type: 'error', job, message}

import init, { completion, completions, culprit, hintWithReason } from '../../pkg/nqueens.js';
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
  /**
   * @template {CoachReply['type']} T
   * @param {T} type
   * @param {Omit<Extract<CoachReply, { type: T }>, 'type' | 'job'>} [data]
   */
  const post = (type, data) => self.postMessage({ type, job, ...data });
  try {
    await ready();
    if (msg.type === 'analyse') {
      /** @type {Int32Array | null} */
      const solution = completion(n, squares);
      post('completion', { solution });
      if (!solution) {
        post('count', { count: 0n });
        post('culprit', { square: culprit(n, squares) });
      } else {
        post('count', { count: completions(n, squares) });
        if (squares.length === n && n <= RANK_MAX_N) post('rank', rank(n, solution));
      }
    } else if (msg.type === 'hint') {
      post('hint', { hint: hintWithReason(n, squares) });
    } else {
      throw new Error(`puzzle worker: unknown message type ${JSON.stringify(/** @type {{ type?: unknown }} */ (msg).type)}`);
    }
    post('done');
  } catch (err) {
    post('error', { message: String(/** @type {import('../types.js').Thrown} */ (err)?.message ?? err) });
  }
};

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
    for (let col = 0; col < solution[row]; col++) before += completions(n, [...prefix, row * n + col]);
    prefix.push(row * n + solution[row]);
  }
  return { index: before + 1n, total: completions(n, []) };
}
