// Count mode's engine: counts every solution of N, and the ones distinct up to
// rotation and reflection, on a pool of Web Workers (one per hardware thread),
// each running its own copy of the wasm solver (count-worker.js).
//
// The core cuts the count into subtasks and estimates each one's work (its
// weights). The pool hands them out in batches sized by that estimate: about
// BATCH_MS of counting each once the pace is known, never more than a share
// of what is left, so the bar moves smoothly and the last batches are small
// enough for the workers to finish together. Subtasks much bigger than the
// rest go out first, one by one; the others in short runs of neighbours, the
// runs shuffled, so the work done so far is a fair sample of the whole and
// the time left holds early on. One extra job asks a worker for the
// solutions each symmetry of the square leaves unchanged; the fundamental
// count is then Burnside's lemma over the total (burnside()).
//
// With a CountStore (store.js) every finished batch is saved, so a count
// that is cancelled or cut off by a reload resumes with the subtasks not yet
// done. A saved record is resumed only if the store's checks pass and it fits
// the plan (checkPlan: the key, the weight of the done subtasks); anything
// else is thrown away and the count starts from nothing (onStart says why).
// cancel() terminates every worker at once; the next count starts fresh ones.
//
// No DOM here (ui.js draws); tests and benchmarks use CountPool and count()
// directly. The range of N is the core's (limits()), passed to validateN.

/**
 * @typedef {import('../types.js').CountRequest} CountRequest
 * @typedef {import('../types.js').CountReply} CountReply
 * @typedef {import('../types.js').CountMethod} CountMethod
 * @typedef {import('../types.js').Symmetries} Symmetries
 * @typedef {import('../types.js').Thrown} Thrown
 * @typedef {import('./store.js').CountStore} CountStore
 * @typedef {import('./store.js').CountRecord} CountRecord
 * @typedef {import('./store.js').CountDraft} CountDraft
 * @typedef {import('./store.js').Reading} Reading
 * @typedef {{ count: number, weights: Float64Array, method: CountMethod, key: string }} CountPlan
 *   N's plan, as a worker builds it: the subtasks, their weights, the method and the plan's key
 * @typedef {object} CountProgress  onProgress's report, after every batch and save
 * @property {number} done  subtasks finished
 * @property {number} subtasks
 * @property {number} sessionDone  subtasks finished in this run
 * @property {number} ms  since the count started
 * @property {number} workMs  since the subtasks went out
 * @property {number} fraction  the share of the estimated work finished
 * @property {number} pace  the same with batches out with workers counted half done
 * @property {number} startFraction  the share done before this run
 * @property {number | null} leftMs  raw time left, or null
 * @property {number} saved  the share of the work on disk
 * @typedef {{ subtasks: number, method: CountMethod, resumedFrom: number, discarded: 'other' | 'damaged' | 'older' | null }} CountStart
 *   onStart's, once the plan is known; discarded: why a saved record of N was thrown away
 *   (other: another plan's, from another version of the core; damaged, older: see store.js), or null
 * @typedef {object} CountDone  a finished count (see CountPool.run)
 * @property {false} cancelled
 * @property {number} n
 * @property {bigint} total
 * @property {bigint} fundamental
 * @property {Symmetries} symmetries
 * @property {number} ms  this run
 * @property {number} elapsedMs  every run of this count
 * @property {number} subtasks
 * @property {number} workers
 * @property {'cpu' | 'gpu'} engine  what counted: the workers, or the GPU (gpu.js)
 * @property {CountMethod} method
 * @property {number} resumedFrom  the share of the work saved before this run
 * @property {number} busyMs  the workers' summed counting time
 * @property {number} setupMs  the longest plan build
 * @property {number} peakWorkerMemory  the largest wasm memory a worker reported (bytes)
 * @typedef {object} CountCancelled  a count cancelled (see CountPool.run)
 * @property {true} cancelled
 * @property {number} n
 * @property {number} done
 * @property {number | null} subtasks  null when cancelled before the plan was known
 * @property {number} fraction
 * @property {number} ms
 * @property {Promise<boolean>} saved  true once the finished subtasks are on disk
 * @typedef {CountDone | CountCancelled} CountOutcome
 * @typedef {object} Job  the count under way: run() makes it, begin() fills in the plan's part
 * @property {number} id
 * @property {number} n
 * @property {CountStore | null} store
 * @property {((p: CountProgress) => void) | undefined} onProgress
 * @property {((s: CountStart) => void) | undefined} onStart
 * @property {(outcome: CountOutcome) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {number} start
 * @property {number} workStart
 * @property {((plan: CountPlan) => void) | null} planWaiter
 * @property {string | null} key
 * @property {number | null} subtasks
 * @property {Float64Array | null} weights
 * @property {number} totalWeight
 * @property {Uint8Array | null} doneBits
 * @property {number} doneCount
 * @property {number} doneWeight
 * @property {number} sessionDone
 * @property {number} startFraction
 * @property {number} priorMs
 * @property {Uint32Array | null} order
 * @property {number} next
 * @property {number} undispatchedWeight
 * @property {number} inflightWeight
 * @property {number} sessionMs
 * @property {{ t: number[], pace: number[], head: number }} history
 * @property {number} sessionWeight
 * @property {Map<number, { ranges: Uint32Array, count: number, weight: number }>} batches
 * @property {number} batchSeq
 * @property {Map<Worker, number>} inflight
 * @property {bigint} total
 * @property {Symmetries | null} symmetries
 * @property {{ count: number, weight: number }} saved
 * @property {Promise<boolean>} saveChain
 * @property {boolean} savePending
 * @property {{ fundamental: bigint } | null} complete
 * @property {CountMethod} [method]  begin()'s
 * @property {number} [busyMs]  the results' (for the benchmarks)
 * @property {number} [setupMs]
 * @property {number} [peakMemory]
 * @typedef {Job & { key: string, subtasks: number, weights: Float64Array, doneBits: Uint8Array, order: Uint32Array, method: CountMethod }} BegunJob
 *   a job once begin() has run: the batches and the symmetries go out only then
 */

import { defaultWorkers, startWorker } from '../workers/start.js';
import { checkPlan, plannedWeight } from './store.js';

const WORKER_URL = new URL('../workers/count-worker.js', import.meta.url);

/** A batch should take about this long once the pace is known: the bar moves, and Cancel loses little. */
const BATCH_MS = 300;
/** …and at least this long, so that messages cost little next to the counting. */
const MIN_BATCH_MS = 10;
/** Before any batch has come back, each takes this share of the work. */
const FIRST_SHARE = 1 / 2000;
/** A subtask bigger than this share of one worker's work goes out first, on its own. */
const BIG_SHARE = 1 / 64;
/** Batches waiting or running in each worker: 2 hides the message round trip. */
const DEPTH = 2;
/** The subtasks go out as about this many runs of neighbours, in a shuffled order. */
const RUNS = 4096;

/**
 * 0..count-1 in an order shuffled by a seeded generator (mulberry32), the same for the same seed.
 * @param {number} count
 * @param {number} seed
 */
function shuffled(count, seed) {
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = i;
  let a = seed >>> 0;
  for (let i = count - 1; i > 0; i--) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (i + 1));
    const swap = out[i];
    out[i] = out[j];
    out[j] = swap;
  }
  return out;
}

/**
 * Reads N from what the user typed. Returns {n} or {error: "a sentence"}.
 * @param {string|number} raw
 * @param {{ minN: number, maxN: number }} range  the N the core counts (limits()'s countMinN, countMaxN)
 * @returns {{ n: number, error?: undefined } | { n?: undefined, error: string }}
 */
export function validateN(raw, { minN, maxN }) {
  const text = String(raw ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n) || n < minN || n > maxN) {
    const got = text === '' ? 'nothing' : `“${text}”`;
    return { error: `N must be a whole number from ${minN} to ${maxN}; got ${got}.` };
  }
  return { n };
}

/**
 * Burnside's lemma for the eight symmetries of the square: the number of
 * classes is the average number of solutions each symmetry leaves unchanged,
 * (total + rot180 + 2·rot90 + mirror) / 8 (the quarter turn and the
 * three-quarter turn fix the same solutions; `mirror` sums the four
 * reflections). BigInts in, a BigInt out; throws if the sum is not a
 * multiple of 8, which would mean the counts disagree.
 * @param {bigint} total
 * @param {Symmetries} symmetries
 * @returns {bigint}
 */
export function burnside(total, { rot90, rot180, mirror }) {
  const sum = total + rot180 + 2n * rot90 + mirror;
  if (sum % 8n !== 0n) {
    throw new Error(`Burnside's sum for these counts is ${sum}, not a multiple of 8: the total and the symmetric counts disagree.`);
  }
  return sum / 8n;
}

/**
 * The time left as the page shows it: each progress report's raw estimate
 * (the pool's leftMs: this run's counting time × the work left / the work
 * this run has done) blended into a value that counts down between reports.
 * It starts once 1% of the work (or 3 s) is behind it; a report weighs by
 * how much it adds to what the estimate knows (the share of the work it
 * adds to the share done) or by the time since the last, whichever is more,
 * so early guesses give way fast and later ones only smooth.
 */
export class TimeLeft {
  constructor() {
    /** @type {number | null} */
    this.value = null;
    this.at = 0;
    this.gained = 0;
  }

  /**
   * Takes a progress report; call it with every one.
   * @param {CountProgress} p
   * @param {number} [now]
   */
  feed(p, now = performance.now()) {
    if (p.leftMs == null || !(p.sessionDone > 0)) return;
    const gained = p.pace - (p.startFraction ?? 0);
    if (gained < 0.01 && p.workMs < 3000) return; // too little to go by yet
    if (this.value == null) {
      this.value = p.leftMs;
    } else {
      const predicted = /** @type {number} */ (this.read(now)); // value is set
      const tau = Math.min(3000, Math.max(200, 0.05 * p.workMs));
      const byTime = 1 - Math.exp(-(now - this.at) / tau);
      const byWork = gained > this.gained ? (gained - this.gained) / gained : 0;
      this.value = predicted + Math.max(byTime, byWork) * (p.leftMs - predicted);
    }
    this.gained = gained;
    this.at = now;
  }

  /**
   * Milliseconds left now, or null while there is nothing to go by.
   * @param {number} [now]
   * @returns {number | null}
   */
  read(now = performance.now()) {
    return this.value == null ? null : Math.max(0, this.value - (now - this.at));
  }
}

/**
 * A pool of count workers and a work queue over the subtasks of one count at
 * a time. Workers are created on first use and kept for the next count;
 * cancel() terminates them all.
 */
export class CountPool {
  /** @param {number} [size]  how many workers */
  constructor(size = defaultWorkers()) {
    this.size = Math.max(1, Math.floor(size));
    /** @type {'cpu' | 'gpu'} what counts: the workers here, the GPU in gpu.js's GpuPool */
    this.engine = /** @type {'cpu' | 'gpu'} */ ('cpu');
    /** @type {Worker[]} */
    this.workers = [];
    /** @type {Job | null} */
    this.job = null;
    this.jobSeq = 0;
    /** @type {Map<number, CountPlan>} */
    this.plans = new Map(); // N -> the worker's plan
  }

  get busy() {
    return this.job !== null;
  }

  ensureWorkers() {
    while (this.workers.length < this.size) {
      this.workers.push(startWorker(WORKER_URL, `count-${this.workers.length}`, 'A count worker', (worker, data) => this.onMessage(worker, data), (sentence) => this.fail(sentence)));
    }
  }

  /** Starts every worker and waits until each has loaded the wasm module. */
  async warm() {
    this.ensureWorkers();
    await Promise.all(
      this.workers.map(
        (worker) =>
          /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
            const listener = (/** @type {MessageEvent<CountReply>} */ event) => {
              if (event.data?.job !== 'warm') return;
              worker.removeEventListener('message', listener);
              if (event.data.type === 'error') reject(new Error(event.data.message));
              else resolve();
            };
            worker.addEventListener('message', listener);
            worker.postMessage(/** @satisfies {CountRequest} */ ({ type: 'plan', job: 'warm', n: 1 }));
          })),
      ),
    );
  }

  /**
   * Counts the solutions of N.
   *
   * Resolves {cancelled: false, n, total, fundamental, symmetries ({rot90,
   * rot180, mirror}: BigInts), ms (this run), elapsedMs (every run of this
   * count, resumed ones included), subtasks, workers, method, resumedFrom
   * (the share of the work saved before this run, 0 for a fresh count)}, or after
   * cancel() {cancelled: true, n, done, subtasks, fraction, ms, saved (a
   * promise of true once the finished subtasks are on disk)}. Rejects with an
   * Error whose message says what went wrong.
   *
   * onStart({subtasks, method, resumedFrom, discarded}) comes once the plan is
   * known; onProgress(p) after every batch and save: {done, subtasks,
   * sessionDone, ms, workMs (since the subtasks went out), fraction (share of
   * the estimated work finished), pace (the same with batches out with
   * workers counted half done), startFraction, leftMs (raw time left, or
   * null), saved (share of the work on disk)}.
   *
   * @param {number} n
   * @param {{ onProgress?: (p: CountProgress) => void, onStart?: (s: CountStart) => void, store?: CountStore | null }} [opts]
   * @returns {Promise<CountOutcome>}
   */
  run(n, { onProgress, onStart, store = null } = {}) {
    if (this.job) return Promise.reject(new Error('A count is already running.'));
    this.ensureWorkers();
    return new Promise((resolve, reject) => {
      /** @type {Job} */
      const job = {
        id: ++this.jobSeq,
        n,
        store,
        onProgress,
        onStart,
        resolve,
        reject,
        start: performance.now(),
        workStart: 0,
        planWaiter: null,
        // Filled in by begin():
        key: null,
        subtasks: null,
        weights: null,
        totalWeight: 0,
        doneBits: null, // bit i: subtask i finished (and in `total`)
        doneCount: 0,
        doneWeight: 0,
        sessionDone: 0,
        startFraction: 0,
        priorMs: 0, // counting time of earlier runs of this count
        order: null, // subtasks still to hand out, in the order they go
        next: 0,
        undispatchedWeight: 0,
        inflightWeight: 0,
        sessionMs: 0, // worker time over the batches of this run, for the pace
        history: { t: [0], pace: [0], head: 0 }, // (workMs, pace) at each report, for the time left
        sessionWeight: 0,
        batches: new Map(), // batch id -> {ranges, count, weight}
        batchSeq: 0,
        inflight: new Map(), // worker -> messages out with it
        total: 0n,
        symmetries: null,
        saved: { count: 0, weight: 0 },
        saveChain: Promise.resolve(true),
        savePending: false,
        complete: null,
      };
      this.job = job;
      Promise.all([this.requestPlan(job), store ? store.read(n) : null])
        .then(([p, reading]) => {
          if (this.job === job) this.begin(job, p, reading);
        })
        .catch((err) => {
          if (this.job === job) this.fail(String(err?.message ?? err));
        });
    });
  }

  /**
   * N's plan, from the first worker (kept for the next count of N); the
   * other workers build theirs meanwhile.
   * @param {Job} job
   * @returns {Promise<CountPlan>}
   */
  requestPlan(job) {
    const { n } = job;
    const known = this.plans.get(n);
    /** @type {Promise<CountPlan>} */
    const plan = known
      ? Promise.resolve(known)
      : new Promise((planResolve) => {
          job.planWaiter = planResolve;
          this.workers[0].postMessage(/** @satisfies {CountRequest} */ ({ type: 'plan', job: job.id, n }));
        });
    // The core builds N's plan in each worker (seconds at N = 20): the others build theirs meanwhile.
    const builders = known ? this.workers : this.workers.slice(1);
    for (const worker of builders) worker.postMessage(/** @satisfies {CountRequest} */ ({ type: 'prepare', job: job.id, n }));
    return plan;
  }

  /**
   * A worker's reply: the plan, a batch's result, the symmetries or an error.
   * @param {Worker} worker
   * @param {CountReply} msg
   */
  onMessage(worker, msg) {
    const job = this.job;
    if (!job || msg?.job !== job.id) return; // a warm-up reply, or from a finished job
    if (msg.type === 'error') {
      this.fail(msg.message);
    } else if (msg.type === 'plan') {
      const plan = { count: msg.count, weights: msg.weights, method: msg.method, key: msg.key };
      this.plans.set(job.n, plan);
      job.planWaiter?.(plan);
    } else if (msg.type === 'symmetries') {
      job.symmetries = { rot90: msg.rot90, rot180: msg.rot180, mirror: msg.mirror };
      this.returned(worker, /** @type {BegunJob} */ (job)); // begin() asked for them
    } else if (msg.type === 'result') {
      const batch = job.batches.get(msg.batch);
      if (!batch) return;
      const begun = /** @type {BegunJob} */ (job); // begin() sent the batch
      job.batches.delete(msg.batch);
      this.credit(begun, batch, msg.total, msg.ms);
      job.setupMs = Math.max(job.setupMs ?? 0, msg.setupMs ?? 0);
      job.peakMemory = Math.max(job.peakMemory ?? 0, msg.memory ?? 0);
      this.returned(worker, begun);
    }
  }

  /**
   * A batch came back: its subtasks are done, and its solutions in the total.
   * @param {BegunJob} job
   * @param {{ ranges: Uint32Array, count: number, weight: number }} batch
   * @param {bigint} total  the batch's solutions
   * @param {number} ms  its counting time
   */
  credit(job, batch, total, ms) {
    job.total += total;
    const { ranges } = batch;
    for (let r = 0; r < ranges.length; r += 2) {
      for (let i = ranges[r]; i < ranges[r + 1]; i++) job.doneBits[i >> 3] |= 1 << (i & 7);
    }
    job.doneCount += batch.count;
    job.sessionDone += batch.count;
    job.doneWeight += batch.weight;
    job.inflightWeight -= batch.weight;
    job.sessionMs += ms;
    job.busyMs = (job.busyMs ?? 0) + ms;
    job.sessionWeight += batch.weight;
  }

  /**
   * A worker answered a task or the symmetries: save, report, and finish or hand out more.
   * @param {Worker} worker
   * @param {BegunJob} job
   */
  returned(worker, job) {
    job.inflight.set(worker, (job.inflight.get(worker) ?? 1) - 1);
    if (!this.settle(job)) this.fill(worker, job);
  }

  /**
   * After a batch or the symmetries: finishes the count if every subtask and
   * the symmetries are in (and says true), else saves and reports.
   * @param {BegunJob} job
   */
  settle(job) {
    if (job.doneCount === job.subtasks && job.symmetries) {
      this.finish(job);
      return true;
    }
    this.save(job);
    this.progress(job);
    return false;
  }

  /**
   * The plan is known and any saved record read: set up the queue and start every worker.
   * @param {Job} job
   * @param {CountPlan} plan
   * @param {Reading | null} reading  the store's, which has checked the record's fields and seal
   */
  begin(job, plan, reading) {
    const { count: subtasks, weights } = plan;
    job.key = plan.key;
    job.method = plan.method;
    job.subtasks = subtasks;
    job.weights = weights;
    job.totalWeight = plannedWeight(weights);
    const doneBits = new Uint8Array(Math.ceil(subtasks / 8));
    job.doneBits = doneBits;
    /** @type {CountStart['discarded']} */
    let discarded = reading?.discarded?.why ?? null;
    const saved = reading?.record;
    if (saved && !saved.complete) {
      discarded = checkPlan(saved, plan);
      if (discarded) {
        job.store?.delete(job.n);
      } else {
        // The store checked every field; these read.
        const sym = saved.symmetries;
        doneBits.set(/** @type {Uint8Array} */ (saved.done));
        job.total = BigInt(saved.total);
        job.symmetries = sym && { rot90: BigInt(sym.rot90), rot180: BigInt(sym.rot180), mirror: BigInt(sym.mirror) };
        job.priorMs = saved.elapsedMs;
      }
    }
    // What is done already (from the saved record), and the order the rest goes in.
    const bigLimit = (job.totalWeight * BIG_SHARE) / this.workers.length;
    /** @type {number[]} */
    const big = [];
    let doneCount = 0;
    let doneWeight = 0;
    for (let i = 0; i < subtasks; i++) {
      if (doneBits[i >> 3] & (1 << (i & 7))) {
        doneCount++;
        doneWeight += weights[i];
      } else if (weights[i] > bigLimit) {
        big.push(i);
      }
    }
    big.sort((a, b) => weights[b] - weights[a]);
    const order = new Uint32Array(subtasks - doneCount);
    let k = 0;
    for (const i of big) order[k++] = i;
    // The rest in short runs of neighbours, the runs in a shuffled order: the
    // estimates err by region (a stretch of subtasks may all run longer than
    // their weights say), so any share of the work done samples every region
    // and the time left holds from the start.
    const run = Math.max(1, Math.floor(subtasks / RUNS));
    const runs = Math.ceil(subtasks / run);
    for (const r of shuffled(runs, job.n)) {
      for (let i = r * run, end = Math.min(subtasks, i + run); i < end; i++) {
        if (!(doneBits[i >> 3] & (1 << (i & 7))) && !(weights[i] > bigLimit)) order[k++] = i;
      }
    }
    job.order = order;
    const begun = /** @type {BegunJob} */ (job); // all of the plan's part is set now
    job.doneCount = doneCount;
    job.doneWeight = doneWeight;
    job.saved = { count: doneCount, weight: doneWeight };
    job.undispatchedWeight = job.totalWeight - doneWeight;
    // Nothing saved is a fresh count, even when the plan has no pieces at all
    // (N = 2 and 3 have no solution to split), whose share() is already 1.
    job.startFraction = doneCount > 0 ? this.share(job, doneWeight, doneCount) : 0;
    job.history.pace[0] = job.startFraction;
    job.workStart = performance.now(); // the pace is the counting's, not the plan's
    job.onStart?.({ subtasks, method: plan.method, resumedFrom: job.startFraction, discarded });
    if (job.doneCount === subtasks && job.symmetries) {
      this.finish(begun);
      return;
    }
    this.progress(job);
    if (!job.symmetries) {
      // One worker also finds the symmetric solutions (well under a second at N = 20).
      job.inflight.set(this.workers[0], 1);
      this.workers[0].postMessage(/** @satisfies {CountRequest} */ ({ type: 'symmetries', job: job.id, n: job.n }));
    }
    for (const w of this.workers) this.fill(w, begun);
  }

  /**
   * Keeps DEPTH batches out with `worker` while the queue lasts.
   * @param {Worker} worker
   * @param {BegunJob} job
   */
  fill(worker, job) {
    while ((job.inflight.get(worker) ?? 0) < DEPTH && job.next < job.order.length) {
      job.inflight.set(worker, (job.inflight.get(worker) ?? 0) + 1);
      this.dispatch(worker, job);
    }
  }

  /**
   * Sends `worker` the next batch: subtasks from the queue up to the target weight, as ranges.
   * @param {Worker} worker
   * @param {BegunJob} job
   */
  dispatch(worker, job) {
    const { weights, order } = job;
    const msPerWeight = job.sessionWeight > 0 && job.sessionMs > 0 ? job.sessionMs / job.sessionWeight : null;
    let target = msPerWeight ? BATCH_MS / msPerWeight : job.totalWeight * FIRST_SHARE;
    // Never more than a share of what is left, so the last batches get small…
    target = Math.min(target, job.undispatchedWeight / (2 * this.workers.length));
    // …but not so small that messages cost more than counting.
    if (msPerWeight) target = Math.max(target, MIN_BATCH_MS / msPerWeight);
    /** @type {number[]} */
    const ranges = [];
    let weight = 0;
    let count = 0;
    while (job.next < order.length && (count === 0 || weight < target)) {
      const i = order[job.next++];
      weight += weights[i];
      count++;
      if (ranges.length && ranges[ranges.length - 1] === i) ranges[ranges.length - 1] = i + 1;
      else ranges.push(i, i + 1);
    }
    const id = ++job.batchSeq;
    const packed = Uint32Array.from(ranges);
    job.batches.set(id, { ranges: packed, count, weight });
    job.undispatchedWeight -= weight;
    job.inflightWeight += weight;
    worker.postMessage(/** @satisfies {CountRequest} */ ({ type: 'task', job: job.id, batch: id, n: job.n, ranges: packed.slice() }));
  }

  /**
   * The share of the work that `weight` (or, with no weights, `count` subtasks) is.
   * @param {Job} job  one whose plan is known
   * @param {number} weight
   * @param {number} count
   */
  share(job, weight, count) {
    if (job.subtasks === 0 || count === job.subtasks) return 1;
    return job.totalWeight > 0 ? Math.min(1, weight / job.totalWeight) : count / /** @type {number} */ (job.subtasks);
  }

  /**
   * Reports to onProgress, once the plan is known.
   * @param {Job} job
   */
  progress(job) {
    if (!job.onProgress || job.subtasks == null) return;
    const now = performance.now();
    const fraction = this.share(job, job.doneWeight, job.doneCount);
    const pace = Math.min(1, this.share(job, job.doneWeight + job.inflightWeight / 2, job.doneCount));
    const workMs = now - job.workStart;
    // The time left goes by the pace over the second half of the time so far:
    // the start (each worker building N's plan, code warming up, the
    // symmetries) is slower than the rest and would make it run long.
    const h = job.history;
    h.t.push(workMs);
    h.pace.push(pace);
    while (h.head + 1 < h.t.length && h.t[h.head + 1] <= workMs / 2) h.head++;
    if (h.head > 4096) {
      h.t.splice(0, h.head);
      h.pace.splice(0, h.head);
      h.head = 0;
    }
    const since = workMs - h.t[h.head];
    const gained = pace - h.pace[h.head];
    job.onProgress({
      done: job.doneCount,
      subtasks: job.subtasks,
      sessionDone: job.sessionDone,
      ms: now - job.start,
      workMs,
      fraction,
      pace,
      startFraction: job.startFraction,
      leftMs: gained > 0 && since > 0 ? (since * (1 - pace)) / gained : null,
      saved: this.share(job, job.saved.weight, job.saved.count),
    });
  }

  /**
   * What the store keeps of `job` now (a copy: later batches do not leak into it).
   * @param {BegunJob} job
   * @returns {CountDraft}
   */
  record(job) {
    const sym = job.symmetries;
    return {
      n: job.n,
      key: job.key,
      subtasks: job.subtasks,
      done: job.complete ? null : job.doneBits.slice(),
      doneCount: job.doneCount,
      doneWeight: plannedWeight(job.weights, job.doneBits), // as checkPlan sums it, to the last bit
      totalWeight: job.totalWeight,
      total: String(job.total),
      symmetries: sym && { rot90: String(sym.rot90), rot180: String(sym.rot180), mirror: String(sym.mirror) },
      elapsedMs: job.priorMs + (performance.now() - job.start),
      method: job.method,
      complete: job.complete !== null,
      fundamental: job.complete ? String(job.complete.fundamental) : null,
    };
  }

  /**
   * Saves `job` as it stands, after any write already under way (so writes
   * land in order); while one waits its turn, more calls add nothing, since it
   * takes the state when its turn comes. Resolves true once on disk.
   * @param {Job} job
   * @returns {Promise<boolean>}
   */
  save(job) {
    const store = job.store;
    // Nothing to keep before the first batch is back (a record at 0% would only offer an empty Resume).
    if (!store || job.key == null || (job.doneCount === 0 && !job.complete)) return Promise.resolve(false);
    if (job.savePending) return job.saveChain;
    const begun = /** @type {BegunJob} */ (job); // begin() set the key with the rest of the plan's part
    job.savePending = true;
    job.saveChain = job.saveChain.then(async () => {
      job.savePending = false;
      const record = this.record(begun);
      const ok = await store.put(record);
      if (ok) {
        job.saved = { count: record.doneCount, weight: record.doneWeight };
        if (this.job === job) this.progress(job);
      }
      return ok;
    });
    return job.saveChain;
  }

  /**
   * Every subtask and the symmetries are in: the fundamental count, saved and resolved.
   * @param {BegunJob} job
   */
  finish(job) {
    const symmetries = /** @type {Symmetries} */ (job.symmetries); // its callers wait for them
    let fundamental;
    try {
      fundamental = burnside(job.total, symmetries);
    } catch (err) {
      this.fail(String(/** @type {Thrown} */ (err)?.message ?? err));
      return;
    }
    this.job = null;
    const ms = performance.now() - job.start;
    job.complete = { fundamental };
    const elapsedMs = job.priorMs + ms;
    this.save(job);
    job.resolve({
      cancelled: false,
      n: job.n,
      total: job.total,
      fundamental,
      symmetries,
      ms,
      elapsedMs,
      subtasks: job.subtasks,
      workers: this.workers.length,
      engine: this.engine,
      method: job.method,
      resumedFrom: job.startFraction,
      // For the benchmarks: the workers' summed counting time, the longest
      // plan build, and the largest wasm memory a worker reported (bytes).
      busyMs: job.busyMs ?? 0,
      setupMs: job.setupMs ?? 0,
      peakWorkerMemory: job.peakMemory ?? 0,
    });
  }

  /**
   * The count failed: workers terminated, what came back saved, and run() rejects.
   * @param {string} message
   */
  fail(message) {
    const job = this.job;
    this.terminate();
    if (job?.key != null) this.save(job); // the batches that came back are good
    job?.reject(new Error(message));
  }

  /** Stops the running count, if any, by terminating every worker; what has finished stays saved. */
  cancel() {
    const job = this.job;
    this.terminate();
    if (!job) return;
    const known = job.subtasks != null;
    job.resolve({
      cancelled: true,
      n: job.n,
      done: job.doneCount,
      subtasks: job.subtasks,
      fraction: known ? this.share(job, job.doneWeight, job.doneCount) : 0,
      ms: performance.now() - job.start,
      saved: known ? this.save(job) : Promise.resolve(false),
    });
  }

  /** Terminates every worker; the next run() starts new ones. */
  terminate() {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    this.job = null;
  }
}

/**
 * One count on a fresh pool of `workers` workers, which is then terminated.
 * @param {number} n
 * @param {{ workers?: number, onProgress?: (p: CountProgress) => void, store?: CountStore | null }} [options]
 */
export async function count(n, { workers = defaultWorkers(), onProgress, store } = {}) {
  const pool = new CountPool(workers);
  try {
    return await pool.run(n, { onProgress, store });
  } finally {
    pool.terminate();
  }
}
