// The Check panel of Your search, drawn from a verdict (program/check.js's
// judgeRun, held by the model with the program it judged): the table of each
// N, the first wrong board and a missed one as small boards, whether the
// verdict is out of date, and the work against the seeds with the first step
// outside row backtracking's tree.

import { el, formatCount } from '../lib/dom.js';
import { BoardView } from '../components/board.js';
import { boardCells, queensByRow, squareName } from '../program/trace.js';
import { wrongWhy } from '../program/check.js';
import { workComparison } from './model.js';

/** Draws a small board of the panel. @param {HTMLElement} fig  @param {number[]} squares  @param {number} size  @param {string} caption */
function drawFigure(fig, squares, size, caption) {
  fig.hidden = false;
  const view = new BoardView(fig);
  const occupied = new Uint8Array(size * size);
  for (const s of squares) occupied[s] = 1;
  const { cells, lines } = boardCells(occupied, size, -1);
  view.fit();
  view.draw(cells, size, lines.length ? lines : null);
  view.describe(queensByRow(occupied, size), size);
  /** @type {HTMLElement} */ (fig.querySelector('figcaption')).textContent = caption;
}

/**
 * The panel as a check starts.
 * @param {ReturnType<typeof import('./markup.js').buildMarkup>} p  @param {number} upTo
 */
export function gradeStarted(p, upTo) {
  p.gradePanel.hidden = false;
  p.verdictLine.textContent = `Running your program for N = 1 to ${upTo}…`;
  p.gradeRows.replaceChildren();
  p.wrongFigure.hidden = true;
  p.missedFigure.hidden = true;
  p.workBox.replaceChildren();
  for (const note of p.gradePanel.querySelectorAll('.code-missed-note')) note.remove();
  showStale(p, '');
}

/**
 * Marks the verdict out of date (or not): its sentence says so and its step links go.
 * @param {ReturnType<typeof import('./markup.js').buildMarkup>} p  @param {string} why  '' when it is current
 */
export function showStale(p, why) {
  p.staleLine.hidden = !why;
  p.staleLine.textContent = why ? `Out of date: ${why}` : '';
  if (why) p.gradePanel.dataset.stale = 'true';
  else delete p.gradePanel.dataset.stale;
  for (const link of p.gradePanel.querySelectorAll('button.linkish')) /** @type {HTMLButtonElement} */ (link).disabled = Boolean(why);
}

/**
 * Where the search lost a missed solution, in words, with a link to that step.
 * @param {NonNullable<import('../program/check.js').Verdict['missed']>} m
 * @param {(n: number, step: number) => void} go  shows a step of the check's run at that N
 */
function missedNote(m, go) {
  const link = el('button', { type: 'button', class: 'linkish', 'data-part': 'missed-step', 'data-n': m.n, 'data-solution': m.cols.join(','), 'data-step': m.step }, `Step ${formatCount(m.step)}`);
  link.addEventListener('click', () => go(m.n, m.step));
  const where = m.line ? ` (line ${m.line})` : '';
  const solution = `the missed solution ${m.cols.join(', ')} (its columns, row by row, N = ${m.n})`;
  const text = m.depth === 0
    ? `: your search never placed the first queen of ${solution}, row 0, column ${m.cols[0]}; that is its last step.`
    : m.depth >= m.cols.length
      ? `${where}: your search left the full board of ${solution} without reporting it.`
      : `${where}: your search left ${m.depth === 1 ? 'row 0' : `rows 0–${m.depth - 1}`} as ${solution} has ${m.depth === 1 ? 'it' : 'them'}, with column ${m.cols[m.depth]} on row ${m.depth} untried: row backtracking tries it there, and it leads to this solution.`;
  return el('p', { class: 'code-missed-note' }, [link, text]);
}

/**
 * The verdict's table, figures and sentence.
 * @param {ReturnType<typeof import('./markup.js').buildMarkup>} p
 * @param {import('../program/check.js').Verdict} v
 * @param {(n: number, step: number) => void} go  shows a step of the check's run at that N
 */
export function showVerdict(p, v, go) {
  v.grades.forEach((g, i) => {
    const whole = v.complete[i];
    p.gradeRows.append(el('tr', { 'data-n': g.n, 'data-found': g.found, 'data-expected': g.expected, 'data-wrong': g.wrong, 'data-duplicates': g.duplicates, 'data-missed': g.missed, class: g.right && whole ? 'right' : 'wrong' }, [
      el('th', { scope: 'row' }, String(g.n)),
      el('td', '', formatCount(g.found)), el('td', '', formatCount(g.expected)), el('td', '', formatCount(g.wrong)),
      el('td', '', formatCount(g.duplicates)), el('td', '', whole ? formatCount(g.missed) : `${formatCount(g.missed)} (stopped)`),
    ]));
  });
  const wrongOne = v.grades.find((g) => g.firstWrong);
  if (wrongOne?.firstWrong) drawFigure(p.wrongFigure, wrongOne.firstWrong.squares, wrongOne.n, `The first wrong board, N = ${wrongOne.n}, step ${formatCount(wrongOne.firstWrong.step)}: ${wrongWhy(wrongOne.firstWrong, wrongOne.n)}.`);
  const first = v.grades.find((g, i) => g.missed > 0 && v.complete[i]);
  if (first?.oneMissed) drawFigure(p.missedFigure, first.oneMissed, first.n, `A solution it missed at N = ${first.n}.`);
  if (v.missed) p.missedFigure.parentElement?.after(missedNote(v.missed, go));
  p.verdictLine.textContent = v.sentence;
}

/** Why a board is outside row backtracking's tree, in words. @param {import('../program/search-tree.js').Outside} o  @param {number} size */
function outsideWhy(o, size) {
  if (o.why === 'attacked' && o.pair) return `the queens on ${squareName(o.pair[0], size)} and ${squareName(o.pair[1], size)} attack each other, a subtree its safe test rules out`;
  if (o.why === 'attacked') return 'two queens attack each other';
  const empty = o.queens.findIndex((q) => q < 0);
  const lowest = o.queens.reduce((last, q, r) => (q >= 0 ? r : last), -1);
  return empty >= 0 && empty < lowest
    ? `row ${empty} is empty while row ${lowest} holds a queen, an order row backtracking never takes (it fills rows 0, 1, 2… in turn)`
    : 'its queens are not one a row from row 0 down, the order row backtracking fills them in';
}

/**
 * The work against the seeds at N, and the first step outside row backtracking's tree.
 * @param {ReturnType<typeof import('./markup.js').buildMarkup>} p
 * @param {import('../program/trace.js').Trace} trace
 * @param {{ name: string, checks: number, placements: number }[]} seeds
 * @param {import('../program/search-tree.js').SearchTree | null} tree
 * @param {(step: number) => void} go  shows a step
 */
export function showWork(p, trace, seeds, tree, go) {
  const rows = [{ name: 'Your search', checks: trace.checks, placements: trace.placements }, ...seeds];
  p.workBox.replaceChildren(el('h4', '', 'Its work against the seeds'), el('table', { class: 'code-work-table' }, [
    el('thead', '', [el('tr', '', [el('th', { scope: 'col' }, `N = ${trace.n}`), el('th', { scope: 'col' }, 'Checks'), el('th', { scope: 'col' }, 'Placements')])]),
    el('tbody', '', rows.map((r) => el('tr', '', [el('th', { scope: 'row' }, r.name), el('td', '', formatCount(r.checks)), el('td', '', formatCount(r.placements))]))),
  ]));
  const backtracking = seeds[0];
  const note = el('p', { 'data-part': 'work-note' });
  if (backtracking) note.append(workComparison(trace, backtracking));
  const outside = tree?.outside;
  if (outside) {
    const link = el('button', { type: 'button', class: 'linkish', 'data-part': 'first-outside' }, `Step ${formatCount(outside.step)}`);
    link.addEventListener('click', () => go(outside.step));
    note.append(link, ` is the first where it stands on a partial board row backtracking never enters: ${outsideWhy(outside, trace.n)}.`);
  } else if (tree && backtracking) note.append('Every partial board it stood on is one row backtracking enters too.');
  if (note.childNodes.length) p.workBox.append(note);
}
