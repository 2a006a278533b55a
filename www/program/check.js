// A JavaScript program run for several N at once and judged, as Check my
// search judges it, for the pages that only need the verdict (Learn's "Write
// your own" practice): the run in its worker (runner.js), one trace a board
// size (trace.js), each judged against every solution (grade.js).

import { runJs } from './runner.js';
import { Trace, KIND } from './trace.js';
import { allSolutions, gradeReports } from './grade.js';

/**
 * Runs `source` for each N of `ns`; resolves at the end of the run.
 * @param {string} source
 * @param {number[]} ns
 * @returns {Promise<{ traces: Trace[], end: import('./runner.js').RunEnd }>}
 */
function runProgram(source, ns) {
  return new Promise((resolve) => {
    /** @type {Trace[]} */
    const traces = [];
    runJs(source, ns, {
      chunk: (data) => {
        // A board record starts the trace of the next N.
        let from = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i] !== KIND.BOARD) continue;
          if (i > from && traces.length) traces[traces.length - 1].ingest(data.subarray(from, i));
          traces.push(new Trace(data[i + 2]));
          from = i + 4;
        }
        if (from < data.length && traces.length) traces[traces.length - 1].ingest(data.subarray(from));
      },
      end: (end) => resolve({ traces, end }),
      tag: 'fix-bug',
    });
  });
}

/**
 * The program judged for every N from 1 to `upTo`.
 * @param {string} source
 * @param {number} upTo
 */
export async function checkProgram(source, upTo) {
  const ns = Array.from({ length: upTo }, (_, i) => i + 1);
  const { traces, end } = await runProgram(source, ns);
  const grades = traces.map((t) => gradeReports(t.n, t.found, allSolutions(t.n)));
  const finished = end.reason === 'done' && traces.length === ns.length;
  return { grades, end, finished, right: finished && grades.every((g) => g.right) };
}
