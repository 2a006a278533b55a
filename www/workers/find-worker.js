// Solve-big worker: loads its own copy of the wasm solver, finds one solution
// with the core's Finder a slice at a time (so the page sees progress and can
// stop it by terminating this worker), then judges the solution itself, in
// plain JavaScript, and bins it into a picture the size of the page's canvas.
// The queens (400 MB at 100,000,000) never leave the worker; the picture does.
// When the browser will not give the memory a board needs (the core's own
// sentence, a RangeError from growing memory or making an array, or the wasm
// trap an allocation that fails inside the core ends in) the page gets a
// sentence saying so, not the bare error.
//
//   page -> worker  {type: 'solve', job, id, n, seed, size}
//                      size: the picture's width in pixels (the canvas's)
//   worker -> page  {type: 'progress', job, steps, conflicts, initialConflicts, ms}
//                      about every PROGRESS_MS; initialConflicts is 0 until every row holds a queen
//                   {type: 'solved', job, n, steps, restarts, ms, check, picture}
//                      check: {ok, problem, ms}; picture: {grid, shades, ms}
//                      (shades: Uint8Array of grid × grid, 0 where no queen stands)
//                   {type: 'error', job, message}
//   and, so tests can see the judge refuse a bad board:
//   page -> worker  {type: 'check', job, n, queens}     queens: Int32Array, each row's column
//   worker -> page  {type: 'checked', job, check}

import init, { Finder } from '../../pkg/nqueens.js';
import { loader } from '../core/wasm-load.js';

/**
 * @typedef {import('../types.js').FindRequest} FindRequest
 * @typedef {import('../types.js').FindReply} FindReply
 * @typedef {import('../types.js').FindCheck} FindCheck
 * @typedef {import('../types.js').FindPicture} FindPicture
 */

/** How often the page hears how the search is going. */
const PROGRESS_MS = 100;

// Made now, with retries; a job after a failure tries again (wasm-load.js).
const ready = loader(init, { what: 'Solve big\'s solver' });
ready().catch(() => {});

/**
 * The independent judge of a finished board: one queen a row is how the
 * board is written, so it remains to see that every column and both
 * diagonals through each queen are used once. It shares nothing with the
 * core's own check. One bit a line (5N bits in all: 62.5 MB at 100,000,000).
 * @param {Int32Array} queens  each row's column
 * @param {number} n
 * @returns {FindCheck}
 */
function checkQueens(queens, n) {
  const start = performance.now();
  const done = (/** @type {string} */ problem) => ({ ok: problem === '', problem, ms: performance.now() - start });
  if (queens.length !== n) return done(`the solution has ${queens.length} rows, not ${n}`);
  const columns = new Uint32Array(Math.ceil(n / 32));
  const downs = new Uint32Array(Math.ceil((2 * n) / 32)); // row − column + n
  const ups = new Uint32Array(Math.ceil((2 * n) / 32)); // row + column
  for (let row = 0; row < n; row++) {
    const col = queens[row];
    if (!(col >= 0 && col < n)) return done(`row ${row + 1} has no queen on the board`);
    const down = row - col + n;
    const up = row + col;
    const c = 1 << (col & 31);
    const d = 1 << (down & 31);
    const u = 1 << (up & 31);
    if (columns[col >>> 5] & c || downs[down >>> 5] & d || ups[up >>> 5] & u) {
      // A clash is rare and ends the check: find the row it clashes with.
      let other = 0;
      while (queens[other] !== col && queens[other] - other !== col - row && queens[other] + other !== up) other++;
      const what = queens[other] === col ? 'a column' : 'a diagonal';
      return done(`the queens in rows ${other + 1} and ${row + 1} share ${what}`);
    }
    columns[col >>> 5] |= c;
    downs[down >>> 5] |= d;
    ups[up >>> 5] |= u;
  }
  return done('');
}

/**
 * The sentence for an error thrown while solving: a refusal of memory said
 * as one (the core's own sentence already is), anything else as it came.
 * @param {unknown} err
 * @param {number} n
 */
function refusal(err, n) {
  const message = String(/** @type {import('../types.js').Thrown} */ (err)?.message ?? err);
  const memory = err instanceof RangeError || err instanceof WebAssembly.RuntimeError || /out of memory|allocation failed/i.test(message);
  if (!memory) return message;
  return (
    `The browser would not give this tab the memory for ${n.toLocaleString('en-US')} queens ` +
    `(${message}). Try a smaller N, or close other tabs and try again.`
  );
}

/**
 * The board binned into a grid × grid picture, grid = min(n, size): each
 * pixel counts the queens in its band of rows and band of columns, so the
 * picture has the solution's true shape; at n ≤ size each queen is a pixel of
 * its own. A pixel's shade is its share of the fullest pixel's queens, out of
 * 255, and at least 40, so a lone queen still shows.
 * @param {Int32Array} queens
 * @param {number} n
 * @param {number} size
 * @returns {FindPicture}
 */
function binQueens(queens, n, size) {
  const start = performance.now();
  const grid = Math.max(1, Math.min(n, Math.floor(size)));
  const counts = new Uint32Array(grid * grid);
  for (let row = 0; row < n; row++) {
    const col = queens[row];
    if (col < 0) continue;
    counts[Math.floor((row * grid) / n) * grid + Math.floor((col * grid) / n)]++;
  }
  let most = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i] > most) most = counts[i];
  const shades = new Uint8Array(counts.length);
  for (let i = 0; i < counts.length; i++) if (counts[i]) shades[i] = Math.max(40, Math.round((255 * counts[i]) / most));
  return { grid, shades, ms: performance.now() - start };
}

/**
 * Runs the search to its solution, posting progress; slices are sized to
 * take about PROGRESS_MS each.
 * @param {Extract<FindRequest, { type: 'solve' }>} msg
 */
function solve({ job, id, n, seed, size }) {
  const start = performance.now();
  const finder = new Finder(id, n, seed);
  let found;
  try {
    let slice = 10_000;
    for (;;) {
      const before = performance.now();
      if (finder.run(slice)) break;
      const took = performance.now() - before;
      slice = Math.max(1_000, Math.min(slice * 4, Math.round((slice * PROGRESS_MS) / Math.max(took, 1))));
      self.postMessage(/** @satisfies {FindReply} */ ({
        type: 'progress', job, steps: finder.steps, conflicts: finder.conflicts,
        initialConflicts: finder.initialConflicts, ms: performance.now() - start,
      }));
    }
    found = { ms: performance.now() - start, queens: finder.queens(), steps: finder.steps, restarts: finder.restarts };
  } finally {
    // The core's memory for the board is let go before the check makes its own.
    finder.free();
  }
  const { ms, queens, steps, restarts } = found;
  const check = checkQueens(queens, n);
  const picture = binQueens(queens, n, size);
  self.postMessage(
    /** @satisfies {FindReply} */ ({ type: 'solved', job, n, steps, restarts, ms, check, picture }),
    [picture.shades.buffer],
  );
}

/** @param {MessageEvent<unknown>} event */
self.onmessage = async (event) => {
  // Anything but a request falls through to "unknown message type".
  const msg = /** @type {FindRequest} */ (event.data ?? {});
  const { job } = msg;
  try {
    await ready();
    if (msg.type === 'solve') {
      try {
        solve(msg);
      } catch (err) {
        throw new Error(refusal(err, msg.n));
      }
    }
    else if (msg.type === 'check') self.postMessage(/** @satisfies {FindReply} */ ({ type: 'checked', job, check: checkQueens(msg.queens, msg.n) }));
    else throw new Error(`find worker: unknown message type ${JSON.stringify(/** @type {{ type?: unknown }} */ (msg).type)}`);
  } catch (err) {
    const message = String(/** @type {import('../types.js').Thrown} */ (err)?.message ?? err);
    self.postMessage(/** @satisfies {FindReply} */ ({ type: 'error', job, message }));
  }
};
