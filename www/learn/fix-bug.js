// Practice of "Write your own": a starter program of Your search with a
// planted bug, in an editor in the chapter. Check runs the learner's version
// for every N from 1 to FIX_N in a worker of its own and judges it as Check
// my search does (www/program/check.js): right when it reports every
// solution once and nothing else.

import { el, formatCount } from '../lib/dom.js';
import { Editor } from '../program/editor.js';
import { STARTERS } from '../program/starters.js';
import { checkProgram } from '../program/check.js';
import { takeCrash, crashSentence } from '../program/keep.js';
import { squareName } from '../program/trace.js';
import { prng, between } from './questions.js';

/** The board sizes a fix is checked at: 1 to FIX_N. */
const FIX_N = 6;

/** The starter with a planted bug that a seed asks to fix. @param {number} seed */
function fixBugQuestion(seed) {
  const bugs = STARTERS.filter((s) => s.buggy);
  const starter = bugs[between(prng(seed + 4_099), 0, bugs.length - 1)];
  return { kind: 'fix-bug', starter, n: FIX_N };
}

/** @type {import('./practice.js').Builder} */
export function fixBug(seed, { root, prompt, body }) {
  const q = fixBugQuestion(seed);
  root.dataset.starter = q.starter.id;
  root.dataset.n = String(q.n);
  prompt.textContent = `${q.starter.task} Edit the program below, then Check: it runs for every N from 1 to ${q.n}, and every board it reports with board.found() is judged against every solution, as Check my search judges it.`;
  const box = el('div', { class: 'learn-editor', 'data-part': 'editor' });
  const open = el('a', { href: `?mode=code&lang=js&n=${q.n}&starter=${q.starter.id}`, 'data-part': 'open-code' }, 'Open this starter in Your search (to step through it on the board)');
  body.append(box, el('p', 'learn-open-code', [open]));
  const editor = new Editor(box, q.starter.js, 'js', () => editor.showError(0));
  // A fix whose run took the tab down last time: back in the editor, named.
  takeCrash((r) => r.tag === 'fix-bug').then((crash) => {
    if (!crash) return;
    editor.setText(crash.source);
    root.dataset.crashed = 'true';
    verdict.textContent = crashSentence(crash);
  });
  const verdict = /** @type {HTMLElement} */ (root.querySelector('[data-part="verdict"]'));
  return {
    async grade() {
      const text = editor.text;
      if (!text.trim()) return { empty: 'The editor is empty: bring the program back with Ctrl+Z, fix it, then Check.' };
      verdict.textContent = `Running your program for N = 1 to ${q.n}…`;
      const { grades, end, finished, right } = await checkProgram('js', text, q.n, 'fix-bug');
      if (end.line) editor.showError(end.line);
      /** @type {string[]} */
      const reasons = grades.map((g) => `N = ${g.n}: ${formatCount(g.found)} of ${formatCount(g.expected)} solutions reported`
        + `${g.wrong ? `, ${formatCount(g.wrong)} board${g.wrong === 1 ? '' : 's'} that ${g.wrong === 1 ? 'is' : 'are'} not a solution` : ''}`
        + `${g.duplicates ? `, ${formatCount(g.duplicates)} reported again` : ''}${g.missed ? `, ${formatCount(g.missed)} missed` : ''}.`);
      if (!finished) {
        const where = end.line ? ` (line ${end.line})` : '';
        return { right: false, message: `It did not finish every N: ${end.reason === 'calls' ? 'it made too many tracer calls' : end.message ?? 'it stopped'}${where}.`, reasons };
      }
      if (right) return { right, message: `It reports each solution once for every N from 1 to ${q.n} (${grades.map((g) => formatCount(g.expected)).join(', ')}, as OEIS A000170 says), and nothing else.`, reasons };
      const wrong = grades.find((g) => g.firstWrong);
      const twice = grades.find((g) => g.firstDuplicate);
      const missed = grades.filter((g) => g.missed > 0);
      /** @type {string[]} */
      const problems = [];
      if (wrong?.firstWrong) {
        const f = wrong.firstWrong;
        problems.push(f.pair ? `at N = ${wrong.n} it reported a board whose queens on ${squareName(f.pair[0], wrong.n)} and ${squareName(f.pair[1], wrong.n)} attack each other` : `at N = ${wrong.n} it reported a board of ${f.squares.length} queen${f.squares.length === 1 ? '' : 's'}, not ${wrong.n}`);
      }
      if (twice) problems.push(`at N = ${twice.n} it reported a solution twice`);
      if (missed.length) problems.push(`it missed ${missed.map((g) => `${formatCount(g.missed)} of ${formatCount(g.expected)} at N = ${g.n}`).join(', ')}`);
      return { right: false, message: `The bug is still there: ${problems.join('; ')}.`, reasons };
    },
  };
}
