// Count-mode worker: loads its own copy of the wasm solver and does what the
// pool (count/pool.js) asks, one message at a time.
//
//   page -> worker  {type: 'plan', job, n}               the subtasks of N and their estimated work
//                   {type: 'task', job, batch, n, ranges}  count the subtasks in ranges
//                                                         (Uint32Array: from, to, from, to, …; to excluded)
//                   {type: 'symmetries', job, n}          the solutions each symmetry leaves unchanged
//                   {type: 'prepare', job, n}             build N's plan now (no answer unless it fails)
//   worker -> page  {type: 'plan', job, n, count, weights, method, key}
//                      weights: Float64Array, one per subtask; method: {id, description};
//                      key: names this plan, so saved results of another core are never mixed in
//                   {type: 'result', job, batch, total, ms, setupMs, memory}  total: BigInt, the
//                      batch's solutions; setupMs: time spent building N's plan first (0 once
//                      built); memory: the worker's wasm memory in bytes
//                   {type: 'symmetries', job, rot90, rot180, mirror, ms}  (BigInts)
//                   {type: 'error', job, message}

import init, { countMethod, countSubtaskRange, countSubtaskWeights, countSubtasks, countSymmetries } from '../../pkg/nqueens.js';
import { loader } from '../core/wasm-load.js';

/**
 * @typedef {import('../types.js').CountRequest} CountRequest
 * @typedef {import('../types.js').CountReply} CountReply
 * @typedef {import('../types.js').CountMethod} CountMethod
 * @typedef {import('../types.js').Symmetries} Symmetries
 */

/** @type {import('../../pkg/nqueens.js').InitOutput | null} */
let exports = null;
// Made now, with retries; a job after a failure tries again (wasm-load.js).
const ready = loader(() => init().then((e) => (exports = e)), { what: 'A count worker\'s solver' });
ready().catch(() => {});

/**
 * FNV-1a over the weights' bytes, as 8 hex digits: the same plan gives the same key.
 * @param {Float64Array} weights
 */
function hashWeights(weights) {
  const bytes = new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** @param {MessageEvent<unknown>} event */
self.onmessage = async (event) => {
  // Anything but a request falls through to "unknown message type".
  const msg = /** @type {CountRequest} */ (event.data ?? {});
  const { job } = msg;
  try {
    await ready();
    if (msg.type === 'plan') {
      const count = countSubtasks(msg.n);
      const weights = countSubtaskWeights(msg.n);
      const { id, description } = /** @type {CountMethod} */ (countMethod(msg.n));
      const key = `${id}/${count}/${hashWeights(weights)}`;
      self.postMessage(/** @satisfies {CountReply} */ ({ type: 'plan', job, n: msg.n, count, weights, method: { id, description }, key }), [weights.buffer]);
    } else if (msg.type === 'task') {
      // The core builds N's plan on a worker's first call for N and keeps it:
      // that time is reported apart, so it does not pass for counting.
      let start = performance.now();
      countSubtasks(msg.n);
      const setupMs = performance.now() - start;
      start = performance.now();
      let total = 0n;
      const { ranges } = msg;
      for (let i = 0; i < ranges.length; i += 2) total += /** @type {{ total: bigint }} */ (countSubtaskRange(msg.n, ranges[i], ranges[i + 1])).total;
      const ms = performance.now() - start;
      const memory = exports?.memory?.buffer?.byteLength ?? 0;
      self.postMessage(/** @satisfies {CountReply} */ ({ type: 'result', job, batch: msg.batch, total, ms, setupMs, memory }));
    } else if (msg.type === 'prepare') {
      countSubtasks(msg.n); // the core keeps the plan of the last N asked for
    } else if (msg.type === 'symmetries') {
      const start = performance.now();
      const { rot90, rot180, mirror } = /** @type {Symmetries} */ (countSymmetries(msg.n));
      self.postMessage(/** @satisfies {CountReply} */ ({ type: 'symmetries', job, rot90, rot180, mirror, ms: performance.now() - start }));
    } else {
      throw new Error(`count worker: unknown message type ${JSON.stringify(/** @type {{ type?: unknown }} */ (msg).type)}`);
    }
  } catch (err) {
    const message = String(/** @type {import('../types.js').Thrown} */ (err)?.message ?? err);
    self.postMessage(/** @satisfies {CountReply} */ ({ type: 'error', job, message }));
  }
};
