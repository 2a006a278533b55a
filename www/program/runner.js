// Running a learner's program: each run in a Worker of its own, terminated
// when the run ends (www/workers/code-js-worker.js is the JavaScript
// sandbox, www/workers/code-py-worker.js the Python one). The page's timer
// holds the wall-clock limit: it terminates the worker, so a loop that never
// calls the tracer is stopped too. The trace comes in chunks as it is made,
// so what was recorded before a stop is kept.

import { rewriteProgram } from './rewrite.js';

/** The most tracer calls (steps and checks) a run may make for one N. */
export const MAX_CALLS = 2_000_000;
/** The wall-clock limit of a run for one N, in milliseconds. */
export const TIME_LIMIT_MS = 10_000;

/**
 * @typedef {object} RunEnd  why a run ended
 * @property {'done'|'calls'|'bad'|'error'|'time'|'stopped'|'failed'} reason
 * @property {string} [message]
 * @property {number} [line]  the program's line (1-based), 0 when none
 * @property {number} [calls]
 */

/**
 * @typedef {object} StateChunk  the learner's state at some steps of a chunk
 * @property {string[]} states  each a JSON text: { s: [[function, { argument: value }]…], v: { variable: value } }
 * @property {number[]} stateSteps  each one's step within its N (from 1)
 * @property {string[]} masks  the names the program uses as bit masks (the first chunk)
 * @property {number[]} [weights]  (N, step within its N, k) triples: a found(k) whose board stands for k solutions
 * @property {number[]} [counts]  (N, k) pairs: a count(k) of solutions with no board
 */

/**
 * The state fields of a chunk message, checked: lists of the right kinds, bounded.
 * @param {any} m
 * @returns {StateChunk}
 */
function stateFields(m) {
  const strings = (/** @type {unknown} */ a, /** @type {number} */ most) => (Array.isArray(a) ? a.filter((x) => typeof x === 'string' && x.length <= 20_000).slice(0, most) : []);
  const states = strings(m.states, 1 << 16);
  const steps = Array.isArray(m.stateSteps) ? m.stateSteps.slice(0, states.length).map((/** @type {unknown} */ x) => (Number.isInteger(x) ? x : 0)) : [];
  const tuples = (/** @type {unknown} */ a, /** @type {number} */ size) => {
    const list = Array.isArray(a) ? a.slice(0, 3 << 20) : [];
    return list.length % size === 0 && list.every((x) => Number.isInteger(x) && x >= 0 && x <= 1e9) ? list : [];
  };
  return { states: states.slice(0, steps.length), stateSteps: steps, masks: strings(m.masks, 256), weights: tuples(m.weights, 3), counts: tuples(m.counts, 2) };
}

/**
 * @typedef {object} RunHooks
 * @property {(data: Int32Array, texts: string[], calls: number, state: StateChunk) => void} chunk  records as they come
 * @property {(end: RunEnd) => void} end  once, at the end
 * @property {(elapsedMs: number, calls: number) => void} [tick]  a few times a second while it runs
 */

const JS_SANDBOX = new URL('../workers/code-js-worker.js', import.meta.url);
const PY_WORKER = new URL('../workers/code-py-worker.js', import.meta.url);

const nonce = () => Array.from(crypto.getRandomValues(new Uint32Array(4)), (x) => x.toString(36)).join('');

/**
 * Watches one run's worker: routes its messages, holds the time limit,
 * terminates it at the end. Returns stop().
 * @param {Worker} worker
 * @param {string} key  the run's nonce
 * @param {number} limitMs
 * @param {RunHooks} hooks
 * @param {(event: ErrorEvent) => RunEnd | null} onError
 */
function watch(worker, key, limitMs, hooks, onError) {
  const started = performance.now();
  let calls = 0;
  let over = false;
  /** @param {RunEnd} end */
  const close = (end) => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    clearInterval(ticker);
    worker.terminate();
    hooks.end(end);
  };
  const timer = setTimeout(() => close({ reason: 'time', message: `The run was stopped after ${TIME_LIMIT_MS / 1000} seconds per board, the longest a run may take: the steps made so far are kept.`, line: 0, calls }), limitMs);
  const ticker = setInterval(() => hooks.tick?.(performance.now() - started, calls), 200);
  worker.onmessage = (event) => {
    const m = event.data;
    if (over || !m || m.nonce !== key) return;
    if (m.type === 'chunk') {
      calls = m.calls;
      hooks.chunk(m.data, m.texts ?? [], m.calls, stateFields(m));
    } else if (m.type === 'end') {
      close({ reason: m.reason, message: m.message, line: m.line ?? 0, calls: m.calls });
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    close(onError(event) ?? { reason: 'error', message: event.message || 'The program failed.', line: 0, calls });
  };
  return () => close({ reason: 'stopped', message: 'Stopped: the steps made so far are kept.', line: 0, calls });
}

/**
 * Runs a JavaScript program for each N of `ns`.
 * @param {string} source
 * @param {number[]} ns
 * @param {RunHooks} hooks
 * @returns {() => void}  stop
 */
export function runJs(source, ns, hooks) {
  const { code, masks } = rewriteProgram(source);
  // The names used as bit masks are read here, from the program's tree: they go with the first chunk.
  let first = true;
  const given = hooks;
  hooks = { ...given, chunk: (data, texts, calls, state) => {
    given.chunk(data, texts, calls, first ? { ...state, masks } : state);
    first = false;
  } };
  const key = nonce();
  const job = { ns, maxCalls: MAX_CALLS };
  const script = `importScripts(${JSON.stringify(JS_SANDBOX.href)}); __nqueensInit(${JSON.stringify(key)}, ${JSON.stringify(job)});\n${code}\n;__nqueensStart(typeof solve === 'function' ? solve : undefined);\n`;
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: 'your-search' });
  const programLines = source.split('\n').length;
  const stop = watch(worker, key, TIME_LIMIT_MS * ns.length, hooks, (event) => {
    // A syntax error, or an error thrown outside solve(): the line is the script's, one more than the program's.
    const line = event.lineno && event.filename === url ? event.lineno - 1 : 0;
    const message = String(event.message || 'The program failed.').replace(/^Uncaught /, '');
    return { reason: 'error', message, line: line >= 1 && line <= programLines ? line : 0 };
  });
  // The script is read once the worker starts; the address can go at the end.
  const revoke = () => URL.revokeObjectURL(url);
  setTimeout(revoke, 60_000);
  return stop;
}

/**
 * Python workers, one loaded ahead so that a Run finds Python ready; each
 * runs one program and is thrown away.
 */
export class PythonWorkers {
  /** @param {(fraction: number, text: string) => void} progress  loading, for the progress bar */
  constructor(progress) {
    this.progress = progress;
    /** @type {{ worker: Worker, ready: Promise<void> } | null} */
    this.next = null;
    this.loaded = false;
  }

  /** Starts loading the next worker if none is waiting. @returns {Promise<void>} */
  warm() {
    if (this.next) return this.next.ready;
    const worker = new Worker(PY_WORKER, { name: 'your-search-python', type: 'module' });
    const ready = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const m = event.data;
        if (m?.type === 'progress' && !this.loaded) this.progress(m.fraction, m.text);
        else if (m?.type === 'ready') {
          this.loaded = true;
          this.progress(1, 'Python is ready.');
          resolve(undefined);
        } else if (m?.type === 'failed') reject(new Error(m.message));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`Python could not be loaded: ${event.message || 'the worker failed to start'}.`));
      };
    });
    const entry = { worker, ready };
    ready.catch(() => {
      if (this.next === entry) this.next = null;
      worker.terminate();
    });
    this.next = entry;
    return ready;
  }

  /**
   * Runs a Python program for each N of `ns` in the worker loaded ahead, and
   * starts loading the next.
   * @param {string} source
   * @param {number[]} ns
   * @param {RunHooks} hooks
   * @returns {Promise<() => void>}  stop
   */
  async run(source, ns, hooks) {
    await this.warm();
    const entry = /** @type {{ worker: Worker }} */ (this.next);
    this.next = null;
    const key = nonce();
    const stop = watch(entry.worker, key, TIME_LIMIT_MS * ns.length, {
      ...hooks,
      end: (end) => {
        hooks.end(end);
        this.warm().catch(() => {});
      },
    }, () => null);
    entry.worker.postMessage({ type: 'run', nonce: key, source, ns, maxCalls: MAX_CALLS });
    return stop;
  }

  /** Ends the worker waiting, if any. */
  dispose() {
    this.next?.worker.terminate();
    this.next = null;
  }
}
