// "Many runs" worker: loads its own copy of the wasm core and runs slices of
// seeds for the pool (runs/pool.js), one message at a time.
//
//   page -> worker  {type: 'runs', job, slice, id, n, first, count, cap, restarts}
//                      the seeds first … first + count − 1, each to its first
//                      solution or cap steps; restarts false switches them off
//   worker -> page  {type: 'runs', job, slice, steps, checks, capped, ms}
//                      runLengths()'s arrays (transferred), and the time taken
//                   {type: 'error', job, message}
//   page -> worker  {type: 'first', job, task, id, goal, n, seed, cap, board}
//                      one run to the first solution for the scaling view
//                      (a Session's runToSolution for goal "all", else a Finder)
//   worker -> page  {type: 'first', job, task, steps, placements, solved, attacked, pairs, ms, queens}

import init, { Finder, Session, runLengths } from '../../pkg/nqueens.js';
import { loader } from '../core/wasm-load.js';

/**
 * @typedef {import('../types.js').RunsRequest} RunsRequest
 * @typedef {import('../types.js').RunsReply} RunsReply
 * @typedef {import('../types.js').RunLengths} RunLengths
 * @typedef {import('../types.js').FirstRequest} FirstRequest
 * @typedef {import('../types.js').FirstReply} FirstReply
 * @typedef {import('../types.js').FirstRun} FirstRun
 */

/**
 * One run to the first solution, or to `cap` steps. A search for one
 * solution first takes N steps alone: the greedy start of min-conflicts and
 * queen search fills the board one row a step, and what it left attacked is
 * read there.
 * @param {FirstRequest} msg
 * @returns {FirstRun}
 */
function firstRun({ id, goal, n, seed, cap, board }) {
  const start = performance.now();
  if (goal === 'all') {
    const session = new Session(id, n, undefined);
    try {
      const solved = session.runToSolution(cap);
      return { steps: session.stepIndex, placements: session.placements, solved, attacked: NaN, pairs: NaN, ms: performance.now() - start, queens: board ? session.queens() : null };
    } finally {
      session.free();
    }
  }
  const finder = new Finder(id, n, seed);
  try {
    let solved = finder.run(Math.min(n, cap));
    const full = finder.steps === n && finder.queens().every((c) => c >= 0);
    const attacked = full ? finder.attackedQueens : NaN;
    const pairs = full ? finder.initialConflicts : NaN;
    if (!solved && finder.steps < cap) solved = finder.run(cap - finder.steps);
    return { steps: finder.steps, placements: finder.moves, solved, attacked, pairs, ms: performance.now() - start, queens: board ? finder.queens() : null };
  } finally {
    finder.free();
  }
}

// Made now, with retries; a job after a failure tries again (wasm-load.js).
const ready = loader(init, { what: 'A Many runs worker\'s solver' });
ready().catch(() => {});

/** @param {MessageEvent<unknown>} event */
self.onmessage = async (event) => {
  // Anything but a request falls through to "unknown message type".
  const msg = /** @type {RunsRequest | FirstRequest} */ (event.data ?? {});
  const { job } = msg;
  try {
    await ready();
    if (msg.type === 'first') {
      const run = firstRun(msg);
      self.postMessage(/** @satisfies {FirstReply} */ ({ type: 'first', job, task: msg.task, ...run }), run.queens ? [run.queens.buffer] : []);
      return;
    }
    if (msg.type !== 'runs') throw new Error(`runs worker: unknown message type ${JSON.stringify(/** @type {{ type?: unknown }} */ (msg).type)}`);
    const start = performance.now();
    const options = msg.restarts ? undefined : { restarts: false };
    const { steps, checks, capped } = /** @type {RunLengths} */ (runLengths(msg.id, msg.n, msg.first, msg.count, msg.cap, options));
    const ms = performance.now() - start;
    self.postMessage(/** @satisfies {RunsReply} */ ({ type: 'runs', job, slice: msg.slice, steps, checks, capped, ms }), [steps.buffer, checks.buffer, capped.buffer]);
  } catch (err) {
    const message = String(/** @type {import('../types.js').Thrown} */ (err)?.message ?? err);
    self.postMessage(/** @satisfies {RunsReply} */ ({ type: 'error', job, message }));
  }
};
