// Starting the page's pool workers: count mode's and Many runs' each start
// theirs through startWorker, sized by defaultWorkers. The workers themselves
// (*-worker.js beside this file) load their own core through wasm-load.js.

/** Worker threads to use: one per hardware thread the browser reports. */
export function defaultWorkers() {
  const n = Number(globalThis.navigator?.hardwareConcurrency);
  return Number.isInteger(n) && n > 0 ? n : 2;
}

/**
 * Starts one pool worker (a module worker of its own) and routes what it says:
 * its messages to `onMessage`, a failure to start or an unreadable message to
 * `fail` as a sentence naming `what` ("A count worker failed to start: …").
 * Count mode's pool and Many runs' pool (runs/pool.js) start theirs this way.
 * @param {URL} url  the worker's module
 * @param {string} name  the worker's name, for the browser's tools
 * @param {string} what  the worker in a sentence: "A count worker"
 * @param {(worker: Worker, data: any) => void} onMessage
 * @param {(sentence: string) => void} fail
 * @returns {Worker}
 */
export function startWorker(url, name, what, onMessage, fail) {
  const worker = new Worker(url, { type: 'module', name });
  worker.onmessage = (event) => onMessage(worker, event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    fail(`${what} failed to start: ${event.message || 'script error'}.`);
  };
  worker.onmessageerror = () => fail(`${what} sent a message that could not be read.`);
  return worker;
}
