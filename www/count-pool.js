// Count mode's engine: counts every solution of N, and the ones distinct up to
// rotation and reflection, on a pool of Web Workers (one per hardware thread),
// each running its own copy of the wasm solver (count-worker.js). This module
// hands out subtasks and adds up what comes back; cancel() terminates every
// worker at once and the next count starts fresh ones.
//
// No DOM here (count-ui.js draws); tests and benchmarks use CountPool and count()
// directly. The largest N is the core's (countMaxN()), passed to validateN.

export const MIN_N = 1;

const WORKER_URL = new URL('./count-worker.js', import.meta.url);

/** Worker threads to use: one per hardware thread the browser reports. */
export function defaultWorkers() {
  const n = Number(globalThis.navigator?.hardwareConcurrency);
  return Number.isInteger(n) && n > 0 ? n : 2;
}

/**
 * Reads N from what the user typed. Returns {n} or {error: "a sentence"}.
 * @param {string|number} raw
 * @param {number} maxN  the largest N the core counts (wasm countMaxN())
 */
export function validateN(raw, maxN) {
  const text = String(raw ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n) || n < MIN_N || n > maxN) {
    const got = text === '' ? 'nothing' : `“${text}”`;
    return { error: `N must be a whole number from ${MIN_N} to ${maxN}; got ${got}.` };
  }
  return { n };
}

/**
 * A pool of count workers and a work queue over the subtasks of one count at
 * a time. Workers are created on first use and kept for the next count;
 * cancel() terminates them all.
 */
export class CountPool {
  constructor(size = defaultWorkers()) {
    this.size = Math.max(1, Math.floor(size));
    this.workers = [];
    this.job = null;
    this.jobSeq = 0;
    this.plans = new Map(); // N -> { count, weights }: the subtasks and their estimated work, from a worker
  }

  get busy() {
    return this.job !== null;
  }

  ensureWorkers() {
    while (this.workers.length < this.size) {
      const worker = new Worker(WORKER_URL, { type: 'module', name: `count-${this.workers.length}` });
      worker.onmessage = (event) => this.onMessage(worker, event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.fail(`A count worker failed to start: ${event.message || 'script error'}.`);
      };
      worker.onmessageerror = () => this.fail('A count worker sent a message that could not be read.');
      this.workers.push(worker);
    }
  }

  /** Starts every worker and waits until each has loaded the wasm module. */
  async warm() {
    this.ensureWorkers();
    await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise((resolve, reject) => {
            const listener = (event) => {
              if (event.data?.job !== 'warm') return;
              worker.removeEventListener('message', listener);
              if (event.data.type === 'error') reject(new Error(event.data.message));
              else resolve();
            };
            worker.addEventListener('message', listener);
            worker.postMessage({ type: 'plan', job: 'warm', n: 1 });
          }),
      ),
    );
  }

  /**
   * Counts the solutions of N.
   * Resolves {n, total, fundamental (BigInts), ms, subtasks, workers,
   * cancelled: false} or, after cancel(), {cancelled: true, done, subtasks, ms}.
   * Rejects with an Error whose message says what went wrong.
   * @param {number} n
   * @param {{onProgress?: (p: {done: number, subtasks: number, ms: number}) => void}} [opts]
   */
  run(n, { onProgress } = {}) {
    if (this.job) return Promise.reject(new Error('A count is already running.'));
    this.ensureWorkers();
    return new Promise((resolve, reject) => {
      const job = {
        id: ++this.jobSeq,
        n,
        subtasks: null,
        weights: null, // estimated work of each subtask (core's countSubtaskWeights)
        totalWeight: 0,
        next: 0,
        done: 0,
        doneWeight: 0,
        inflightWeight: 0, // estimated work of the subtasks out with workers
        // Subtasks per message. Up to N = 12 the whole count takes a few ms,
        // so each worker gets its share in one go; above, batches start at
        // one subtask and grow while subtasks come back quickly.
        batch: n <= 12 ? Infinity : 1,
        depth: 2, // tasks in flight per worker: 2 hides the message round trip
        inflight: new Map(),
        total: 0n,
        fundamental: 0n,
        start: performance.now(),
        onProgress,
        resolve,
        reject,
      };
      this.job = job;
      if (this.plans.has(n)) this.onPlan(job, this.plans.get(n));
      else this.workers[0].postMessage({ type: 'plan', job: job.id, n });
    });
  }

  onMessage(worker, msg) {
    const job = this.job;
    if (!job || msg?.job !== job.id) return; // a warm-up reply, or from a finished job
    if (msg.type === 'error') {
      this.fail(msg.message);
    } else if (msg.type === 'plan') {
      const plan = { count: msg.count, weights: msg.weights };
      this.plans.set(job.n, plan);
      this.onPlan(job, plan);
    } else if (msg.type === 'result') {
      job.total += msg.total;
      job.fundamental += msg.fundamental;
      const count = msg.to - msg.from;
      job.done += count;
      const weight = sumWeights(job, msg.from, msg.to);
      job.doneWeight += weight;
      job.inflightWeight -= weight;
      // Tiny subtasks (small N) go out in growing batches, so messages do
      // not cost more than the counting; big ones go out one by one.
      // A second task waits in each worker's queue while subtasks are quick;
      // slow ones go one at a time so that the last of them spread evenly.
      const each = msg.ms / count;
      if (each < 2) job.batch = Math.min(job.batch * 2, 256);
      else if (msg.ms > 50) job.batch = Math.max(1, job.batch >> 1);
      job.depth = each < 20 ? 2 : 1;
      job.inflight.set(worker, (job.inflight.get(worker) ?? 1) - 1);
      this.progress(job);
      if (job.done === job.subtasks) this.finish(job);
      else this.fill(worker, job);
    }
  }

  onPlan(job, { count: subtasks, weights }) {
    job.workStart = performance.now(); // the pace is the counting's, not the plan's
    job.subtasks = subtasks;
    job.weights = weights;
    job.totalWeight = weights.reduce((sum, w) => sum + w, 0);
    this.progress(job);
    if (subtasks === 0) this.finish(job);
    else for (const w of this.workers) this.fill(w, job);
  }

  fill(worker, job) {
    while ((job.inflight.get(worker) ?? 0) < job.depth && job.next < job.subtasks) {
      job.inflight.set(worker, (job.inflight.get(worker) ?? 0) + 1);
      this.dispatch(worker, job);
    }
  }

  dispatch(worker, job) {
    const left = job.subtasks - job.next;
    // Never more than a fair share of what is left, so the tail stays even.
    const take = Math.max(1, Math.min(job.batch, Math.ceil(left / this.workers.length)));
    const from = job.next;
    job.next += take;
    job.inflightWeight += sumWeights(job, from, job.next);
    worker.postMessage({ type: 'task', job: job.id, n: job.n, from, to: job.next });
  }

  /**
   * Reports {done, subtasks, ms, workMs, fraction, pace}: workMs is the time
   * since the subtasks went out (ms less the plan); fraction is the share of the
   * estimated work in finished subtasks; pace also counts the subtasks out
   * with workers as half done (on average they are), which is what the time
   * left should go by: without them it runs long while big subtasks run.
   */
  progress(job) {
    const share = (weight) => (job.subtasks === job.done ? 1 : job.totalWeight > 0 ? Math.min(1, weight / job.totalWeight) : 0);
    job.onProgress?.({
      done: job.done,
      subtasks: job.subtasks,
      ms: performance.now() - job.start,
      workMs: job.workStart ? performance.now() - job.workStart : 0,
      fraction: share(job.doneWeight),
      pace: share(job.doneWeight + job.inflightWeight / 2),
    });
  }

  finish(job) {
    this.job = null;
    job.resolve({
      cancelled: false,
      n: job.n,
      total: job.total,
      fundamental: job.fundamental,
      ms: performance.now() - job.start,
      subtasks: job.subtasks,
      workers: this.workers.length,
    });
  }

  fail(message) {
    const job = this.job;
    this.terminate();
    job?.reject(new Error(message));
  }

  /** Stops the running count, if any, by terminating every worker. */
  cancel() {
    const job = this.job;
    this.terminate();
    job?.resolve({
      cancelled: true,
      n: job.n,
      done: job.done,
      subtasks: job.subtasks,
      ms: performance.now() - job.start,
    });
  }

  /** Terminates every worker; the next run() starts new ones. */
  terminate() {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    this.job = null;
  }
}

/** The estimated work of subtasks from..to-1 of `job`. */
function sumWeights(job, from, to) {
  let sum = 0;
  for (let i = from; i < to; i++) sum += job.weights[i];
  return sum;
}

/** One count on a fresh pool of `workers` workers, which is then terminated. */
export async function count(n, { workers = defaultWorkers(), onProgress } = {}) {
  const pool = new CountPool(workers);
  try {
    return await pool.run(n, { onProgress });
  } finally {
    pool.terminate();
  }
}
