// Count-mode worker: loads its own copy of the wasm solver and counts the
// subtasks the page hands it, a few at a time.
//
//   page -> worker  {type: 'plan', job, n}          how many subtasks N splits into
//                   {type: 'task', job, n, from, to}   count subtasks from..to-1
//   worker -> page  {type: 'plan', job, n, count, weights}   weights: each subtask's estimated work
//                   {type: 'result', job, from, to, total, fundamental, ms}  (BigInts, summed)
//                   {type: 'error', job, message}

import init, { countSubtaskRange, countSubtaskWeights, countSubtasks } from '../pkg/nqueens.js';

const ready = init();

self.onmessage = async (event) => {
  const msg = event.data ?? {};
  const { job } = msg;
  try {
    await ready;
    if (msg.type === 'plan') {
      const weights = countSubtaskWeights(msg.n);
      self.postMessage({ type: 'plan', job, n: msg.n, count: countSubtasks(msg.n), weights }, [weights.buffer]);
    } else if (msg.type === 'task') {
      const start = performance.now();
      const { total, fundamental } = countSubtaskRange(msg.n, msg.from, msg.to);
      const ms = performance.now() - start;
      self.postMessage({ type: 'result', job, from: msg.from, to: msg.to, total, fundamental, ms });
    } else {
      throw new Error(`count worker: unknown message type ${JSON.stringify(msg.type)}`);
    }
  } catch (err) {
    self.postMessage({ type: 'error', job, message: String(err?.message ?? err) });
  }
};
