// "Many runs"'s engine: runs many seeds of one search on a pool of Web
// Workers (runs-worker.js, each with its own wasm core), a slice of seeds at
// a time, and gathers each run's work to its first solution.
//
// A slice is sized to take about SLICE_MS once the pace is known (a first
// slice of a few runs finds it), and never more than one runLengths() call
// takes (its runs × cap within the core's budget), so progress moves and
// Cancel, which terminates the workers at once, loses little. The runs are
// deterministic: which worker ran a seed changes nothing.
//
// No DOM here (runs.js draws).

import { defaultWorkers, startWorker } from '../workers/start.js';

/**
 * @typedef {import('../types.js').RunsRequest} RunsRequest
 * @typedef {import('../types.js').RunsReply} RunsReply
 * @typedef {import('../types.js').RunLengths} RunLengths
 * @typedef {import('../types.js').FirstRequest} FirstRequest
 * @typedef {import('../types.js').FirstReply} FirstReply
 * @typedef {import('../types.js').FirstRun} FirstRun
 * @typedef {Omit<FirstRequest, 'type' | 'job' | 'task'>} FirstTask  one run to a first solution (the scaling view)
 * @typedef {object} TasksJob  a list of single runs, each to the next free worker
 * @property {number} id
 * @property {FirstTask[]} tasks
 * @property {number} next  the next task's index
 * @property {number} done
 * @property {Map<Worker, number>} out  each busy worker's task
 * @property {(index: number, run: FirstRun) => void} onResult
 * @property {(outcome: { cancelled: boolean, done: number }) => void} resolve
 * @property {(error: Error) => void} reject
 * @typedef {object} RunsSpec  what to run: one curve's sample
 * @property {string} id  the algorithm
 * @property {number} n
 * @property {number} first  the first seed
 * @property {number} seeds  how many
 * @property {number} cap  the most steps a run may take
 * @property {boolean} restarts  false: `restarts` with its restarts switched off
 * @typedef {{ cancelled: false, ms: number } & RunLengths} RunsDone  every run, in seed order
 * @typedef {{ cancelled: true, done: number }} RunsCancelled
 * @typedef {object} RunsJob
 * @property {number} id
 * @property {RunsSpec} spec
 * @property {number} perCall  the most runs one slice may hold
 * @property {number} next  the next seed's index
 * @property {number} done
 * @property {number} msPerRun  the pace so far (0 until a slice is back)
 * @property {number} start
 * @property {RunLengths} runs
 * @property {Map<Worker, { from: number, count: number }>} out  each busy worker's slice
 * @property {(done: number) => void} onProgress
 * @property {(outcome: RunsDone | RunsCancelled) => void} resolve
 * @property {(error: Error) => void} reject
 */

const WORKER_URL = new URL('../workers/runs-worker.js', import.meta.url);
/** A slice should take about this long once the pace is known. */
const SLICE_MS = 250;
/** The first slice of each worker, before the pace is known. */
const FIRST_SLICE = 2;

export class RunsPool {
  /** @param {number} [size]  how many workers */
  constructor(size = defaultWorkers()) {
    this.size = Math.max(1, Math.floor(size));
    /** @type {Worker[]} */
    this.workers = [];
    /** @type {RunsJob | TasksJob | null} */
    this.job = null;
    this.jobSeq = 0;
  }

  get busy() {
    return this.job !== null;
  }

  ensureWorkers() {
    while (this.workers.length < this.size) {
      this.workers.push(startWorker(WORKER_URL, `runs-${this.workers.length}`, 'A worker for the runs', (worker, data) => this.onMessage(worker, data), (sentence) => this.fail(sentence)));
    }
  }

  /**
   * Runs every seed of `spec`. Resolves with each run's steps, checks and
   * whether the cap stopped it, in seed order, and the time taken; or, after
   * cancel(), {cancelled: true, done}. Rejects with the core's sentence if
   * it refuses the runs.
   * @param {RunsSpec} spec
   * @param {{ perCall: number, onProgress?: (done: number) => void }} options
   *   perCall: the most runs one runLengths() call may make with this cap
   * @returns {Promise<RunsDone | RunsCancelled>}
   */
  run(spec, { perCall, onProgress = () => {} }) {
    if (this.job) return Promise.reject(new Error('Runs are already going.'));
    this.ensureWorkers();
    return new Promise((resolve, reject) => {
      const job = {
        id: ++this.jobSeq,
        spec,
        perCall: Math.max(1, Math.floor(perCall)),
        next: 0,
        done: 0,
        msPerRun: 0,
        start: performance.now(),
        runs: { steps: new Float64Array(spec.seeds), checks: new Float64Array(spec.seeds), capped: new Uint8Array(spec.seeds) },
        out: new Map(),
        onProgress,
        resolve,
        reject,
      };
      this.job = job;
      for (const worker of this.workers) this.dispatch(worker, job);
    });
  }

  /**
   * Runs each task, one run to its first solution, on the next free worker
   * (runs-worker.js's 'first'), in the order given; `onResult` hears each as
   * it comes back. Resolves once all are back, or after cancel() with how
   * many were; rejects with the core's sentence if it refuses one.
   * @param {FirstTask[]} tasks
   * @param {(index: number, run: FirstRun) => void} onResult
   * @returns {Promise<{ cancelled: boolean, done: number }>}
   */
  runTasks(tasks, onResult) {
    if (this.job) return Promise.reject(new Error('Runs are already going.'));
    if (!tasks.length) return Promise.resolve({ cancelled: false, done: 0 });
    this.ensureWorkers();
    return new Promise((resolve, reject) => {
      /** @type {TasksJob} */
      const job = { id: ++this.jobSeq, tasks, next: 0, done: 0, out: new Map(), onResult, resolve, reject };
      this.job = job;
      for (const worker of this.workers) this.dispatchTask(worker, job);
    });
  }

  /**
   * @param {Worker} worker
   * @param {TasksJob} job
   */
  dispatchTask(worker, job) {
    if (job.next >= job.tasks.length) return;
    const task = job.next++;
    job.out.set(worker, task);
    worker.postMessage(/** @satisfies {FirstRequest} */ ({ type: 'first', job: job.id, task, ...job.tasks[task] }));
  }

  /**
   * A worker's reply to a task.
   * @param {Worker} worker
   * @param {TasksJob} job
   * @param {FirstReply} msg
   */
  onTask(worker, job, msg) {
    if (msg.type === 'error') {
      this.fail(msg.message);
      return;
    }
    if (job.out.get(worker) !== msg.task) return;
    job.out.delete(worker);
    job.done++;
    const { steps, placements, solved, attacked, pairs, ms, queens } = msg;
    job.onResult(msg.task, { steps, placements, solved, attacked, pairs, ms, queens });
    if (this.job !== job) return; // cancelled from onResult
    if (job.done === job.tasks.length) {
      this.job = null;
      job.resolve({ cancelled: false, done: job.done });
    } else {
      this.dispatchTask(worker, job);
    }
  }

  /**
   * Gives `worker` the next slice of seeds, if any are left.
   * @param {Worker} worker
   * @param {RunsJob} job
   */
  dispatch(worker, job) {
    const left = job.spec.seeds - job.next;
    if (left <= 0) return;
    const paced = job.msPerRun > 0 ? Math.round(SLICE_MS / job.msPerRun) : FIRST_SLICE;
    // The last slices are split between the workers, so they finish together.
    const fair = Math.ceil(left / this.size);
    const count = Math.max(1, Math.min(paced, fair, job.perCall));
    const { id, n, first, cap, restarts } = job.spec;
    job.out.set(worker, { from: job.next, count });
    worker.postMessage(/** @satisfies {RunsRequest} */ ({ type: 'runs', job: job.id, slice: job.next, id, n, first: first + job.next, count, cap, restarts }));
    job.next += count;
  }

  /**
   * A worker's reply: a slice's runs, or the core's refusal.
   * @param {Worker} worker
   * @param {RunsReply | FirstReply} msg
   */
  onMessage(worker, msg) {
    const job = this.job;
    if (!job || msg?.job !== job.id) return; // from a cancelled job
    if ('tasks' in job) {
      this.onTask(worker, job, /** @type {FirstReply} */ (msg));
      return;
    }
    if (msg.type !== 'runs') {
      this.fail(msg.type === 'error' ? msg.message : 'A worker answered runs with a single run.');
      return;
    }
    const slice = job.out.get(worker);
    if (!slice || slice.from !== msg.slice) return;
    job.out.delete(worker);
    job.runs.steps.set(msg.steps, slice.from);
    job.runs.checks.set(msg.checks, slice.from);
    job.runs.capped.set(msg.capped, slice.from);
    job.done += slice.count;
    const pace = msg.ms / slice.count;
    job.msPerRun = job.msPerRun ? 0.5 * job.msPerRun + 0.5 * pace : pace;
    job.onProgress(job.done);
    if (job.done === job.spec.seeds) {
      this.job = null;
      job.resolve({ cancelled: false, ms: performance.now() - job.start, ...job.runs });
    } else {
      this.dispatch(worker, job);
    }
  }

  /**
   * Stops the runs under way at once: the workers are terminated (the next
   * run starts fresh ones).
   */
  cancel() {
    const job = this.job;
    this.stopWorkers();
    if (job) job.resolve({ cancelled: true, done: job.done });
  }

  /** @param {string} message */
  fail(message) {
    const job = this.job;
    this.stopWorkers();
    if (job) job.reject(new Error(message));
  }

  stopWorkers() {
    this.job = null;
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
  }
}
