// "Many runs" worker: loads its own copy of the wasm core and runs slices of
// seeds for the pool (runs-pool.js), one message at a time.
//
//   page -> worker  {type: 'runs', job, slice, id, n, first, count, cap, restarts}
//                      the seeds first … first + count − 1, each to its first
//                      solution or cap steps; restarts false switches them off
//   worker -> page  {type: 'runs', job, slice, steps, checks, capped, ms}
//                      runLengths()'s arrays (transferred), and the time taken
//                   {type: 'error', job, message}

import init, { runLengths } from '../../pkg/nqueens.js';
import { loader } from '../core/wasm-load.js';

/**
 * @typedef {import('../types.js').RunsRequest} RunsRequest
 * @typedef {import('../types.js').RunsReply} RunsReply
 * @typedef {import('../types.js').RunLengths} RunLengths
 */

// Made now, with retries; a job after a failure tries again (wasm-load.js).
const ready = loader(init, { what: 'A Many runs worker\'s solver' });
ready().catch(() => {});

/** @param {MessageEvent<unknown>} event */
self.onmessage = async (event) => {
  // Anything but a request falls through to "unknown message type".
  const msg = /** @type {RunsRequest} */ (event.data ?? {});
  const { job } = msg;
  try {
    await ready();
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
