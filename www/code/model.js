// Your search's state with no DOM: the link's parameters, the program of each
// language, the run under way or last ended, the trace shown and its step (a
// TraceSession, which the visualizer's Player steps), and a Check's verdict
// with the program it judged. The views (mode.js and the files beside it)
// read it and call its methods; node tests drive it directly.

import { counted } from '../lib/dom.js';
import { clip } from '../lib/words.js';
import { wholeNumber } from '../lib/params.js';
import { STARTERS, DEFAULT_STARTER } from '../program/starters.js';
import { Trace, queensByRow } from '../program/trace.js';
import { TraceSession } from '../program/trace-session.js';
import { SearchTree, nodeCols } from '../program/search-tree.js';
import { endingText, judgeRun, startProgram } from '../program/check.js';
import { PythonWorkers } from '../program/runner.js';

/** The board sizes of a traced run. */
export const MIN_N = 1;
export const MAX_N = 12;
export const DEFAULT_N = 6;

/** @typedef {'idle'|'loading'|'running'|'done'|'error'|'stopped'} RunState */
/** @typedef {'js'|'py'} Lang */

/**
 * Reads ?lang=, ?n=, ?src= (the packed program, unpacked when built) and
 * ?starter= (a starter program by its id; src= wins over it).
 * @param {string} search
 * @returns {{ lang: Lang, n: number, src: string | null, starter: string | null, problems: string[] }}
 */
export function parseCodeParams(search) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  /** @type {Lang} */
  let lang = 'js';
  const rawLang = params.get('lang');
  if (rawLang !== null) {
    const wanted = rawLang.trim().toLowerCase();
    if (wanted === 'js' || wanted === 'py') lang = wanted;
    else problems.push(`The link's lang=${clip(rawLang)} is neither js (JavaScript) nor py (Python): showing JavaScript.`);
  }
  let n = DEFAULT_N;
  const rawN = params.get('n');
  if (rawN !== null) {
    const value = wholeNumber(rawN.trim());
    if (value >= MIN_N && value <= MAX_N) n = value;
    else problems.push(`The link's board size n=${clip(rawN)} is not a whole number from ${MIN_N} to ${MAX_N}, the sizes a traced run takes: showing N = ${DEFAULT_N}.`);
  }
  const src = params.get('src');
  let starter = params.get('starter');
  if (starter !== null && !STARTERS.some((s) => s.id === starter)) {
    problems.push(`The link's starter=${clip(starter)} is not a starter program (${STARTERS.map((s) => s.id).join(', ')}): showing ${DEFAULT_STARTER}.`);
    starter = null;
  }
  return { lang, n, src: src && src.trim() ? src.trim() : null, starter, problems };
}

/** A sentence ending in a full stop (or the mark it has), so two never run together. @param {string} text */
export function closed(text) {
  const t = text.trim();
  return !t || /[.!?…]$/.test(t) ? t : `${t}.`;
}

/**
 * Whether a program is still the starter's (edited, not replaced): most of
 * the starter's lines are still in it.
 * @param {string} text  @param {string} starter
 */
export function keepsStarter(text, starter) {
  const lines = starter.split('\n').map((l) => l.trim()).filter((l) => l.length > 3);
  const have = new Set(text.split('\n').map((l) => l.trim()));
  return lines.length > 0 && lines.filter((l) => have.has(l)).length * 2 >= lines.length;
}

/**
 * @typedef {object} CheckedVerdict  a Check's verdict and what it judged
 * @property {import('../program/check.js').Verdict} judged
 * @property {Lang} lang  the program's language
 * @property {string} source  the program it ran
 * @property {string} stale  '' while it is the program in the editor; else why it is out of date
 */

export class CodeModel {
  /**
   * @param {{ keep?: (n: number, trace: Trace) => void, progress?: (fraction: number, text: string) => void }} [options]
   *   keep: where a finished run goes (the shell's kept runs, for Race); progress: Python's loading
   */
  constructor({ keep = () => {}, progress = () => {} } = {}) {
    this.keep = keep;
    this.progress = progress;
    /** @type {PythonWorkers | null} loaded the first time Python is wanted */
    this.python = null;
    /** @type {(() => void) | null} stops the run under way */
    this.stopRun = null;
    /** @type {RunState} */
    this.state = 'idle';
    /** @type {Lang} */
    this.lang = 'js';
    this.n = DEFAULT_N;
    /** @type {Record<Lang, string>} the program of each language, kept when switching */
    this.programs = { js: '', py: '' };
    this.starterId = DEFAULT_STARTER;
    /** @type {'run' | 'check' | null} what is running, or ran last */
    this.kind = null;
    /** @type {Trace | null} the trace shown */
    this.trace = null;
    /** @type {TraceSession | null} its session, which holds the step shown */
    this.session = null;
    /** @type {CheckedVerdict | null} */
    this.verdict = null;
    /** @type {Set<number>} the program's lines where Play stops */
    this.breakpoints = new Set();
    /** A note on the N shown when it is not the one asked for ('' when it is). */
    this.shownNote = '';
    /** @type {Trace[]} the traces of the last Check, one per N */
    this.checked = [];
    /** @type {SearchTree | null} the search tree of the trace shown, once built */
    this.tree = null;
    this.treeToken = 0;
  }

  /** Builds the search tree of the trace shown, in slices; null if another trace came first. */
  async buildTree() {
    const token = ++this.treeToken;
    this.tree = null;
    const shown = this.trace;
    if (!shown) return null;
    const tree = await SearchTree.fromTrace(shown);
    if (token !== this.treeToken || shown !== this.trace) return null;
    this.tree = tree;
    return tree;
  }

  /** What window.nqueens.yourSearch shows of the model, for tests and the console. */
  exposed() {
    const trace = this.trace, t = this.tree;
    const queens = trace ? queensByRow(trace.at(this.position).occupied, trace.n) : new Array(this.n).fill(-1);
    const tree = t && {
      entered: t.entered - 1,
      wrong: t.wrong,
      neverRoots: t.neverRoots,
      neverBoards: t.neverBoards,
      outside: t.outside?.step ?? 0,
      // Each entered node as its columns by row (the root, the empty board, left out), for tests.
      nodes: t.depths.length <= 20_000 ? t.depths.slice(1).map((d, i) => nodeCols(t.indexes[i + 1], t.n, d)) : null,
      never: t.neverList,
    };
    /** @type {'right' | 'wrong' | null} */
    const verdict = this.verdict ? (this.verdict.judged.right ? 'right' : 'wrong') : null;
    return { state: this.state, step: this.position, steps: trace?.steps ?? 0, queens, verdict, stale: Boolean(this.verdict?.stale), tree };
  }

  /** The step shown. */
  get position() { return this.session?.stepIndex ?? 0; }
  get busy() { return this.state === 'running' || this.state === 'loading'; }

  /** The starter with this id (the first if none). @param {string} id */
  starter(id) { return STARTERS.find((s) => s.id === id) ?? STARTERS[0]; }

  /**
   * The N field changed: a whole number in range is the new N; anything else
   * is a sentence and N stays.
   * @param {string} text
   * @returns {string}  '' when taken
   */
  setN(text) {
    const value = wholeNumber(text.trim());
    if (value >= MIN_N && value <= MAX_N) {
      this.n = value;
      return '';
    }
    return `N is a whole number from ${MIN_N} to ${MAX_N} for a traced run: keeping N = ${this.n}.`;
  }

  /**
   * The editor's text changed: a verdict on another program is out of date.
   * @param {string} source
   */
  edited(source) {
    this.programs[this.lang] = source;
    const v = this.verdict;
    if (v && !v.stale && (v.source !== source || v.lang !== this.lang)) v.stale = 'The program was edited after this check: check it again for a verdict on it.';
  }

  /**
   * A run or a check starts: the trace shown goes, a run marks a verdict out of date.
   * @param {'run' | 'check'} kind
   */
  begin(kind) {
    this.kind = kind;
    this.state = this.lang === 'py' ? 'loading' : 'running';
    this.trace = null;
    this.session = null;
    this.treeToken++;
    this.tree = null;
    this.shownNote = '';
    if (kind === 'check') {
      this.verdict = null;
      this.checked = [];
    }
    else if (this.verdict && !this.verdict.stale) this.verdict.stale = 'A new run came after this check: its step links were for the checked runs, and check again for a verdict on the program now.';
  }

  /**
   * Switches language, keeping each language's program: the new one's text
   * (its starter's the first time).
   * @param {Lang} next  @param {string} text  the program in the editor now
   */
  setLang(next, text) {
    this.programs[this.lang] = text;
    this.lang = next;
    this.programs[next] ||= this.starter(this.starterId)[next];
    return this.programs[next];
  }

  /** Starts loading Python (once), for a Run to find it ready. */
  warmPython() {
    this.python ??= new PythonWorkers(this.progress);
    return this.python.warm();
  }

  /**
   * Runs `source` for each N of `ns` (after loading Python if needed);
   * `changed` is called as the state moves on.
   * @param {'run' | 'check'} kind  @param {number[]} ns  @param {string} source
   * @param {{ changed: () => void, tick?: (ms: number, calls: number, n: number) => void }} hooks
   * @returns {Promise<{ traces: Trace[], end: import('../program/runner.js').RunEnd }>}
   */
  async execute(kind, ns, source, { changed, tick }) {
    this.begin(kind);
    changed();
    const lang = this.lang;
    try {
      if (lang === 'py') {
        await this.warmPython();
        if (this.state !== 'loading') return { traces: [], end: { reason: 'stopped', message: 'Stopped.', line: 0 } };
        this.state = 'running';
        changed();
      }
      /** @type {Trace[]} */
      let traces = [];
      const run = await startProgram(lang, source, ns, { python: this.python ?? undefined, tick: (ms, calls) => tick?.(ms, calls, traces.length ? traces[traces.length - 1].n : ns[0]) });
      traces = run.traces;
      this.stopRun = run.stop;
      return await run.done;
    } catch (error) {
      return { traces: [], end: { reason: 'failed', message: /** @type {Error} */ (error).message, line: 0 } };
    } finally {
      this.stopRun = null;
    }
  }

  /** Stops the run under way (or Python's loading for it). */
  stop() {
    if (this.stopRun) this.stopRun();
    else if (this.state === 'loading') this.state = 'stopped';
  }

  /** @param {Trace} trace */
  show(trace) {
    this.treeToken++;
    this.tree = null;
    this.trace = trace;
    this.session = new TraceSession(trace);
    this.session.breakpoints = this.breakpoints;
  }

  /**
   * Shows the last Check's trace at `n` (N follows); false when it has none.
   * @param {number} n
   */
  showChecked(n) {
    const trace = this.checked.find((t) => t.n === n);
    if (!trace || this.busy) return false;
    if (trace !== this.trace) this.show(trace);
    this.n = n;
    this.shownNote = '';
    return true;
  }

  /** Goes to step k of the trace shown (clamped). @param {number} k */
  seek(k) { this.session?.seek(k); }

  /**
   * A Run ended: its trace is shown at its last step, kept when it ended by itself.
   * @param {Trace[]} traces
   * @param {import('../program/runner.js').RunEnd} end
   * @returns {string}  the sentence for it
   */
  endRun(traces, end) {
    const trace = traces[0] ?? new Trace(this.n);
    this.state = stateAfter(end);
    if (end.reason === 'done' && traces[0]) this.keep(trace.n, trace);
    this.show(trace);
    this.seek(trace.steps);
    const text = endingText(end);
    const summary = runSummary(trace);
    return text ? `${closed(text)} ${summary}` : `Done: ${summary} Step through it, or check it for every N up to ${this.n}.`;
  }

  /**
   * A Check over N = 1 … n ended: the verdict, for this program; the trace
   * shown is the N where it first went wrong (N follows, and says so).
   * @param {Trace[]} traces
   * @param {import('../program/runner.js').RunEnd} end
   * @param {string} source  the program that ran
   * @returns {import('../program/check.js').Verdict}
   */
  endCheck(traces, end, source) {
    const upTo = this.n;
    const judged = judgeRun(traces, end, upTo);
    this.state = stateAfter(end);
    judged.complete.forEach((whole, i) => { if (whole) this.keep(traces[i].n, traces[i]); });
    this.verdict = { judged, lang: this.lang, source, stale: '' };
    this.checked = traces;
    const trace = traces.find((t) => t.n === judged.shownN) ?? traces[traces.length - 1] ?? new Trace(upTo);
    this.show(trace);
    this.seek(trace.steps);
    if (trace.n !== upTo) {
      this.shownNote = `Showing N = ${trace.n}, where it first went wrong (the check went up to N = ${upTo}); N is now ${trace.n}.`;
      this.n = trace.n;
    }
    return judged;
  }
}

/** The state a run's end leaves. @param {import('../program/runner.js').RunEnd} end  @returns {RunState} */
function stateAfter(end) {
  if (end.reason === 'done') return 'done';
  return end.reason === 'calls' || end.reason === 'time' || end.reason === 'stopped' ? 'stopped' : 'error';
}

/**
 * Row backtracking's and bitwise's checks and placements at N, from the core, in slices.
 * @param {import('../core/core.js').Core} core  @param {number} size
 */
export async function seedWork(core, size) {
  /** @type {{ name: string, checks: number, placements: number }[]} */
  const rows = [];
  for (const [id, name] of [['backtracking', 'Row backtracking'], ['bitwise', 'Bitwise']]) {
    try {
      const session = new core.wasm.Session(id, size, undefined);
      while (!session.done) {
        session.run(20_000);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      rows.push({ name, checks: session.checks, placements: session.placements });
      session.free();
    } catch (error) {
      console.warn(`Could not run ${id} at ${size}:`, error);
    }
  }
  return rows;
}

/** "12 steps, 40 checks, 2 solutions found at N = 4." @param {Trace} trace */
export function runSummary(trace) {
  return `${counted(trace.steps, 'step')}, ${counted(trace.checks, 'check')}, ${counted(trace.solutions, 'solution')} found at N = ${trace.n}.`;
}

/**
 * How its work compares with row backtracking's, in words ('' when it makes no more of either).
 * @param {{ checks: number, placements: number }} yours  @param {{ checks: number, placements: number }} theirs
 */
export function workComparison(yours, theirs) {
  if (yours.placements <= theirs.placements && yours.checks <= theirs.checks) return '';
  const parts = [`${(yours.placements / Math.max(1, theirs.placements)).toFixed(1)}× the placements`];
  if (yours.checks > 0) parts.push(`${(yours.checks / Math.max(1, theirs.checks)).toFixed(1)}× the checks`);
  const never = yours.checks === 0 ? ' (it never calls board.safe(), so the page counts no checks of it)' : '';
  return `It makes ${parts.join(' and ')} of row backtracking${never}. `;
}

