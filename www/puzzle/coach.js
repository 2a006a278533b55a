// The puzzle coach's worker (www/workers/puzzle-worker.js), with a time budget.
//
// One job at a time: asking again drops the job before it (the worker is
// terminated if it is still busy, so a stale count never holds a core). A job
// that outruns its budget is stopped the same way and reported as
// {type: 'timeout'}; what it answered before that stands. A coach given a
// `limitMs` and an `owes` test as well, whose job still owes its verdict when
// the budget runs out, says {type: 'slow'} and lets the job go on to that
// limit, so the verdict still comes ("still checking…").
// The worker is made again on the next ask. No DOM: it hands each message to
// `onMessage`. `uncheckedSentence` says why no hint may be built on a board
// whose check has not come back.

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
   *   {type: 'slow'}, {type: 'timeout'} or {type: 'error', message} for the current job only
   * @param {{ budgetMs: number, limitMs?: number, owes?: () => boolean, name: string }} options
   *   budgetMs: the time a job's answer should take; limitMs: the time a job that still owes its verdict
   *   (owes(), asked when the budget runs out) may take
   */
  constructor(onMessage, { budgetMs, limitMs = budgetMs, owes = () => false, name }) {
    this.onMessage = onMessage;
    this.budgetMs = budgetMs;
    this.limitMs = Math.max(limitMs, budgetMs);
    this.owes = owes;
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
      if (this.limitMs > this.budgetMs && this.owes()) {
        // Past the budget: said, and the job goes on until the limit.
        this.onMessage({ type: 'slow', job });
        this.timer = setTimeout(() => {
          if (this.job !== job || !this.busy) return;
          this.stop();
          this.onMessage({ type: 'timeout', job });
        }, this.limitMs - this.budgetMs);
        return;
      }
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

/**
 * Whether the board's verdict has not come back: no completion (without
 * the marks) is known yet, or the board has marks and whether some
 * completion keeps off them all is not known yet.
 * @param {{ solution?: Int32Array | null, marks?: unknown }} analysis  the coach's answers so far
 * @param {boolean} hasMarks  the learner ruled squares out
 */
export function unchecked(analysis, hasMarks) {
  return analysis.solution === undefined || (hasMarks && analysis.solution !== null && analysis.marks === undefined);
}

/**
 * Why no hint may be built on the board yet, or null when its check has come
 * back: no completion (without the marks) is known yet, or the board has
 * marks and whether some completion keeps off them all is not known yet.
 * A check still under way says so; one that ran out of time or failed says
 * that the board could not be checked.
 * @param {{ pending?: boolean, solution?: Int32Array | null, marks?: unknown }} analysis  the coach's answers so far
 * @param {boolean} hasMarks  the learner ruled squares out
 * @returns {string | null}
 */
export function uncheckedSentence(analysis, hasMarks) {
  if (!unchecked(analysis, hasMarks)) return null;
  const what = analysis.solution === undefined ? 'this board' : 'your ruled-out squares';
  return analysis.pending
    ? `Still checking ${what}: a hint comes once the check is done.`
    : `The coach could not check ${what} in time, so it builds no hint on ${analysis.solution === undefined ? 'it' : 'them'}: take a mark off or place a queen, and it checks again.`;
}
