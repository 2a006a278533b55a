// The "compare" panel: runs all five searches to the end at the current N, off
// screen and a slice per frame, and tabulates what each one cost. This is where
// 16.7 million boards against a few thousand steps becomes one glance.
//
// Its sessions are its own (never the visualizer's); it finds its button, status
// line and table by data-part inside the root it is given.

import { el, formatCount, part } from './dom.js';
import { Runner } from './runner.js';

/** Stop a search that has not finished after this many steps (permutations at N=12: 479 million). */
const STEP_CAP = 200_000_000;
/** Time per frame spent searching, so the page stays responsive. */
const SLICE_MS = 10;

const COLUMNS = [
  ['steps', 'Steps'],
  ['checks', 'Checks'],
  ['solutionCount', 'Solutions'],
];

export class ComparePanel {
  /**
   * @param {HTMLElement} root  holds the parts compare-button, compare-status and compare-table
   * @param {object} wasm            the wasm module namespace (for Session)
   * @param {Array} algorithms       wasm.algorithms()
   * @param {(error: unknown) => void} onError  shows an error from the core
   */
  constructor(root, wasm, algorithms, onError) {
    this.wasm = wasm;
    this.algorithms = algorithms;
    this.onError = onError;
    this.n = 0;
    this.job = 0; // bumped to cancel a running comparison

    this.button = part(root, 'compare-button');
    this.status = part(root, 'compare-status');
    this.table = part(root, 'compare-table');
    const head = this.table.createTHead().insertRow();
    for (const label of ['Algorithm', ...COLUMNS.map(([, l]) => l), 'Time']) {
      head.append(el('th', { scope: 'col', text: label }));
    }
    this.body = this.table.createTBody();
    this.button.hidden = false;
    this.status.hidden = false;
    this.button.addEventListener('click', () => this.run());
  }

  /** A fresh core after a trap: sessions come from it now; a running comparison stops. */
  useCore(wasm) {
    this.wasm = wasm;
    const n = this.n;
    this.n = 0;
    this.setN(n);
  }

  /** A new board size: the old figures no longer apply. */
  setN(n) {
    if (n === this.n) return;
    this.n = n;
    this.job += 1;
    this.body.replaceChildren();
    this.table.hidden = true;
    this.button.disabled = false;
    this.button.textContent = `Compare all five at N = ${n}`;
    this.status.textContent = 'Runs each search to its end, without drawing, and counts its work.';
  }

  async run() {
    const job = ++this.job;
    const n = this.n;
    this.button.disabled = true;
    this.table.hidden = false;
    this.body.replaceChildren();
    this.status.textContent = `Running every search at N = ${n}…`;
    for (const info of this.algorithms) {
      const row = this.body.insertRow();
      row.dataset.algorithm = info.id;
      // "Bitwise (ld / col / rd)" -> "Bitwise"
      row.append(el('th', { scope: 'row', title: info.name, text: info.name.replace(/ \(.*\)$/, '') }));
      if (n < info.minN || n > info.maxN) {
        const cell = row.insertCell();
        cell.colSpan = COLUMNS.length + 1;
        cell.className = 'muted';
        cell.textContent = `works on boards up to ${info.maxN}×${info.maxN}`;
        continue;
      }
      // Each cell carries its column's name, shown beside it when the table reflows on a phone.
      const cells = [...COLUMNS, ['ms', 'Time']].map(([, label]) => el('td', { 'data-label': label }));
      row.append(...cells);
      cells[0].textContent = '…';
      const result = await this.finish(info.id, n, job);
      if (job !== this.job) return; // N changed or a new run started
      if (!result) {
        cells[0].textContent = 'error';
        continue;
      }
      COLUMNS.forEach(([key], i) => { cells[i].textContent = formatCount(result[key]); });
      if (!result.done) {
        // A capped run's figures are only what it reached: say so in each.
        cells[0].replaceChildren(`over ${formatCount(STEP_CAP)}`, el('span', 'cell-note', 'stopped there'));
        COLUMNS.forEach(([key], i) => {
          if (i > 0) cells[i].replaceChildren(formatCount(result[key]), el('span', 'cell-note', 'so far'));
        });
      }
      cells[COLUMNS.length].textContent = `${result.ms < 10 ? result.ms.toFixed(1) : Math.round(result.ms)} ms`;
      row.dataset.steps = String(result.steps);
      row.dataset.solutions = String(result.solutionCount);
    }
    this.status.textContent = `Every search at N = ${n}, run to its end. Time is wasm time in this browser.`;
    this.button.disabled = false;
  }

  /** Runs one search to its end (or the cap), a slice per frame. */
  async finish(id, n, job) {
    let session;
    const wasm = this.wasm;
    try {
      session = new wasm.Session(id, n);
      // Off screen, so a big first chunk: the runner tunes it within a few calls.
      const runner = new Runner(session, { budgetMs: SLICE_MS, chunk: 1 << 16 });
      while (!session.done && session.stepIndex < STEP_CAP) {
        runner.run(STEP_CAP - session.stepIndex);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (job !== this.job) return null;
      }
      const result = { done: session.done, ms: runner.busyMs };
      for (const [key] of COLUMNS) result[key] = session[key === 'steps' ? 'stepIndex' : key];
      return result;
    } catch (error) {
      this.onError(error);
      return null;
    } finally {
      // A session of a core that trapped and was replaced is left alone.
      if (wasm === this.wasm) session?.free();
    }
  }
}
