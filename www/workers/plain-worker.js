// The scaling view's plain backtracking past N = 20 (plain-backtracking.js,
// no core): one run to the first solution at a time, under a cap of
// placements, with a progress message about every 250 ms. The page
// terminates the worker to cancel.
//
//   page -> worker  {type: 'plain', job, n, cap}
//   worker -> page  {type: 'plain-progress', job, n, placements, steps}
//                   {type: 'plain-done', job, n, steps, checks, placements, backtracks, solved, queens, ms}

import { PlainBacktracking } from './plain-backtracking.js';

/** Steps between looks at the clock. */
const SLICE = 2_000_000;

self.onmessage = (/** @type {MessageEvent<any>} */ event) => {
  const { type, job, n, cap } = event.data ?? {};
  if (type !== 'plain' || !Number.isInteger(n) || n < 1 || !(cap > 0)) {
    self.postMessage({ type: 'plain-error', job, message: `The backtracking worker got a message it does not know (${String(type)}).` });
    return;
  }
  const start = performance.now();
  let told = start;
  const run = new PlainBacktracking(n, cap);
  while (!run.run(SLICE)) {
    const now = performance.now();
    if (now - told > 250) {
      told = now;
      self.postMessage({ type: 'plain-progress', job, n, placements: run.placements, steps: run.steps });
    }
  }
  self.postMessage({
    type: 'plain-done', job, n, steps: run.steps, checks: run.checks, placements: run.placements,
    backtracks: run.backtracks, solved: run.solved, queens: run.solved ? run.queens() : null, ms: performance.now() - start,
  });
};
