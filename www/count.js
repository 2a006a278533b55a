// Count mode: counts every solution for N = 1..20, and the ones distinct up to
// rotation and reflection, on a pool of Web Workers (one per hardware thread),
// each running its own copy of the wasm solver. The main thread only hands out
// subtasks and draws the progress, so the page stays responsive; Cancel
// terminates every worker at once and the next count starts fresh ones.
//
// Renders into <section id="count-mode">. For tests and benchmarks:
//   #count-n, #count-start, #count-cancel, #count-progress, #count-error,
//   #count-result[data-state="idle|running|done|cancelled|error"]
//                [data-n, data-total, data-fundamental, data-ms, data-workers]
// and the module exports CountPool, count() and validateN().

import { el, formatCount } from './dom.js';

export const MIN_N = 1;
export const MAX_N = 20;

const WORKER_URL = new URL('./count-worker.js', import.meta.url);

/** Worker threads to use: one per hardware thread the browser reports. */
export function defaultWorkers() {
  const n = Number(globalThis.navigator?.hardwareConcurrency);
  return Number.isInteger(n) && n > 0 ? n : 2;
}

/**
 * Reads N from what the user typed. Returns {n} or {error: "a sentence"}.
 * @param {string|number} raw
 */
export function validateN(raw) {
  const text = String(raw ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n) || n < MIN_N || n > MAX_N) {
    const got = text === '' ? 'nothing' : `“${text}”`;
    return { error: `N must be a whole number from ${MIN_N} to ${MAX_N}; got ${got}.` };
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
    this.plans = new Map(); // N -> number of subtasks, learnt from a worker
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
        next: 0,
        done: 0,
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
      this.plans.set(job.n, msg.count);
      this.onPlan(job, msg.count);
    } else if (msg.type === 'result') {
      job.total += msg.total;
      job.fundamental += msg.fundamental;
      const count = msg.to - msg.from;
      job.done += count;
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

  onPlan(job, subtasks) {
    job.subtasks = subtasks;
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
    worker.postMessage({ type: 'task', job: job.id, n: job.n, from, to: job.next });
  }

  progress(job) {
    job.onProgress?.({ done: job.done, subtasks: job.subtasks, ms: performance.now() - job.start });
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

/** One count on a fresh pool of `workers` workers, which is then terminated. */
export async function count(n, { workers = defaultWorkers(), onProgress } = {}) {
  const pool = new CountPool(workers);
  try {
    return await pool.run(n, { onProgress });
  } finally {
    pool.terminate();
  }
}

// ---------------------------------------------------------------- the page --

export function formatDuration(ms) {
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(2)} s`;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

const STYLE = `
#count-mode .count-form { display: flex; flex-wrap: wrap; gap: 10px 12px; align-items: flex-end; }
#count-mode .count-form .field { flex: 0 1 11em; }
#count-n { font: inherit; color: var(--text); background: var(--surface-2); border: 1px solid var(--border);
  border-radius: 8px; padding: 7px 8px; min-height: 40px; width: 100%; box-sizing: border-box; }
#count-mode .count-progress { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; margin: 14px 0 10px; }
#count-progress { flex: 1 1 16em; height: 14px; accent-color: var(--accent); }
#count-mode .count-progress-text { font-variant-numeric: tabular-nums; color: var(--muted); font-size: 0.88rem; }
#count-error { margin: 10px 0 0; padding: 6px 10px; border: 1px solid currentColor; border-radius: 8px;
  color: var(--danger); background: var(--danger-soft); }
#count-result .status { margin: 0 0 10px; }
#count-result .counters { grid-template-columns: repeat(auto-fit, minmax(min(100%, 12em), 1fr)); }
`;

function mount(section) {
  const style = el('style', { id: 'count-mode-style', text: STYLE });
  document.head.append(style);
  section.classList.add('panel');
  section.setAttribute('aria-labelledby', 'count-heading');
  section.removeAttribute('aria-label');

  const workers = defaultWorkers();
  const input = el('input', {
    id: 'count-n',
    type: 'number',
    min: MIN_N,
    max: MAX_N,
    step: 1,
    value: 8,
    inputmode: 'numeric',
    'aria-describedby': 'count-note',
  });
  const start = el('button', { id: 'count-start', type: 'submit', class: 'primary', text: 'Count' });
  const cancel = el('button', { id: 'count-cancel', type: 'button', text: 'Cancel', disabled: true });
  const form = el('form', { class: 'count-form', novalidate: true }, [
    el('label', { class: 'field' }, [el('span', { class: 'field-label', text: `Board size N (${MIN_N}–${MAX_N})` }), input]),
    start,
    cancel,
  ]);
  const alert = el('p', { id: 'count-error', role: 'alert', hidden: true });
  const bar = el('progress', { id: 'count-progress', max: 1, value: 0, 'aria-label': 'Count progress' });
  const barText = el('span', { id: 'count-progress-text', class: 'count-progress-text', text: 'Not started.' });
  const result = el('div', { id: 'count-result', 'aria-live': 'polite', 'data-state': 'idle' }, [
    el('p', { class: 'status', text: 'Choose N and press Count.' }),
  ]);

  section.replaceChildren(
    el('h2', { id: 'count-heading', text: 'Count mode' }),
    el('p', {
      id: 'count-note',
      class: 'note',
      text:
        `Counts every solution without drawing, shared out over ${workers} worker${workers === 1 ? '' : 's'} ` +
        '(one per hardware thread). Up to N = 15 takes well under a second; each step up in N takes ' +
        'about seven times longer, so N = 20 runs for many minutes.',
    }),
    form,
    alert,
    el('div', { class: 'count-progress' }, [bar, barText]),
    result,
  );

  const pool = new CountPool(workers);
  let progress = null;
  let ticker = 0;

  const showProgress = () => {
    if (!progress) return;
    const { done, subtasks, ms } = progress;
    const elapsed = ms + (performance.now() - progress.at);
    bar.max = Math.max(1, subtasks ?? 1);
    bar.value = done;
    let left = 'estimating time left…';
    if (subtasks != null && done > 0) left = `about ${formatDuration((elapsed / done) * (subtasks - done))} left`;
    barText.textContent = `Subtasks ${done} / ${subtasks ?? '…'} · ${formatDuration(elapsed)} elapsed · ${left}`;
  };

  const setRunning = (running) => {
    input.disabled = running;
    start.disabled = running;
    cancel.disabled = !running;
    if (running) {
      ticker = setInterval(showProgress, 200);
    } else {
      clearInterval(ticker);
    }
  };

  const showStatus = (state, text, extra = {}) => {
    for (const key of Object.keys(result.dataset)) delete result.dataset[key];
    Object.assign(result.dataset, { state }, extra);
    result.replaceChildren(el('p', { class: 'status', text }));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pool.busy) return;
    const { n, error } = validateN(input.value);
    if (error) {
      alert.textContent = error;
      alert.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    alert.hidden = true;
    alert.textContent = '';
    input.removeAttribute('aria-invalid');
    progress = { done: 0, subtasks: null, ms: 0, at: performance.now() };
    showProgress();
    showStatus('running', `Counting N = ${n}…`, { n: String(n) });
    setRunning(true);
    try {
      const r = await pool.run(n, {
        onProgress: (p) => {
          progress = { ...p, at: performance.now() };
          showProgress();
        },
      });
      setRunning(false);
      if (r.cancelled) {
        showStatus(
          'cancelled',
          `Cancelled N = ${n} after ${formatDuration(r.ms)} (${r.done} of ${r.subtasks ?? '?'} subtasks done).`,
          { n: String(n) },
        );
        barText.textContent = `Cancelled · subtasks ${r.done} / ${r.subtasks ?? '…'} · ${formatDuration(r.ms)}`;
        return;
      }
      progress = { done: r.subtasks, subtasks: r.subtasks, ms: r.ms, at: performance.now() };
      bar.max = Math.max(1, r.subtasks);
      bar.value = bar.max;
      barText.textContent = `Subtasks ${r.subtasks} / ${r.subtasks} · done in ${formatDuration(r.ms)}`;
      showStatus('done', `N = ${n}: ${formatCount(r.total)} solutions, ${formatCount(r.fundamental)} fundamental.`, {
        n: String(n),
        total: r.total.toString(),
        fundamental: r.fundamental.toString(),
        ms: r.ms.toFixed(1),
        workers: String(r.workers),
      });
      const cell = (label, value) => el('div', {}, [el('dt', { text: label }), el('dd', { text: value })]);
      result.append(
        el('dl', { class: 'counters' }, [
          cell('Total solutions', formatCount(r.total)),
          cell('Fundamental (up to rotation and reflection)', formatCount(r.fundamental)),
          cell('Time', `${formatDuration(r.ms)} on ${r.workers} worker${r.workers === 1 ? '' : 's'}`),
        ]),
      );
    } catch (err) {
      setRunning(false);
      const message = `The count failed: ${err?.message ?? err}`;
      showStatus('error', message, { n: String(n) });
      alert.textContent = message;
      alert.hidden = false;
      barText.textContent = 'Failed.';
    }
  });

  cancel.addEventListener('click', () => pool.cancel());
  return pool;
}

const section = typeof document !== 'undefined' ? document.getElementById('count-mode') : null;
/** The page's pool (null where there is no count-mode section). */
export const pagePool = section ? mount(section) : null;
