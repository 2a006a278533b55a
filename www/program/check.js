// The one program checker (no DOM): a learner's program run for several N in
// its sandbox (runner.js), one trace a board size (trace.js), each judged
// against every solution (grade.js), and the verdict in words. Your search's
// Check, Learn's "Write your own" practice and the gradebook's program items
// all come here.

import { runJs, PythonWorkers, MAX_CALLS } from './runner.js';
import { ingestRuns, squareName } from './trace.js';
import { allSolutions, gradeReports, missedAt } from './grade.js';
import { formatCount } from '../lib/dom.js';

/**
 * @typedef {object} ProgramRun  a run under way
 * @property {import('./trace.js').Trace[]} traces  one per N, filled as the records come
 * @property {() => void} stop  ends the run (the steps made so far are kept)
 * @property {Promise<{ traces: import('./trace.js').Trace[], end: import('./runner.js').RunEnd }>} done
 */

/**
 * Runs `source` for each N of `ns`, its records fed into one trace a board
 * size; `tick` reports the time and calls a few times a second.
 * @param {'js' | 'py'} lang
 * @param {string} source
 * @param {number[]} ns
 * @param {{ python?: PythonWorkers, tick?: (ms: number, calls: number) => void, tag?: string }} [options]
 *   tag: what the program is, kept with it in case the tab dies while it runs ('' for Your search's editor)
 * @returns {Promise<ProgramRun>}  once the program has started
 */
export async function startProgram(lang, source, ns, { python, tick, tag = '' } = {}) {
  /** @type {import('./trace.js').Trace[]} */
  const traces = [];
  /** @type {(end: import('./runner.js').RunEnd) => void} */
  let finish = () => {};
  /** @type {Promise<{ traces: import('./trace.js').Trace[], end: import('./runner.js').RunEnd }>} */
  const done = new Promise((resolve) => {
    finish = (end) => {
      for (const trace of traces) trace.program = { lang, source };
      resolve({ traces, end });
    };
  });
  /** @type {import('./runner.js').RunHooks} */
  const hooks = { chunk: (data, texts, _calls, state) => ingestRuns(traces, data, texts, state), end: finish, tick, tag };
  let stop = () => {};
  try {
    stop = lang === 'py' ? await (python ?? new PythonWorkers(() => {})).run(source, ns, hooks) : runJs(source, ns, hooks);
  } catch (error) {
    finish({ reason: 'failed', message: /** @type {Error} */ (error).message, line: 0 });
  }
  return { traces, stop: () => stop(), done };
}

/**
 * Times a JavaScript program's solve(n) once, untraced: a quiet run in its
 * box, which records nothing, so the time is the program's own and not
 * checked. Resolves to the milliseconds, or to a sentence saying why there
 * is no time (a Python program, or a run that did not end by itself).
 * @param {'js' | 'py'} lang
 * @param {string} source
 * @param {number} n
 * @returns {Promise<{ ms: number } | { why: string }>}
 */
export function timeProgram(lang, source, n) {
  if (lang !== 'js') return Promise.resolve({ why: 'not timed: a Python program runs traced only' });
  return new Promise((resolve) => {
    runJs(source, [n], {
      chunk: () => {},
      end: (end) => resolve(end.reason === 'done' && typeof end.ms === 'number'
        ? { ms: end.ms }
        : { why: `not timed: run untraced, ${end.reason === 'time' ? 'it passed the time limit' : end.reason === 'calls' ? 'it passed the limit of calls' : end.reason === 'tampered' ? 'it tampered with its box' : 'it failed'}` }),
      tag: 'Race: your search timed untraced',
    }, { quiet: true });
  });
}

/**
 * @typedef {object} Verdict  a check's judgement of every N it ran
 * @property {number} upTo
 * @property {import('./grade.js').Grade[]} grades  one per N that ran
 * @property {boolean[]} complete  whether each N's run ended by itself
 * @property {boolean} finished  every N ran to its end
 * @property {boolean} right
 * @property {string[]} problems  what is wrong, each a clause
 * @property {string} sentence  the verdict in words
 * @property {number} shownN  the N whose trace to show: where it first went wrong, else upTo
 * @property {(import('./grade.js').MissedAt & { n: number }) | null} missed  where the first N that missed a solution lost one
 */

/**
 * The sentence for how a run ended, '' when it ended by itself.
 * @param {import('./runner.js').RunEnd} end
 */
export function endingText(end) {
  const where = end.line ? ` (line ${end.line})` : '';
  switch (end.reason) {
    case 'done': return end.message ?? '';
    case 'calls': return `The run stopped at ${formatCount(MAX_CALLS)} tracer calls, the most a run may make: the steps so far are kept, and play.`;
    case 'time': return end.message ?? 'Stopped at the time limit.';
    case 'stopped': return end.message ?? 'Stopped.';
    case 'bad': return `A bad call${where}: ${end.message}`;
    case 'tampered': return end.message ?? 'The program tampered with its box: the run was ended.';
    default: return `Your program failed${where}: ${end.message}`;
  }
}

/**
 * Judges a run over N = 1 … upTo.
 * @param {import('./trace.js').Trace[]} traces
 * @param {import('./runner.js').RunEnd} end
 * @param {number} upTo
 * @returns {Verdict}
 */
export function judgeRun(traces, end, upTo) {
  const complete = traces.map((t, i) => i < traces.length - 1 || end.reason === 'done');
  // found(k) or count(k) anywhere in the run: every N is graded by its total.
  const weighted = traces.some((t) => t.weighted);
  const grades = traces.map((t) => gradeReports(t.n, t.found, allSolutions(t.n), { counted: t.counted, weighted }));
  const finished = end.reason === 'done' && traces.length === upTo;
  const right = finished && grades.every((g) => g.right);
  /** @type {string[]} */
  const problems = [];
  if (!finished) {
    const why = endingText(end).replace(/[.:]?\s*$/, '');
    problems.push(`it did not finish every N (${why || 'it stopped'})`);
  }
  const wrongOne = grades.find((g) => g.firstWrong);
  if (wrongOne?.firstWrong) {
    const f = wrongOne.firstWrong;
    problems.push(`it reported a board that is not a solution at N = ${wrongOne.n} (step ${formatCount(f.step)}: ${wrongWhy(f, wrongOne.n)})`);
  }
  const dup = grades.find((g) => g.firstDuplicate);
  if (dup?.firstDuplicate) problems.push(`it reported a solution twice at N = ${dup.n} (first at step ${formatCount(dup.firstDuplicate.firstStep)}, again at step ${formatCount(dup.firstDuplicate.step)})`);
  const byTotal = grades.filter((g, i) => g.by === 'total' && complete[i] && g.total !== g.expected);
  for (const g of byTotal) problems.push(`its total at N = ${g.n} is ${formatCount(g.total)}, ${g.total > g.expected ? 'more' : 'fewer'} than the ${formatCount(g.expected)} solutions there are`);
  const missing = grades.filter((g, i) => g.missed > 0 && complete[i] && g.by === 'boards');
  if (missing.length) {
    const total = missing.reduce((a, g) => a + g.missed, 0);
    problems.push(`it missed ${formatCount(total)} solution${total === 1 ? '' : 's'} (${missing.map((g) => `${formatCount(g.missed)} of ${formatCount(g.expected)} at N = ${g.n}`).join(', ')})`);
  }
  const totals = grades.some((g) => g.by === 'total');
  // Which way it was graded: board by board, or by its total of found(k) and count(k).
  const way = totals
    ? ' Graded by its total: the boards it reported (each checked, each counted as found(k) says) and its count(k) calls add up to the number of solutions.'
    : '';
  const sentence = right
    ? `Right: for every N from 1 to ${upTo} it ${totals ? 'accounts for every solution' : 'reports each solution once and nothing else'} (${grades.map((g) => formatCount(g.expected)).join(', ')}, as OEIS A000170 says).${way}`
    : `Not right yet: ${problems.join('; ')}.${way}`;
  const lost = grades.findIndex((g, i) => g.missed > 0 && complete[i] && g.oneMissed && g.by === 'boards');
  const missed = lost >= 0 ? { n: grades[lost].n, ...missedAt(traces[lost], /** @type {number[]} */ (grades[lost].oneMissed)) } : null;
  const firstBad = grades.findIndex((g, i) => !g.right || !complete[i]);
  const shownN = right || firstBad < 0 ? (traces.find((t) => t.n === upTo)?.n ?? traces[traces.length - 1]?.n ?? upTo) : grades[firstBad].n;
  return { upTo, grades, complete, finished, right, problems, sentence, shownN, missed };
}

/** Why a reported board is not a solution. @param {import('./trace.js').Found} f  @param {number} n */
export function wrongWhy(f, n) {
  return f.pair ? `the queens on ${squareName(f.pair[0], n)} and ${squareName(f.pair[1], n)} attack each other` : `it has ${f.squares.length} queen${f.squares.length === 1 ? '' : 's'}, not ${n}`;
}

/** @type {PythonWorkers | null} */
let python = null;
/** The checks without the editor run one after another: one worker at a time, whatever the number of hand-ins. */
let queue = Promise.resolve();

/**
 * Runs `source` for N = 1 … upTo and judges what it reports, after the
 * checks asked for before (Learn's practice and the gradebook).
 * @param {'js' | 'py'} lang
 * @param {string} source
 * @param {number} upTo
 * @param {string} [tag]  what the program is, kept in case the tab dies while it runs (keep.js)
 * @returns {Promise<Verdict & { end: import('./runner.js').RunEnd, sentence: string }>}
 */
export function checkProgram(lang, source, upTo, tag = 'check') {
  const run = queue.then(async () => {
    const ns = Array.from({ length: upTo }, (_, i) => i + 1);
    if (lang === 'py') python ??= new PythonWorkers(() => {});
    const started = await startProgram(lang, source, ns, { python: python ?? undefined, tag });
    const { traces, end } = await started.done;
    return { ...judgeRun(traces, end, upTo), end };
  });
  queue = run.then(() => undefined, () => undefined);
  return run;
}
