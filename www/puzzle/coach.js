// The puzzle coach's worker (www/workers/puzzle-worker.js), with a time budget.
//
// One job at a time: asking again drops the job before it (the worker is
// terminated if it is still busy, so a stale count never holds a core). A job
// that outruns its budget is stopped the same way and reported as
// {type: 'timeout'}; what it answered before that stands. The worker is made
// again on the next ask. No DOM: it hands each message to `onMessage`.

/**
 * @typedef {import('../types.js').CoachRequest} CoachRequest
 * @typedef {import('../types.js').CoachReply} CoachReply
 */

const WORKER_URL = new URL('../workers/puzzle-worker.js', import.meta.url);

/**
 * How long a new worker may take to make its core (tried again with back-off
 * if instantiation fails, wasm-load.js) before its first job's budget starts:
 * the budget is for the answer, not for loading.
 */
const LOADING_MS = 10_000;

export class Coach {
  /**
   * @param {(msg: CoachReply) => void} onMessage  the worker's answers, and
   *   {type: 'timeout'} or {type: 'error', message} for the current job only
   * @param {{ budgetMs: number, name: string }} options
   */
  constructor(onMessage, { budgetMs, name }) {
    this.onMessage = onMessage;
    this.budgetMs = budgetMs;
    this.name = name;
    /** @type {Worker | null} */
    this.worker = null;
    this.job = 0;
    this.busy = false;
    this.timer = 0;
    /** whether this.worker has made its core (it says {type: 'loaded'}) */
    this.loaded = false;
  }

  /**
   * Starts a job; returns its number.
   * @param {CoachRequest} request
   */
  ask(request) {
    this.stop();
    const job = ++this.job;
    this.busy = true;
    this.ensureWorker().postMessage({ ...request, job });
    this.arm(job, this.loaded ? this.budgetMs : this.budgetMs + LOADING_MS);
    return job;
  }

  /**
   * (Re)starts job `job`'s clock: after `ms` it is stopped as timed out.
   * @param {number} job
   * @param {number} ms
   */
  arm(job, ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.job !== job || !this.busy) return;
      this.stop();
      this.onMessage({ type: 'timeout', job });
    }, ms);
  }

  /** Drops the current job; a busy worker is terminated. */
  stop() {
    clearTimeout(this.timer);
    if (this.busy && this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    this.busy = false;
  }

  ensureWorker() {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL, { type: 'module', name: this.name });
    this.loaded = false;
    /** @param {MessageEvent<CoachReply>} event */
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === 'loaded') {
        // The core is made: from now on the job's budget is the answer's alone.
        if (worker !== this.worker) return;
        this.loaded = true;
        if (this.busy) this.arm(this.job, this.budgetMs);
        return;
      }
      if (worker !== this.worker || msg.job !== this.job) return; // an old job's last words
      if (msg.type === 'done' || msg.type === 'error') {
        this.busy = false;
        clearTimeout(this.timer);
      }
      this.onMessage(msg);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.worker) return;
      clearTimeout(this.timer);
      worker.terminate();
      this.worker = null;
      this.busy = false;
      this.onMessage({ type: 'error', job: this.job, message: event.message || 'The coach\'s worker failed to start.' });
    };
    this.worker = worker;
    return worker;
  }
}
