// Running a learner's program: each run in a worker of its own inside a box
// of its own (box.js: a sandboxed iframe with no origin of the page's and a
// Content-Security-Policy that refuses every request), closed when the run
// ends. www/workers/code-js-worker.js is the JavaScript tracer and its
// prologue, www/workers/code-py-worker.js the Python one; the page hands the
// box their text (and Pyodide's files, read here from the page's origin), so
// the box never fetches anything. The page holds what decides a run: the
// time limit of each board (its timer closes the box, so a loop that never
// calls the tracer is stopped too), the count of calls, and the check of
// every record against the board sizes asked for (guard.js). The trace
// comes in chunks as it is made, so what was recorded before a stop is kept.
// A quiet JavaScript run (for a time) records nothing: the page then checks
// no record, only that the box's time of solve() is no longer than the run
// took on the page's clock; the time is the program's own, not checked.

import { rewriteProgram } from './rewrite.js';
import { openBox } from './box.js';
import { RunGuard, MESSAGE_CAP, capText } from './guard.js';
import { keepRun, forgetRun } from './keep.js';

/** The most tracer calls (steps and checks) a run may make for one N. */
export const MAX_CALLS = 2_000_000;
/** The wall-clock limit of a run for one N, in milliseconds. */
export const TIME_LIMIT_MS = 10_000;

/**
 * @typedef {object} RunEnd  why a run ended
 * @property {'done'|'calls'|'bad'|'error'|'time'|'stopped'|'failed'|'tampered'} reason
 * @property {string} [message]
 * @property {number} [line]  the program's line (1-based), 0 when none
 * @property {number} [calls]
 * @property {number} [ms]  a quiet run that ended by itself: the box's time of its solve() calls
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
 * @property {string} [tag]  what the program is, kept with it in case the tab dies while it runs (keep.js)
 */

const JS_SANDBOX = new URL('../workers/code-js-worker.js', import.meta.url);
const PY_WORKER = new URL('../workers/code-py-worker.js', import.meta.url);
const PYODIDE = new URL('../../pyodide/', import.meta.url);

const nonce = () => Array.from(crypto.getRandomValues(new Uint32Array(4)), (x) => x.toString(36)).join('');

/** The ends a box may report. */
const REASONS = new Set(['done', 'calls', 'bad', 'error']);

/** The most refusals named in a run's end. */
const REFUSALS_NAMED = 4;

/**
 * One run on the page's side: the guard, the time limit of each board, the
 * box's messages. `attach` gives it the box once there is one.
 */
class Watch {
  /**
   * @param {string} key  the run's nonce
   * @param {number[]} ns
   * @param {RunHooks} hooks
   * @param {{ lang: 'js' | 'py', source: string, quiet?: boolean }} what  kept while it runs (keep.js);
   *   quiet: the box records nothing, and any record it sends ends the run as tampered with
   */
  constructor(key, ns, hooks, what) {
    this.key = key;
    this.quiet = what.quiet === true;
    this.hooks = hooks;
    this.guard = new RunGuard(ns, MAX_CALLS, { quiet: this.quiet });
    this.over = false;
    /** @type {{ close: () => void } | null} */
    this.box = null;
    /** @type {string[]} */
    this.refusals = [];
    /** lines before the program in the worker's script (JavaScript) */
    this.offset = 0;
    this.programLines = what.source.split('\n').length;
    this.started = performance.now();
    this.boardAt = this.started;
    this.boards = 0;
    this.keepId = keepRun(what.lang, what.source, hooks.tag ?? '');
    this.timer = setTimeout(() => this.timeUp(), TIME_LIMIT_MS);
    this.ticker = setInterval(() => hooks.tick?.(performance.now() - this.started, this.guard.calls), 200);
  }

  /** @param {{ close: () => void }} box */
  attach(box) {
    if (this.over) box.close();
    else this.box = box;
  }

  timeUp() {
    this.close({ reason: 'time', message: `The run was stopped after ${TIME_LIMIT_MS / 1000} seconds on one board, the longest a board may take: the steps made so far are kept.`, line: 0 });
  }

  /** @param {RunEnd} end */
  close(end) {
    if (this.over) return;
    this.over = true;
    clearTimeout(this.timer);
    clearInterval(this.ticker);
    // The page hears of the end first; the box goes a moment later (its worker may be deep in a loop).
    const box = this.box;
    if (box) setTimeout(() => box.close(), 0);
    forgetRun(this.keepId);
    if (this.refusals.length) end.message = `${end.message ? `${end.message} ` : ''}${this.refusals.join(' ')}`;
    this.hooks.end({ ...end, calls: this.guard.calls });
  }

  /** @param {string} sentence */
  refused(sentence) {
    if (this.refusals.length < REFUSALS_NAMED && !this.refusals.includes(sentence)) this.refusals.push(sentence);
  }

  /** A message of the worker, checked. @param {any} m */
  message(m) {
    if (this.over || !m || typeof m !== 'object' || m.nonce !== this.key) return;
    if (m.type === 'refused') {
      this.refused(capText(m.sentence, 300));
    } else if (m.type === 'chunk') {
      const texts = Array.isArray(m.texts) ? m.texts : [];
      if (!this.guard.take(m.data, texts)) {
        if (this.guard.over) {
          // The records within the limit are kept.
          if (this.guard.kept > 0) this.hooks.chunk(m.data.subarray(0, this.guard.kept), texts, this.guard.calls, stateFields(m));
          this.close({ reason: 'calls', message: `The run stopped at ${MAX_CALLS.toLocaleString('en')} tracer calls, the most a board may make.`, line: 0 });
        } else this.close({ reason: 'tampered', message: this.guard.tampered ?? 'The program tampered with its box.', line: 0 });
        return;
      }
      if (this.guard.boards !== this.boards) {
        // A new board after the first (whose time runs from the start): its own time limit.
        if (this.boards > 0) {
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.timeUp(), TIME_LIMIT_MS);
        }
        this.boards = this.guard.boards;
      }
      this.hooks.chunk(m.data, texts, this.guard.calls, stateFields(m));
    } else if (m.type === 'end') {
      let reason = REASONS.has(m.reason) ? m.reason : 'error';
      let message = m.message === undefined ? undefined : capText(m.message, MESSAGE_CAP);
      const line = Number.isInteger(m.line) && m.line >= 0 && m.line <= this.programLines ? m.line : 0;
      if (this.quiet) {
        // No records to check: only that the time fits the run on the page's clock.
        const ms = reason === 'done' ? this.guard.quietTime(m.ms, performance.now() - this.started) : null;
        if (reason === 'done' && ms === null) this.close({ reason: 'tampered', message: this.guard.tampered ?? '', line: 0 });
        else this.close({ reason: /** @type {RunEnd['reason']} */ (reason), message, line, ...(ms === null ? {} : { ms }) });
        return;
      }
      if (reason === 'done' && !this.guard.complete) {
        reason = 'tampered';
        message = `The program's box said it was done after ${this.guard.boards} of the ${this.guard.ns.length} boards asked for: the run was ended as tampered with.`;
      }
      this.close({ reason: /** @type {RunEnd['reason']} */ (reason), message, line });
    }
  }

  /** An uncaught error in the worker. @param {{ message: string, lineno: number, ours: boolean }} e */
  error(e) {
    const line = e.ours && this.offset ? e.lineno - this.offset : 0;
    const message = e.message.replace(/^Uncaught /, '') || 'The program failed.';
    this.close({ reason: 'error', message, line: line >= 1 && line <= this.programLines ? line : 0 });
  }

  stop() {
    this.close({ reason: 'stopped', message: 'Stopped: the steps made so far are kept.', line: 0 });
  }
}

/** @type {Map<string, Promise<string>>} */
const texts = new Map();
/** A file of the page's origin as text, read once. @param {URL} url */
function textOf(url) {
  let got = texts.get(url.href);
  if (!got) {
    got = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url.pathname} could not be read (${r.status}).`);
      return r.text();
    });
    got.catch(() => texts.delete(url.href));
    texts.set(url.href, got);
  }
  return got;
}

/**
 * Runs a JavaScript program for each N of `ns`; quiet, it records nothing and
 * its end has the time of its solve() calls (`ms`).
 * @param {string} source
 * @param {number[]} ns
 * @param {RunHooks} hooks
 * @param {{ quiet?: boolean }} [options]
 * @returns {() => void}  stop
 */
export function runJs(source, ns, hooks, { quiet = false } = {}) {
  const { code, masks } = rewriteProgram(source);
  // The names used as bit masks are read here, from the program's tree: they go with the first chunk.
  let first = true;
  const given = hooks;
  hooks = { ...given, chunk: (data, texts, calls, state) => {
    given.chunk(data, texts, calls, first ? { ...state, masks } : state);
    first = false;
  } };
  const key = nonce();
  const watch = new Watch(key, ns, hooks, { lang: 'js', source, quiet });
  textOf(JS_SANDBOX).then((sandbox) => {
    if (watch.over) return;
    const job = { ns, maxCalls: MAX_CALLS, offset: 0, quiet };
    const head = `${sandbox.replace(/\n*$/, '\n')}__nqueensInit(${JSON.stringify(key)}, `;
    job.offset = head.split('\n').length;
    watch.offset = job.offset;
    const parts = [head, `${JSON.stringify(job)});\n`, code, '\n;__nqueensStart(typeof solve === \'function\' ? solve : undefined);\n'];
    watch.attach(openBox({ parts, name: 'your-search' }, {
      message: (m) => watch.message(m),
      error: (e) => watch.error(e),
      refused: (s) => watch.refused(s),
    }));
  }, (error) => watch.close({ reason: 'failed', message: `The program could not be started: ${error.message}`, line: 0 }));
  return () => watch.stop();
}

/** Pyodide's files, as the box is given them. */
const PYODIDE_FILES = { mjs: 'pyodide.mjs', asm: 'pyodide.asm.mjs', wasm: 'pyodide.asm.wasm', stdlib: 'python_stdlib.zip', lock: 'pyodide-lock.json' };

/** @type {Promise<{ mjs: string, asm: string, wasm: ArrayBuffer, stdlib: ArrayBuffer, lock: string, worker: string }> | null} */
let pyodideFiles = null;

/**
 * Reads Python's files from the page's origin (its cache when offline), once.
 * @param {(fraction: number, text: string) => void} progress
 */
function readPython(progress = () => {}) {
  if (!pyodideFiles) {
    let done = 0;
    /** @template T @param {Promise<T>} p */
    const step = (p) => p.then((v) => {
      done++;
      progress(0.05 + 0.35 * (done / 6), `Loading Python: ${done} of 6 files…`);
      return v;
    });
    /** @param {string} name */
    const bytes = (name) => step(fetch(new URL(name, PYODIDE)).then((r) => {
      if (!r.ok) throw new Error(`${name} answered ${r.status}`);
      return r.arrayBuffer();
    }));
    /** @param {string} name */
    const text = (name) => step(textOf(new URL(name, PYODIDE)));
    pyodideFiles = Promise.all([text(PYODIDE_FILES.mjs), text(PYODIDE_FILES.asm), bytes(PYODIDE_FILES.wasm), bytes(PYODIDE_FILES.stdlib), text(PYODIDE_FILES.lock), step(textOf(PY_WORKER))])
      .then(([mjs, asm, wasm, stdlib, lock, worker]) => ({ mjs, asm, wasm, stdlib, lock, worker }));
    pyodideFiles.catch(() => { pyodideFiles = null; });
  }
  return pyodideFiles;
}

/**
 * Asks for each of Python's files again, through the page's service worker
 * (which keeps each the first time it is asked for): the copy read before
 * the worker controlled the page was not kept.
 */
async function keepPython() {
  await Promise.all(Object.values(PYODIDE_FILES).map(async (name) => {
    const r = await fetch(new URL(name, PYODIDE));
    if (!r.ok) throw new Error(`${name} answered ${r.status}`);
    await r.arrayBuffer();
  }));
}

if (typeof navigator !== 'undefined' && navigator.serviceWorker) {
  // Python read before the service worker took the page over: asked for again, so that it is kept.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    pyodideFiles?.then(() => keepPython()).catch(() => {});
  });
}

/**
 * Reads Python's files through the page's service worker, which keeps each
 * the first time it is read: from then on Python works offline. Resolves to
 * the sentence that says how it went.
 * @param {(fraction: number, text: string) => void} progress
 * @returns {Promise<string>}
 */
export async function makePythonOffline(progress) {
  const kept = typeof navigator !== 'undefined' && navigator.serviceWorker?.controller;
  try {
    await readPython(progress);
    if (kept) await keepPython();
  } catch (error) {
    return offlineSentence(error);
  }
  return kept
    ? 'Ready for offline use, with Python: this machine keeps Python (about 13.5 MB), and Python programs run without the network.'
    : 'Python is loaded in this tab, but this copy of the page keeps nothing for offline use (it has no service worker): it needs the network next time.';
}

/** Whether a failure to read Python's files is the machine being offline. @param {unknown} error */
const offlineSentence = (error) => (typeof navigator !== 'undefined' && navigator.onLine === false) || /fetch|network/i.test(String(/** @type {Error} */ (error)?.message ?? error))
  ? 'Python is not on this machine yet, and it is offline: connect once and press "Make ready for offline use (with Python)" (or run a Python program), and Python works offline from then on.'
  : `Python could not be loaded: ${/** @type {Error} */ (error)?.message ?? error}.`;

/**
 * Python workers, one loaded ahead so that a Run finds Python ready; each
 * runs one program in a box of its own and is thrown away.
 */
export class PythonWorkers {
  /** @param {(fraction: number, text: string) => void} progress  loading, for the progress bar */
  constructor(progress) {
    this.progress = progress;
    /** @type {{ box: ReturnType<typeof openBox>, ready: Promise<void>, route: { watch: Watch | null } } | null} */
    this.next = null;
    this.loaded = false;
  }

  /** Starts loading the next worker if none is waiting. @returns {Promise<void>} */
  warm() {
    if (this.next) return this.next.ready;
    /** @type {{ watch: Watch | null }} */
    const route = { watch: null };
    /** @type {(v?: any) => void} */ let resolve = () => {};
    /** @type {(e: Error) => void} */ let reject = () => {};
    /** @type {Promise<void>} */
    const ready = new Promise((res, rej) => { resolve = res; reject = rej; });
    /** @type {any} */
    const entry = { box: null, ready, route };
    this.next = entry;
    if (!this.loaded) this.progress(0.05, 'Loading Python…');
    readPython(this.loaded ? undefined : this.progress).then((files) => {
      if (this.next !== entry) return;
      const { worker, ...given } = files;
      entry.box = openBox({ parts: [worker], name: 'your-search-python', first: { type: 'load', files: given } }, {
        message: (m) => {
          if (route.watch) { route.watch.message(m); return; }
          if (m?.type === 'progress' && !this.loaded) this.progress(Math.min(0.99, 0.4 + 0.6 * Number(m.fraction) || 0), capText(m.text, 200));
          else if (m?.type === 'ready') {
            this.loaded = true;
            this.progress(1, 'Python is ready.');
            resolve();
          } else if (m?.type === 'failed') reject(new Error(capText(m.message, MESSAGE_CAP)));
        },
        error: (e) => {
          if (route.watch) route.watch.error({ ...e, ours: false });
          else reject(new Error(`Python could not be loaded: ${e.message || 'the worker failed to start'}.`));
        },
        refused: (s) => route.watch?.refused(s),
      });
    }, (error) => reject(new Error(offlineSentence(error))));
    ready.catch(() => {
      if (this.next === entry) this.next = null;
      entry.box?.close();
    });
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
    const entry = /** @type {NonNullable<PythonWorkers['next']>} */ (this.next);
    this.next = null;
    const key = nonce();
    const watch = new Watch(key, ns, {
      ...hooks,
      end: (end) => {
        hooks.end(end);
        this.warm().catch(() => {});
      },
    }, { lang: 'py', source });
    entry.route.watch = watch;
    watch.attach(entry.box);
    entry.box.post({ type: 'run', nonce: key, source, ns, maxCalls: MAX_CALLS });
    return () => watch.stop();
  }

  /** Ends the worker waiting, if any. */
  dispose() {
    this.next?.box?.close();
    this.next = null;
  }
}
