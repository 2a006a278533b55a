// A learner's program checked without the editor: run for every N from 1 to
// a given N in the same sandboxes as Your search (program/runner.js), its found()
// boards read from the trace (trace.js) and judged against every solution
// (grade.js). Other tabs reach it through the shell (Page.checkProgram),
// as Learn's hand-ins do; no DOM.

import { allSolutions, gradeReports } from '../program/grade.js';
import { runJs, PythonWorkers } from '../program/runner.js';
import { ingestRuns } from '../program/trace.js';

/** @type {PythonWorkers | null} */
let python = null;
/** The checks run one after another: one worker at a time, whatever the number of hand-ins. */
let queue = Promise.resolve();

/**
 * Runs `source` for N = 1 … upTo and judges what it reports, after the checks asked for before.
 * @param {'js' | 'py'} lang
 * @param {string} source
 * @param {number} upTo
 * @returns {Promise<{ right: boolean, sentence: string }>}
 */
export function checkProgram(lang, source, upTo) {
  const run = queue.then(() => checkOne(lang, source, upTo));
  queue = run.then(() => undefined, () => undefined);
  return run;
}

/**
 * One check.
 * @param {'js' | 'py'} lang
 * @param {string} source
 * @param {number} upTo
 * @returns {Promise<{ right: boolean, sentence: string }>}
 */
function checkOne(lang, source, upTo) {
  const ns = Array.from({ length: upTo }, (_, i) => i + 1);
  return new Promise((resolve) => {
    /** @type {import('../program/trace.js').Trace[]} */
    const traces = [];
    /** @param {Int32Array} data */
    const chunk = (data) => ingestRuns(traces, data);
    /** @param {import('../program/runner.js').RunEnd} end */
    const end = (end) => {
      if (end.reason !== 'done' || traces.length !== ns.length) {
        resolve({ right: false, sentence: `It did not finish every N from 1 to ${upTo}: ${end.message ?? end.reason}.` });
        return;
      }
      const grades = traces.map((t) => gradeReports(t.n, t.found, allSolutions(t.n)));
      const bad = grades.find((g) => !g.right);
      resolve(bad
        ? { right: false, sentence: `At N = ${bad.n} it found ${bad.found} of ${bad.expected} solutions, with ${bad.wrong} wrong boards and ${bad.duplicates} repeated.` }
        : { right: true, sentence: `It reports every solution once, and nothing else, for every N from 1 to ${upTo}.` });
    };
    try {
      if (lang === 'py') {
        python ??= new PythonWorkers(() => {});
        python.run(source, ns, { chunk, end, tag: 'check' }).catch((/** @type {Error} */ error) => resolve({ right: false, sentence: `Python could not run it: ${error.message}` }));
      } else {
        runJs(source, ns, { chunk, end, tag: 'check' });
      }
    } catch (error) {
      resolve({ right: false, sentence: `It could not be run: ${/** @type {Error} */ (error).message}` });
    }
  });
}
