// Count-mode worker: loads its own copy of the wasm solver and counts the
// subtasks the page hands it, one at a time.
//
//   page -> worker  {type: 'plan', job, n}          how many subtasks N splits into
//                   {type: 'task', job, n, index}   count one subtask
//   worker -> page  {type: 'plan', job, n, count}
//                   {type: 'result', job, index, total, fundamental, ms}  (BigInts)
//                   {type: 'error', job, message}

import init, { countSubtask, countSubtasks } from '../pkg/nqueens.js';

const ready = init();

self.onmessage = async (event) => {
  const msg = event.data ?? {};
  const { job } = msg;
  try {
    await ready;
    if (msg.type === 'plan') {
      self.postMessage({ type: 'plan', job, n: msg.n, count: countSubtasks(msg.n) });
    } else if (msg.type === 'task') {
      const start = performance.now();
      const counts = countSubtask(msg.n, msg.index);
      self.postMessage({
        type: 'result',
        job,
        index: msg.index,
        total: counts.total,
        fundamental: counts.fundamental,
        ms: performance.now() - start,
      });
    } else {
      throw new Error(`count worker: unknown message type ${JSON.stringify(msg.type)}`);
    }
  } catch (err) {
    self.postMessage({ type: 'error', job, message: String(err?.message ?? err) });
  }
};
