// A chapter's practice: one question of a kind, drawn from a seed
// (questions.js), answered on a board of buttons or in a field, and graded on
// Check against the answer computed there, with the reasons shown after.
//
// The element is `[data-exercise][data-kind]`, with `data-seed`, the
// question's facts (`data-n`, `data-queens`, …) and, after Check,
// `data-verdict="right|wrong"`; its Check button is `[data-part="check"]`.

import { counted, el, formatCount } from '../lib/dom.js';
import { readCount } from '../lib/words.js';
import {
  attacks, countQuestion, freeColumnsQuestion, isSolutionQuestion, luby, lubyQuestion,
  minConflictsQuestion, nextProbeQuestion, nextRowQuestion, sameSet,
} from './questions.js';

/**
 * @typedef {object} ExerciseOptions
 * @property {string} kind
 * @property {number} seed
 * @property {Record<string, any>} [options]  the kind's own (is-solution: { permutation })
 * @property {(n: number) => number} count  the number of solutions of N, from the core
 * @property {(right: boolean, first: boolean) => void} onChecked  after each Check; `first`: the question's first
 * @property {() => void} onNew  New question was pressed
 */

/** Column letters would be chess; the page numbers rows and columns from 1 in words, from 0 in data. */
const square = (/** @type {number} */ r, /** @type {number} */ c) => `row ${r + 1}, column ${c + 1}`;

/**
 * Why (r, c) is attacked by the queen in row qr, column qc: "same column" or "same diagonal".
 * @param {number} qr @param {number} qc @param {number} r @param {number} c
 */
const why = (qr, qc, r, c) => (qc === c ? 'same column' : r === qr ? 'same row' : Math.abs(qr - r) === Math.abs(qc - c) ? 'same diagonal' : '');

/**
 * A list in words: "1, 3 and 5".
 * @param {(string|number)[]} items
 */
const list = (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * Columns in words, 1-based: "columns 2, 4 and 5", "no column".
 * @param {number[]} cols
 */
const columnsText = (cols) => (cols.length ? `column${cols.length === 1 ? '' : 's'} ${list(cols.map((c) => c + 1))}` : 'no column');

/**
 * A board of n×n squares as HTML: `content(r, c)` gives what a square holds (a
 * node, or null for an empty square); its class from `shade(r, c)`.
 * @param {number} n
 * @param {(r: number, c: number) => Node | null} content
 * @param {string} label
 * @param {(r: number, c: number) => string} [shade]
 */
function grid(n, content, label, shade = () => '') {
  const board = el('div', { class: 'learn-grid', role: 'group', 'aria-label': label, style: `--n: ${n}` });
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = el('div', `learn-sq ${(r + c) % 2 ? 'learn-sq-dark' : 'learn-sq-light'} ${shade(r, c)}`.trim());
      const inside = content(r, c);
      if (inside) cell.append(inside);
      board.append(cell);
    }
  }
  return board;
}

/**
 * A queen as a square's content: a crown, and words for a screen reader.
 * @param {number} r @param {number} c
 */
const queen = (r, c) => el('span', 'learn-queen', [el('span', { 'aria-hidden': 'true' }, '♛'), el('span', 'sr-only', `queen, ${square(r, c)}`)]);

/**
 * A toggle for a square, `aria-pressed`.
 * @param {Record<string, string | number>} data  its data- attributes
 * @param {string} label
 * @param {Node | string} [face]
 */
function toggle(data, label, face = '') {
  const attrs = /** @type {Record<string, string>} */ ({ type: 'button', class: 'learn-toggle', 'aria-pressed': 'false', 'aria-label': label });
  for (const [key, value] of Object.entries(data)) attrs[`data-${key}`] = String(value);
  const b = el('button', attrs, typeof face === 'string' ? face : [face]);
  b.addEventListener('click', () => b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true')));
  return b;
}

/**
 * The toggles in `root` that are pressed, by a data attribute read as a number.
 * @param {Element} root
 * @param {string} name  e.g. 'column'
 */
function pressed(root, name) {
  return [...root.querySelectorAll(`[data-${name}][aria-pressed="true"]`)].map((b) => Number(/** @type {HTMLElement} */ (b).dataset[name]));
}

/**
 * Builds one exercise in `host`.
 * @param {HTMLElement} host
 * @param {ExerciseOptions} options
 * @returns {HTMLElement}  the [data-exercise] element
 */
export function mountExercise(host, { kind, seed, options = {}, count, onChecked, onNew }) {
  const root = el('section', { class: 'learn-exercise', 'data-exercise': '', 'data-kind': kind, 'data-seed': seed, 'aria-label': 'Practice question' });
  const prompt = el('p', 'learn-prompt');
  const body = el('div', 'learn-body');
  const check = el('button', { type: 'button', class: 'primary', 'data-part': 'check' }, 'Check');
  const next = el('button', { type: 'button', 'data-part': 'new-question', title: 'Draw another question (the link keeps its seed)' }, 'New question');
  const verdict = el('p', { class: 'learn-verdict', 'data-part': 'verdict', 'aria-live': 'polite' });
  const explain = el('div', { class: 'learn-explain', 'data-part': 'explain', hidden: true });
  root.append(
    el('h3', '', ['Practice ', el('span', 'muted', `(question ${seed})`)]),
    prompt, body,
    el('div', 'learn-controls', [check, next]),
    verdict, explain,
  );
  host.replaceChildren(root);
  const { grade } = BUILD[kind](seed, { root, prompt, body }, { ...options, count });
  let checked = false;
  check.addEventListener('click', () => {
    const { right, message, reasons } = grade();
    const first = !checked;
    checked = true;
    root.dataset.verdict = right ? 'right' : 'wrong';
    verdict.textContent = right ? `Right. ${message}` : `Not quite. ${message}`;
    explain.replaceChildren(...reasons.map((line) => el('p', '', line)));
    explain.hidden = reasons.length === 0;
    onChecked(right, first);
  });
  next.addEventListener('click', onNew);
  return root;
}

/**
 * @typedef {{ root: HTMLElement, prompt: HTMLElement, body: HTMLElement }} Parts
 * @typedef {{ right: boolean, message: string, reasons: string[] }} Graded
 * @typedef {(seed: number, parts: Parts, options: Record<string, any>) => { grade: () => Graded }} Builder
 */

/** @type {Record<string, Builder>} */
const BUILD = {
  'next-row': (seed, { root, prompt, body }) => {
    const q = nextRowQuestion(seed);
    const row = q.queens.length;
    root.dataset.n = String(q.n);
    root.dataset.queens = q.queens.join(',');
    prompt.textContent = `${q.n}×${q.n} board with queens in its first ${q.queens.length} rows. Mark every square of row ${row + 1} where a queen would be safe from all of them, then Check.`;
    body.append(grid(q.n, (r, c) => {
      if (r < row) return q.queens[r] === c ? queen(r, c) : null;
      if (r === row) return toggle({ column: c }, `Safe: ${square(r, c)}`);
      return null;
    }, `Board: queens in rows 1 to ${row}; row ${row + 1} is yours to mark`, (r) => (r === row ? 'learn-row-now' : r > row ? 'learn-row-later' : '')));
    return {
      grade() {
        const marked = pressed(root, 'column');
        const right = sameSet(marked, q.answer);
        const reasons = [];
        for (let c = 0; c < q.n; c++) {
          const by = q.queens.map((qc, qr) => [qr, qc]).filter(([qr, qc]) => attacks(qr, qc, row, c));
          if (by.length) reasons.push(`Column ${c + 1}: attacked by ${list(by.map(([qr, qc]) => `the queen in row ${qr + 1} (${why(qr, qc, row, c)})`))}.`);
        }
        return { right, message: `The safe squares of row ${row + 1} are in ${columnsText(q.answer)}; you marked ${columnsText([...marked].sort((a, b) => a - b))}.`, reasons };
      },
    };
  },

  'free-columns': (seed, { root, prompt, body }) => {
    const q = freeColumnsQuestion(seed);
    const row = q.queens.length;
    Object.assign(root.dataset, { n: String(q.n), ld: String(q.ld), col: String(q.col), rd: String(q.rd) });
    prompt.textContent = `The bitwise search at N = ${q.n} comes to row ${row + 1} with these registers (written as the registers above write them: the lowest bit, column 1, on the right). Mark the columns that poss = ~(ld | col | rd) leaves free.`;
    // The highest bit first, as a number is written.
    const order = Array.from({ length: q.n }, (_, i) => q.n - 1 - i);
    const bits = (/** @type {string} */ name, /** @type {number} */ value) => el('tr', '', [
      el('th', { scope: 'row' }, name),
      ...order.map((c) => el('td', { class: value & (1 << c) ? 'learn-bit-on' : '' }, value & (1 << c) ? '1' : '0')),
    ]);
    body.append(el('table', 'learn-bits', [
      el('caption', 'sr-only', 'The registers, one bit a column'),
      el('thead', '', [el('tr', '', [el('th', { scope: 'col' }, 'column'), ...order.map((c) => el('th', { scope: 'col' }, String(c + 1)))])]),
      el('tbody', '', [
        bits('ld', q.ld), bits('col', q.col), bits('rd', q.rd),
        el('tr', '', [el('th', { scope: 'row' }, 'free?'), ...order.map((c) => el('td', '', [toggle({ column: c }, `Column ${c + 1} free`, '?')]))]),
      ]),
    ]));
    return {
      grade() {
        const marked = pressed(root, 'column');
        const right = sameSet(marked, q.answer);
        const taken = q.ld | q.col | q.rd;
        const show = (/** @type {number} */ v) => order.map((c) => (v & (1 << c) ? '1' : '0')).join('');
        const first = q.answer.length ? `poss & -poss = ${show(q.lowest)} keeps only the lowest 1 of poss: column ${Math.log2(q.lowest) + 1}, the square the search tries first.` : 'poss is 0: no column is free, so the search backs up a row.';
        return {
          right,
          message: `The free columns are ${columnsText(q.answer)}.`,
          reasons: [`ld | col | rd = ${show(taken)} (a 1 where some queen attacks).`, `~(…) within the board = ${show(q.poss)}.`, first],
        };
      },
    };
  },

  'next-probe': (seed, { root, prompt, body }) => {
    const q = nextProbeQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(','), probeRow: String(q.probe.row), probeCol: String(q.probe.col), probeSafe: String(q.probe.safe) });
    prompt.textContent = `Backtracking at N = ${q.n}, as in the view above: in each row it tries, left to right, the columns no queen above holds; a square no diagonal attacks gets a queen and the search goes down a row; after a row's last candidate it goes back up and moves that row's queen on. It has just tried ${square(q.probe.row, q.probe.col)} (outlined), which was ${q.probe.safe ? 'safe, so a queen went there' : 'attacked'}. Which square does it try next? Choose one, then Check.`;
    let chosen = -1;
    const buttons = /** @type {HTMLButtonElement[]} */ ([]);
    body.append(grid(q.n, (r, c) => {
      const b = el('button', { type: 'button', class: 'learn-toggle', 'aria-pressed': 'false', 'data-square': `${r},${c}`, 'aria-label': `Next: ${square(r, c)}` });
      if (r < q.queens.length && q.queens[r] === c) b.append(queen(r, c));
      else if (q.probe.safe && r === q.probe.row && c === q.probe.col) b.append(queen(r, c));
      b.addEventListener('click', () => {
        chosen = r * q.n + c;
        for (const other of buttons) other.setAttribute('aria-pressed', String(other === b));
      });
      buttons.push(b);
      return b;
    }, 'Board: choose the square tried next', (r, c) => (r === q.probe.row && c === q.probe.col ? 'learn-probed' : '')));
    return {
      grade() {
        const right = chosen === q.answer.row * q.n + q.answer.col;
        const { row, col, safe } = q.probe;
        const holds = q.queens.filter((c) => c > col);
        const later = Array.from({ length: q.n - col - 1 }, (_, i) => col + 1 + i).filter((c) => !q.queens.includes(c));
        const goes = safe && row + 1 < q.n
          ? 'The square was safe, so a queen went there and the search starts the next row at its first free column.'
          : (safe ? 'That queen completed a solution: the search counts it, lifts the queen and goes on. ' : 'The square was attacked on a diagonal. ')
            + (later.length
              ? `The next candidate of the same row is column ${later[0] + 1}${holds.length ? ' (columns a queen above holds are skipped)' : ''}.`
              : 'That was the last candidate of its row, so the search goes back up: it lifts the queen of the row above and tries that row\'s next free column (and further up, if that row is done too).');
        return { right, message: `Next it tries ${square(q.answer.row, q.answer.col)}.`, reasons: [goes] };
      },
    };
  },

  'is-solution': (seed, { root, prompt, body }, { permutation = false }) => {
    const q = isSolutionQuestion(seed, { permutation });
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(',') });
    prompt.textContent = `Is this ${q.n}×${q.n} board a solution (no two queens attack each other)? If not, mark two queens that attack each other.${permutation ? ' Its queens are in different rows and different columns, as the permutations search makes them.' : ''}`;
    const yes = el('input', { type: 'radio', name: `learn-yes-${seed}`, value: 'yes', 'data-part': 'yes' });
    const no = el('input', { type: 'radio', name: `learn-yes-${seed}`, value: 'no', 'data-part': 'no' });
    body.append(
      grid(q.n, (r, c) => (q.queens[r] === c ? toggle({ row: r }, `Attacks: the queen in ${square(r, c)}`, queen(r, c)) : null), 'Board: mark two queens that attack'),
      el('fieldset', 'learn-choice', [
        el('legend', '', 'A solution?'),
        el('label', '', [yes, ' Yes, a solution']),
        el('label', '', [no, ' No: the queens I marked attack each other']),
      ]),
    );
    return {
      grade() {
        const marked = pressed(root, 'row');
        const pairText = (/** @type {number[]} */ [a, b]) => `rows ${a + 1} and ${b + 1} (${why(a, q.queens[a], b, q.queens[b])})`;
        const reasons = q.pairs.length
          ? [`Attacking pairs: ${list(q.pairs.map(pairText))}.`]
          : ['Every queen has a row, a column and two diagonals of its own.'];
        if (q.solution) return { right: yes.checked, message: 'It is a solution.', reasons };
        const pairRight = marked.length === 2 && attacks(marked[0], q.queens[marked[0]], marked[1], q.queens[marked[1]]);
        const right = no.checked && pairRight;
        const message = !no.checked ? 'It is not a solution.' : pairRight ? `The queens in rows ${marked[0] + 1} and ${marked[1] + 1} attack each other.` : 'Mark exactly two queens that attack each other.';
        return { right, message, reasons };
      },
    };
  },

  count: (seed, { root, prompt, body }, { count }) => {
    const q = countQuestion(seed, count);
    root.dataset.n = String(q.n);
    prompt.textContent = `How many solutions does the ${q.n}×${q.n} board have? Count every board, not only one of each symmetry class. (Stuck? Choose this board above, run it to the end and read Solutions.)`;
    const input = el('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', id: `learn-count-${seed}`, 'data-part': 'answer' });
    body.append(el('label', 'learn-field', [`Solutions of N = ${q.n}: `, input]));
    return {
      grade() {
        const given = readCount(input.value);
        return {
          right: given.value === q.answer,
          message: `${given.problem ? `${given.problem} ` : ''}The ${q.n}×${q.n} board has ${counted(q.answer, 'solution')} (the core's count).`,
          reasons: ['Each class of boards that turn or mirror into each other has 8 boards, or 4 or 2 when a board is its own image under a turn: so the count is close to 8 times the number of classes, never exactly for every N.'],
        };
      },
    };
  },

  'min-conflicts-move': (seed, { root, prompt, body }) => {
    const q = minConflictsQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(','), row: String(q.row) });
    prompt.textContent = `Min-conflicts keeps one queen a row. It picked the attacked queen of row ${q.row + 1} (its row is highlighted). It moves it to a square of that row that the fewest other queens attack, ties broken at random (staying is allowed). Mark every square it may choose.`;
    body.append(grid(q.n, (r, c) => {
      if (r === q.row) return toggle({ column: c }, `May move to ${square(r, c)}`, q.queens[r] === c ? queen(r, c) : '');
      return q.queens[r] === c ? queen(r, c) : null;
    }, `Board: row ${q.row + 1} is yours to mark`, (r) => (r === q.row ? 'learn-row-now' : '')));
    return {
      grade() {
        const marked = pressed(root, 'column');
        return {
          right: sameSet(marked, q.answer),
          message: `The least attacked squares (${counted(q.least, 'attacker')} each) are in ${columnsText(q.answer)}.`,
          reasons: [`Attackers of each square of row ${q.row + 1}, left to right: ${q.counts.join(', ')}.`],
        };
      },
    };
  },

  luby: (seed, { root, prompt, body }, { n = 30 }) => {
    const q = lubyQuestion(seed);
    Object.assign(root.dataset, { index: String(q.index), n: String(n) });
    prompt.textContent = `Backtracking with restarts at N = ${n} gives its i-th start N · luby(i) backtracks before it starts again from the empty board. Luby's sequence begins ${q.shown.join(', ')}, … How many backtracks does start number ${q.index} get?`;
    const input = el('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', id: `learn-luby-${seed}`, 'data-part': 'answer' });
    body.append(el('label', 'learn-field', [`Backtracks of start ${q.index}: `, input]));
    return {
      grade() {
        const given = Number(input.value.replace(/[,\s]/g, ''));
        const terms = Array.from({ length: q.index }, (_, i) => luby(i + 1));
        return {
          right: given === n * q.answer,
          message: `luby(${q.index}) = ${q.answer}, so start ${q.index} gets ${n} · ${q.answer} = ${formatCount(n * q.answer)} backtracks.`,
          reasons: [`The sequence to term ${q.index}: ${terms.join(', ')}. It repeats itself and then doubles: each block is the whole sequence so far, again, followed by the next power of two.`],
        };
      },
    };
  },
};

/** The kinds of question there are. */
export const KINDS = Object.keys(BUILD);
