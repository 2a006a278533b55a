// A chapter's practice: one question of a kind, drawn from a seed
// (questions.js), answered on a board of buttons or in a field, and graded on
// Check against the answer computed there, with the reasons shown after.
//
// The element is `[data-exercise][data-kind]`, with `data-seed`, the
// question's facts (`data-n`, `data-queens`, …) and, after Check,
// `data-verdict="right|wrong"`; its Check button is `[data-part="check"]`.
// After Check each square the learner could mark is judged on the board:
// `data-judged="right"` (marked, rightly), `"wrong"` (marked, wrongly) or
// `"missed"` (should have been marked), each with its own symbol. A Check
// with nothing given says so and counts for nothing; Enter in a field checks.

import { counted, el, formatCount } from '../lib/dom.js';
import { attacks, sharedLine } from '../lib/attack.js';
import { listWords, readCount } from '../lib/words.js';
import {
  REGISTER_NAMES, attackingPairs as attackingPairsOf, binary, classSizeQuestion, conflictsCountQuestion, countQuestion, cutoffQuestion,
  firstRejectQuestion, freeColumnsQuestion, heavyTailQuestion, isSolutionQuestion, lowestBitQuestion, luby,
  lubyQuestion, medianOf, minConflictsQuestion, nextProbeQuestion, nextRowQuestion, pruneSizeQuestion,
  queenAttacksQuestion, readBinary, registerMeaningQuestion, sameSet, spaceSizeQuestion, swapEffectQuestion,
  symmetryImageQuestion, tracerStepsQuestion,
} from './questions.js';
import { fixBug } from './fix-bug.js';

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
const why = (qr, qc, r, c) => { const line = sharedLine(qr, qc, r, c); return line && `same ${line}`; };

/**
 * Columns in words, 1-based: "columns 2, 4 and 5", "no column".
 * @param {number[]} cols
 */
const columnsText = (cols) => (cols.length ? `column${cols.length === 1 ? '' : 's'} ${listWords(cols.map((c) => c + 1))}` : 'no column');

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
    el('h3', '', ['Practice ', el('span', { class: 'muted', title: 'The question is drawn from this seed: the link keeps it, so the same link asks the same question' }, `(seed ${seed})`)]),
    prompt, body,
    el('div', 'learn-controls', [check, next]),
    verdict, explain,
  );
  host.replaceChildren(root);
  const { grade } = BUILD[kind](seed, { root, prompt, body }, { ...options, count });
  rovingBoards(root);
  screenOnlyWords(prompt);
  let checked = false;
  check.addEventListener('click', async () => {
    // A kind that runs the learner's program answers later: Check waits for it.
    check.disabled = true;
    const graded = await grade();
    check.disabled = false;
    for (const square of root.querySelectorAll('[data-judged]')) square.removeAttribute('data-judged');
    if ('empty' in graded) {
      // Nothing given: say so, count nothing.
      delete root.dataset.verdict;
      root.dataset.empty = 'true';
      verdict.textContent = graded.empty;
      explain.hidden = true;
      return;
    }
    delete root.dataset.empty;
    const { right, message, reasons, judged = [] } = graded;
    const first = !checked;
    checked = true;
    root.dataset.verdict = right ? 'right' : 'wrong';
    for (const [square, how] of judged) {
      square.dataset.judged = how;
      const said = square.getAttribute('aria-label')?.replace(/ \((right|wrong|missed)[^)]*\)$/, '') ?? '';
      square.setAttribute('aria-label', `${said} (${how === 'right' ? 'right' : how === 'wrong' ? 'wrong: should not be marked' : 'missed: should be marked'})`);
    }
    verdict.textContent = right ? `Right. ${message}` : `Not quite. ${message}`;
    explain.replaceChildren(...reasons.map((line) => el('p', '', line)));
    if (judged.length) {
      explain.append(el('p', { class: 'learn-judged-key', 'data-part': 'judged-key' }, [
        'On the board: ', el('span', 'learn-judged-sample', '✓'), ' marked and right · ', el('span', 'learn-judged-sample wrong', '✗'), ' marked but wrong · ', el('span', 'learn-judged-sample missed', '◯'), ' should have been marked.',
      ]));
    }
    explain.hidden = explain.childElementCount === 0;
    onChecked(right, first);
  });
  // Enter in a typed answer checks it.
  root.addEventListener('keydown', (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.key === 'Enter' && target.matches('input[type="text"]')) {
      event.preventDefault();
      check.click();
    }
  });
  next.addEventListener('click', onNew);
  return root;
}

/**
 * Judges marking toggles: each pressed one right or wrong, each unpressed one that should be pressed missed.
 * @param {Element} root
 * @param {string} name  the toggles' data attribute, e.g. 'column'
 * @param {number[]} answer  the values that should be marked
 * @returns {[HTMLElement, 'right' | 'wrong' | 'missed'][]}
 */
function judge(root, name, answer) {
  /** @type {[HTMLElement, 'right' | 'wrong' | 'missed'][]} */
  const out = [];
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(`[data-${name}]`))) {
    const value = Number(b.dataset[name]);
    const on = b.getAttribute('aria-pressed') === 'true';
    const should = answer.includes(value);
    if (on) out.push([b, should ? 'right' : 'wrong']);
    else if (should) out.push([b, 'missed']);
  }
  return out;
}

/**
 * A typed whole number, commas and spaces allowed; null when the field is empty, NaN when it is not a number.
 * @param {HTMLInputElement} input
 */
function typedNumber(input) {
  const raw = input.value.replace(/[,\s]/g, '');
  if (!raw) return null;
  return /^\d+$/.test(raw) ? Number(raw) : NaN;
}

/**
 * A field for a typed answer.
 * @param {string} id
 * @param {string} label
 */
function field(id, label) {
  const input = el('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', id, 'data-part': 'answer', enterkeyhint: 'done' });
  return { input, node: el('label', 'learn-field', [label, input]) };
}

/**
 * Radio choices; returns the group and a reader of the chosen value ('' when none).
 * @param {string} name
 * @param {string} legend
 * @param {[string, string][]} options  [value, label]
 */
function choices(name, legend, options) {
  const inputs = options.map(([value]) => el('input', { type: 'radio', name, value, 'data-choice': value }));
  const node = el('fieldset', 'learn-choice', [el('legend', '', legend), ...options.map(([, label], i) => el('label', '', [inputs[i], ` ${label}`]))]);
  return { node, chosen: () => inputs.find((i) => i.checked)?.value ?? '' };
}

/**
 * @typedef {{ root: HTMLElement, prompt: HTMLElement, body: HTMLElement }} Parts
 * @typedef {{ right: boolean, message: string, reasons: string[], judged?: [HTMLElement, 'right' | 'wrong' | 'missed'][] } | { empty: string }} Graded
 * @typedef {(seed: number, parts: Parts, options: Record<string, any>) => { grade: () => Graded | Promise<Graded> }} Builder
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
        if (!marked.length) return { empty: `Nothing is marked yet: mark the safe squares of row ${row + 1}, then Check.` };
        const right = sameSet(marked, q.answer);
        const byOf = (/** @type {number} */ c) => q.queens.map((qc, qr) => [qr, qc]).filter(([qr, qc]) => attacks(qr, qc, row, c));
        const reasons = [];
        // The learner's own mistakes first.
        for (const c of marked.filter((x) => !q.answer.includes(x)).sort((a, b) => a - b)) {
          const [qr, qc] = byOf(c)[0];
          reasons.push(`You marked column ${c + 1}, but the queen in row ${qr + 1} attacks it (${why(qr, qc, row, c)}).`);
        }
        for (const c of q.answer.filter((x) => !marked.includes(x))) reasons.push(`You left out column ${c + 1}: no queen attacks it.`);
        for (let c = 0; c < q.n; c++) {
          const by = byOf(c);
          if (by.length) reasons.push(`Column ${c + 1}: attacked by ${listWords(by.map(([qr, qc]) => `the queen in row ${qr + 1} (${why(qr, qc, row, c)})`))}.`);
        }
        return { right, message: `The safe squares of row ${row + 1} are in ${columnsText(q.answer)}; you marked ${columnsText([...marked].sort((a, b) => a - b))}.`, reasons, judged: judge(root, 'column', q.answer) };
      },
    };
  },

  'free-columns': (seed, { root, prompt, body }) => {
    // A column's toggle: "?" until marked, then a tick in its place.
    const freeToggle = (/** @type {number} */ c) => {
      const b = toggle({ column: c }, `Column ${c + 1} free`, '?');
      b.addEventListener('click', () => { b.textContent = b.getAttribute('aria-pressed') === 'true' ? '✓' : '?'; });
      return b;
    };
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
        el('tr', '', [el('th', { scope: 'row' }, 'free?'), ...order.map((c) => el('td', '', [freeToggle(c)]))]),
      ]),
    ]));
    return {
      grade() {
        const marked = pressed(root, 'column');
        if (!marked.length && q.answer.length) return { empty: 'Nothing is marked yet: mark the columns poss leaves free, then Check.' };
        const right = sameSet(marked, q.answer);
        // The "?" of each column becomes poss's digit there.
        for (const b of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-column]'))) b.textContent = q.poss & (1 << Number(b.dataset.column)) ? '1' : '0';
        const judged = judge(root, 'column', q.answer);
        const taken = q.ld | q.col | q.rd;
        const wrongly = marked.filter((c) => !q.answer.includes(c)).map((c) => `column ${c + 1} (${['ld', 'col', 'rd'].filter((k) => /** @type {any} */ (q)[k] & (1 << c)).join(' and ')} has a 1 there)`);
        const mistakes = wrongly.length ? [`You marked ${listWords(wrongly)}: a 1 in any of ld, col or rd makes a column attacked.`] : [];
        const show = (/** @type {number} */ v) => order.map((c) => (v & (1 << c) ? '1' : '0')).join('');
        const first = q.answer.length ? `poss & -poss = ${show(q.lowest)} keeps only the lowest 1 of poss: column ${Math.log2(q.lowest) + 1}, the square the search tries first.` : 'poss is 0: no column is free, so the search backs up a row.';
        const missed = q.answer.filter((c) => !marked.includes(c));
        if (missed.length) mistakes.push(`You left out ${columnsText(missed)}: ld, col and rd all have a 0 there.`);
        return {
          right,
          message: `The free columns are ${columnsText(q.answer)}.`,
          reasons: [...mistakes, `ld | col | rd = ${show(taken)} (a 1 where some queen attacks).`, `~(…) within the board = ${show(q.poss)}.`, first],
          judged,
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
        if (chosen < 0) return { empty: 'No square is chosen yet: choose the square tried next, then Check.' };
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
        const mine = chosen === q.answer.row * q.n + q.answer.col ? [] : [`You chose ${square(Math.floor(chosen / q.n), chosen % q.n)}.`];
        /** @type {[HTMLElement, 'right' | 'wrong' | 'missed'][]} */
        const judged = [];
        for (const b of buttons) {
          const at = /** @type {string} */ (b.dataset.square).split(',').map(Number);
          const index = at[0] * q.n + at[1];
          const answer = at[0] === q.answer.row && at[1] === q.answer.col;
          if (index === chosen) judged.push([b, answer ? 'right' : 'wrong']);
          else if (answer) judged.push([b, 'missed']);
        }
        return { right, message: `Next it tries ${square(q.answer.row, q.answer.col)}.`, reasons: [...mine, goes], judged };
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
        const marked = pressed(root, 'row').sort((a, b) => a - b);
        if (!yes.checked && !no.checked && !marked.length) return { empty: 'Nothing is given yet: answer Yes or No (and for No, mark two queens that attack each other), then Check.' };
        const pairText = (/** @type {number[]} */ [a, b]) => `rows ${a + 1} and ${b + 1} (${why(a, q.queens[a], b, q.queens[b])})`;
        const reasons = q.pairs.length
          ? [`Attacking pairs: ${listWords(q.pairs.map(pairText))}.`]
          : ['Every queen has a row, a column and two diagonals of its own.'];
        const pairRight = marked.length === 2 && attacks(marked[0], q.queens[marked[0]], marked[1], q.queens[marked[1]]);
        /** @type {[HTMLElement, 'right' | 'wrong' | 'missed'][]} */
        const judged = [];
        const toggles = /** @type {HTMLElement[]} */ ([...root.querySelectorAll('[data-row]')]);
        const firstPair = q.pairs[0];
        for (const b of toggles) {
          const r = Number(b.dataset.row);
          const on = b.getAttribute('aria-pressed') === 'true';
          if (on) judged.push([b, pairRight ? 'right' : 'wrong']);
          else if (!pairRight && firstPair && (r === firstPair[0] || r === firstPair[1])) judged.push([b, 'missed']);
        }
        if (q.solution) {
          const mine = no.checked ? ['You answered No, but no two queens attack each other: it is a solution.'] : [];
          return { right: yes.checked, message: 'It is a solution.', reasons: [...mine, ...reasons], judged: marked.length ? judged : [] };
        }
        const right = no.checked && pairRight;
        /** @type {string[]} */
        const mine = [];
        if (yes.checked) mine.push(`You answered Yes, but ${q.pairs.length === 1 ? 'one pair attacks' : `${q.pairs.length} pairs attack`}: ${pairText(q.pairs[0])}${q.pairs.length > 1 ? ', and more' : ''}.`);
        if (marked.length === 2 && !pairRight) mine.push(`The queens you marked, in rows ${marked[0] + 1} and ${marked[1] + 1}, do not attack each other; row ${q.pairs[0][0] + 1}'s and row ${q.pairs[0][1] + 1}'s do (${why(q.pairs[0][0], q.queens[q.pairs[0][0]], q.pairs[0][1], q.queens[q.pairs[0][1]])}).`);
        else if (marked.length !== 2 && no.checked) mine.push(`You marked ${marked.length === 0 ? 'no queen' : marked.length === 1 ? `one queen (row ${marked[0] + 1})` : `${marked.length} queens`}: mark exactly two, a pair that attack each other, such as rows ${q.pairs[0][0] + 1} and ${q.pairs[0][1] + 1}.`);
        const message = !no.checked ? 'It is not a solution.' : pairRight ? `The queens in rows ${marked[0] + 1} and ${marked[1] + 1} attack each other.` : 'It is not a solution, but the pair marked is not one that attacks.';
        return { right, message, reasons: [...mine, ...reasons], judged };
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
        if (!input.value.trim()) return { empty: 'The field is empty: type a number, then Check (or press Enter).' };
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
        if (!marked.length) return { empty: `Nothing is marked yet: mark the squares of row ${q.row + 1} it may choose, then Check.` };
        const wrong = marked.filter((c) => !q.answer.includes(c)).sort((a, b) => a - b);
        const mine = wrong.length ? [`You marked ${listWords(wrong.map((c) => `column ${c + 1} (${counted(q.counts[c], 'attacker')})`))}: more than the fewest, ${q.least}.`] : [];
        return {
          right: sameSet(marked, q.answer),
          message: `The least attacked squares (${counted(q.least, 'attacker')} each) are in ${columnsText(q.answer)}.`,
          reasons: [...mine, `Attackers of each square of row ${q.row + 1}, left to right: ${q.counts.join(', ')}.`],
          judged: judge(root, 'column', q.answer),
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
        if (!input.value.trim()) return { empty: 'The field is empty: type a number, then Check (or press Enter).' };
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

  'lowest-bit': (seed, { root, prompt, body }) => {
    const q = lowestBitQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), poss: binary(q.poss, q.n) });
    prompt.textContent = `In the bitwise search at N = ${q.n}, a row has poss = ${binary(q.poss, q.n)} (column 1, bit 0, on the right). Type poss & -poss as ${q.n} binary digits.`;
    const { input, node } = field(`learn-lowbit-${seed}`, 'poss & -poss = ');
    input.setAttribute('inputmode', 'text');
    input.setAttribute('spellcheck', 'false');
    body.append(el('p', { class: 'learn-code' }, [el('code', 'bits', `poss = ${binary(q.poss, q.n)}`)]), node);
    return {
      grade() {
        if (!input.value.trim()) return { empty: 'The field is empty: type the binary digits, then Check (or press Enter).' };
        const given = readBinary(input.value, q.n);
        const b = (/** @type {number} */ v) => binary(v, q.n);
        /** @type {string[]} */
        const mine = [];
        if (given === null) mine.push(`“${input.value.trim()}” is not ${q.n} binary digits (only 0 and 1, at most ${q.n} of them).`);
        else if (given === q.neg) mine.push('That is -poss itself: AND it with poss to keep the one bit they share.');
        else if (given === q.not) mine.push('That is ~poss: -poss is ~poss + 1, and the answer is poss AND that.');
        else if (given !== q.answer && given === (1 << (31 - Math.clz32(q.poss)))) mine.push('That is poss\'s highest 1; poss & -poss keeps the lowest.');
        else if (given !== q.answer && given && (given & (given - 1))) mine.push('poss & -poss always has exactly one 1.');
        return {
          right: given === q.answer,
          message: `poss & -poss = ${b(q.answer)}: column ${q.column + 1}.`,
          reasons: [...mine, `~poss = ${b(q.not)}; adding 1 carries through its ${q.trailing} trailing 1${q.trailing === 1 ? '' : 's'}: -poss = ${b(q.neg)}. Only bit ${q.trailing} is 1 in both: ${b(q.poss)} & ${b(q.neg)} = ${b(q.answer)}.`],
        };
      },
    };
  },

  'queen-attacks': (seed, { root, prompt, body }) => {
    const q = queenAttacksQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), row: String(q.row), col: String(q.col) });
    prompt.textContent = `Mark every square the queen on this ${q.n}×${q.n} board attacks, then Check.`;
    body.append(grid(q.n, (r, c) => (r === q.row && c === q.col ? queen(r, c) : toggle({ square: r * q.n + c }, `Attacked: ${square(r, c)}`)), 'Board: mark the squares the queen attacks'));
    return {
      grade() {
        const marked = pressed(root, 'square');
        if (!marked.length) return { empty: 'Nothing is marked yet: mark the squares the queen attacks, then Check.' };
        const wrong = marked.filter((x) => !q.answer.includes(x));
        const missed = q.answer.filter((x) => !marked.includes(x));
        const at = (/** @type {number} */ x) => square(Math.floor(x / q.n), x % q.n);
        const mine = [];
        if (wrong.length) mine.push(`You marked ${listWords(wrong.map(at))}: not on the queen's row, column or diagonals.`);
        if (missed.length) mine.push(`You left out ${listWords(missed.map((x) => `${at(x)} (${why(q.row, q.col, Math.floor(x / q.n), x % q.n)})`))}.`);
        return {
          right: !wrong.length && !missed.length,
          message: `The queen attacks ${q.answer.length} squares: its row, its column and both diagonals, to the edges.`,
          reasons: mine,
          judged: judge(root, 'square', q.answer),
        };
      },
    };
  },

  'space-size': (seed, { root, prompt, body }, { space = 'power' }) => {
    const q = spaceSizeQuestion(seed, { space });
    Object.assign(root.dataset, { n: String(q.n), space });
    prompt.textContent = space === 'factorial'
      ? `The permutations search at N = ${q.n} tests every board with one queen in each row and each column. How many boards is that?`
      : `Brute force at N = ${q.n} tests every board with one queen in each row. How many boards is that?`;
    const { input, node } = field(`learn-space-${seed}`, `Boards at N = ${q.n}: `);
    body.append(node);
    return {
      grade() {
        const given = typedNumber(input);
        if (given === null) return { empty: 'The field is empty: type a number, then Check (or press Enter).' };
        const terms = Array.from({ length: q.n }, (_, i) => (space === 'factorial' ? q.n - i : q.n));
        /** @type {string[]} */
        const mine = [];
        let other = 1;
        for (let i = 1; i <= q.n; i++) other *= space === 'factorial' ? q.n : i;
        if (given === other) mine.push(space === 'factorial' ? `That is ${q.n}^${q.n}, every column in every row; a permutation uses each column once, so each row has one column fewer to choose from.` : `That is ${q.n}!, one queen a column too; brute force lets columns repeat, so every row has all ${q.n} columns.`);
        else if (given === q.n * q.n) mine.push(`That is the squares of the board; the boards multiply the choices of every row.`);
        return {
          right: given === q.answer,
          message: `${terms.join(' × ')} = ${formatCount(q.answer)} boards.`,
          reasons: mine,
        };
      },
    };
  },

  'first-reject': (seed, { root, prompt, body }, { permutation = false }) => {
    const q = firstRejectQuestion(seed, { permutation });
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(',') });
    prompt.textContent = `${permutation ? 'The permutations search' : 'Brute force'} tests this board row by row from the top, each queen against the queens above it, and rejects it at the first queen one of them attacks. Mark that queen, then Check.`;
    body.append(grid(q.n, (r, c) => (q.queens[r] === c ? toggle({ row: r }, `Rejected here: the queen in ${square(r, c)}`, queen(r, c)) : null), 'Board: mark the queen at which the board is rejected'));
    return {
      grade() {
        const marked = pressed(root, 'row');
        if (!marked.length) return { empty: 'Nothing is marked yet: mark the queen at which the board is rejected, then Check.' };
        const by = q.by.map((a) => `row ${a + 1}'s (${why(a, q.queens[a], q.answer, q.queens[q.answer])})`);
        const mine = [];
        const later = marked.filter((r) => r > q.answer);
        const earlier = marked.filter((r) => r < q.answer);
        if (later.length) mine.push(`Row ${later[0] + 1}'s queen is never tested: the board is rejected before, at row ${q.answer + 1}.`);
        if (earlier.length) mine.push(`No queen above row ${earlier[0] + 1} attacks ${earlier.length === 1 ? 'its queen' : 'those'}: ${earlier.length === 1 ? 'it passes' : 'they pass'}.`);
        if (marked.length > 1) mine.push('Mark one queen: the board is rejected at one row.');
        return {
          right: marked.length === 1 && marked[0] === q.answer,
          message: `It is rejected at row ${q.answer + 1}: its queen is attacked by ${listWords(by)}.`,
          reasons: mine,
          judged: judge(root, 'row', [q.answer]),
        };
      },
    };
  },

  'prune-size': (seed, { root, prompt, body }) => {
    const q = pruneSizeQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), rows: String(q.rows) });
    prompt.textContent = `Backtracking at N = ${q.n} puts a queen on row ${q.rows}, finds it attacked and takes it off without going further down. Brute force would have built every board with one queen a row that starts with these ${q.rows} queens. How many boards did that one rejection rule out unbuilt?`;
    const { input, node } = field(`learn-prune-${seed}`, 'Boards ruled out: ');
    body.append(node);
    return {
      grade() {
        const given = typedNumber(input);
        if (given === null) return { empty: 'The field is empty: type a number, then Check (or press Enter).' };
        const left = q.n - q.rows;
        const mine = [];
        if (given === q.n ** (left + 1)) mine.push(`That counts row ${q.rows} as still open; its queen is fixed, so only the ${left} rows below it vary.`);
        else if (given === q.n ** (left - 1)) mine.push(`That leaves out one of the ${left} rows below row ${q.rows}.`);
        return {
          right: given === q.answer,
          message: `The ${left} rows below row ${q.rows} could each hold a queen in any of ${q.n} columns: ${q.n}^${left} = ${formatCount(q.answer)} boards, none of them built.`,
          reasons: [...mine, 'This is why a check early in the tree is worth so much more than one near the leaves: it rules out a whole subtree at once.'],
        };
      },
    };
  },

  'register-meaning': (seed, { root, prompt, body }) => {
    const q = registerMeaningQuestion(seed);
    const row = q.queens.length;
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(','), value: binary(q.value, q.n) });
    prompt.textContent = `The bitwise search at N = ${q.n} has queens in rows 1 to ${row} (below) and comes to row ${row + 1}. One of its registers for row ${row + 1} holds ${binary(q.value, q.n)} (column 1, bit 0, on the right). Which one?`;
    const { node, chosen } = choices(`learn-reg-${seed}`, 'This register is', [
      ['ld', 'ld: the squares a down-left diagonal from a queen reaches'],
      ['col', 'col: the columns a queen holds'],
      ['rd', 'rd: the squares a down-right diagonal from a queen reaches'],
      ['poss', 'poss: the safe squares'],
    ]);
    body.append(grid(q.n, (r, c) => (r < row && q.queens[r] === c ? queen(r, c) : null), `Board: queens in rows 1 to ${row}`, (r) => (r === row ? 'learn-row-now' : r > row ? 'learn-row-later' : '')), node);
    return {
      grade() {
        const given = chosen();
        if (!given) return { empty: 'Nothing is chosen yet: choose a register, then Check.' };
        const b = (/** @type {number} */ v) => binary(v, q.n);
        const mine = given !== q.answer ? [`${given} holds ${b(/** @type {Record<string, number>} */ (q.values)[given])} here, not ${b(q.value)}.`] : [];
        return {
          right: given === q.answer,
          message: `It is ${q.answer}.`,
          reasons: [...mine, `Row ${row + 1}: ${REGISTER_NAMES.map((name) => `${name} = ${b(/** @type {Record<string, number>} */ (q.values)[name])}`).join(', ')}.`],
        };
      },
    };
  },

  'class-size': (seed, { root, prompt, body }) => {
    const q = classSizeQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(',') });
    prompt.textContent = `Turn and mirror this ${q.n}×${q.n} solution all eight ways (doing nothing is one). How many different boards do you get?`;
    const { node, chosen } = choices(`learn-class-${seed}`, 'Different boards', [['8', '8'], ['4', '4'], ['2', '2'], ['1', '1']]);
    body.append(grid(q.n, (r, c) => (q.queens[r] === c ? queen(r, c) : null), 'Board: a solution'), node);
    return {
      grade() {
        const given = chosen();
        if (!given) return { empty: 'Nothing is chosen yet: choose a number, then Check.' };
        const same = q.answer === 8 ? 'only doing nothing leaves it unchanged' : q.answer === 4 ? 'a half turn leaves it unchanged, so the eight images pair up' : 'a quarter turn leaves it unchanged, so the eight images come in fours';
        const mine = Number(given) !== q.answer ? [Number(given) > q.answer ? 'Some of the eight images are the same board: check the half turn and the quarter turn.' : 'No mirror leaves a solution unchanged, and neither does a turn unless the board is that symmetric: look again at the half turn.'] : [];
        return { right: Number(given) === q.answer, message: `${q.answer} different boards: ${same}.`, reasons: mine };
      },
    };
  },

  'symmetry-image': (seed, { root, prompt, body }) => {
    const q = symmetryImageQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(','), which: String(q.which) });
    prompt.textContent = `Apply ${q.name} to the solution on the left. Mark where its queens land on the board on the right, then Check.`;
    body.append(el('div', 'learn-pair', [
      grid(q.n, (r, c) => (q.queens[r] === c ? queen(r, c) : null), 'Board: the solution'),
      grid(q.n, (r, c) => toggle({ square: r * q.n + c }, `A queen of the image: ${square(r, c)}`), `Board: mark the image under ${q.name}`),
    ]));
    return {
      grade() {
        const marked = pressed(root, 'square');
        if (!marked.length) return { empty: 'Nothing is marked yet: mark the image\'s queens, then Check.' };
        const at = (/** @type {number} */ x) => square(Math.floor(x / q.n), x % q.n);
        const wrong = marked.filter((x) => !q.answer.includes(x));
        const mine = wrong.length ? [`No queen lands on ${listWords(wrong.map(at))}.`] : [];
        if (marked.length !== q.n) mine.push(`The image has ${q.n} queens, one a row; you marked ${marked.length}.`);
        return {
          right: sameSet(marked, q.answer),
          message: `The image's queens, row by row, are in columns ${q.image.map((c) => c + 1).join(', ')}.`,
          reasons: [...mine, 'Follow one queen at a time: where does its square go under the move? The image of a solution is a solution, so every row and column gets one queen.'],
          judged: judge(root, 'square', q.answer),
        };
      },
    };
  },

  'conflicts-count': (seed, { root, prompt, body }) => {
    const q = conflictsCountQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(',') });
    prompt.textContent = `Min-conflicts counts the attacking pairs of a board (its Conflicts counter). How many pairs of queens attack each other here? Count each pair once.`;
    const { input, node } = field(`learn-pairs-${seed}`, 'Attacking pairs: ');
    body.append(grid(q.n, (r, c) => (q.queens[r] === c ? queen(r, c) : null), 'Board: count the attacking pairs'), node);
    return {
      grade() {
        const given = typedNumber(input);
        if (given === null) return { empty: 'The field is empty: type a number, then Check (or press Enter).' };
        const attacked = new Set(q.pairs.flat()).size;
        const mine = given === 2 * q.answer && q.answer ? ['That counts each pair twice, once from each queen.'] : given === attacked && given !== q.answer ? ['That is the queens attacked, not the pairs.'] : [];
        return {
          right: given === q.answer,
          message: `${q.answer} pair${q.answer === 1 ? '' : 's'}.`,
          reasons: [...mine, q.pairs.length ? `They are ${listWords(q.pairs.map(([a, b]) => `rows ${a + 1} and ${b + 1} (${why(a, q.queens[a], b, q.queens[b])})`))}.` : 'No two queens share a column or a diagonal.'],
        };
      },
    };
  },

  'swap-effect': (seed, { root, prompt, body }) => {
    const q = swapEffectQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), queens: q.queens.join(','), a: String(q.a), b: String(q.b) });
    prompt.textContent = `Queen search keeps one queen a row and a column, and tries exchanging the columns of two rows. Here it exchanges rows ${q.a + 1} and ${q.b + 1} (highlighted), which now have ${q.before} attacking pair${q.before === 1 ? '' : 's'} on the board. How many pairs attack after the exchange?`;
    const { input, node } = field(`learn-swap-${seed}`, 'Pairs after: ');
    body.append(grid(q.n, (r, c) => (q.queens[r] === c ? queen(r, c) : null), `Board before the exchange of rows ${q.a + 1} and ${q.b + 1}`, (r) => (r === q.a || r === q.b ? 'learn-row-now' : '')), node);
    return {
      grade() {
        const given = typedNumber(input);
        if (given === null) return { empty: 'The field is empty: type a number, then Check (or press Enter).' };
        const pairs = attackingPairsOf(q.after);
        const keep = pairs.length < q.before ? 'fewer, so queen search keeps it' : 'not fewer, so queen search swaps back';
        const mine = given === q.before && q.before !== q.answer ? ['That is the count before the exchange.'] : [];
        return {
          right: given === q.answer,
          message: `After it: ${q.answer} pair${q.answer === 1 ? '' : 's'} (${keep}).`,
          reasons: [...mine, `Row ${q.a + 1} moves to column ${q.after[q.a] + 1} and row ${q.b + 1} to column ${q.after[q.b] + 1}.${pairs.length ? ` Pairs after: ${listWords(pairs.map(([a, b]) => `rows ${a + 1} and ${b + 1}`))}.` : ''} Columns never clash, so only diagonals count.`],
        };
      },
    };
  },

  'heavy-tail': (seed, { root, prompt, body }) => {
    const q = heavyTailQuestion(seed);
    root.dataset.samples = q.samples.map((s) => s.join(',')).join(';');
    prompt.textContent = 'Two searches were each run from 12 seeds; these are the steps each run took to its first solution. Which search\'s run times have the heavy tail?';
    const { node, chosen } = choices(`learn-tail-${seed}`, 'Heavy-tailed', [['0', 'Search A'], ['1', 'Search B']]);
    body.append(...q.samples.map((sample, i) => el('p', 'learn-sample', [el('strong', '', `Search ${'AB'[i]}: `), sample.map((x) => formatCount(x)).join(', ')])), node);
    return {
      grade() {
        const given = chosen();
        if (!given) return { empty: 'Nothing is chosen yet: choose A or B, then Check.' };
        const said = q.samples.map((sample, i) => `Search ${'AB'[i]}: median ${formatCount(medianOf(sample))}, longest ${formatCount(Math.max(...sample))} (${(Math.max(...sample) / medianOf(sample)).toFixed(1)} times the median)`);
        const mine = Number(given) !== q.answer ? [`Search ${'AB'[Number(given)]}'s runs all lie within a few times their median: a light tail.`] : [];
        return {
          right: Number(given) === q.answer,
          message: `Search ${'AB'[q.answer]}: a few of its runs are hundreds of times its median run.`,
          reasons: [...mine, ...said.map((x) => `${x}.`)],
        };
      },
    };
  },

  cutoff: (seed, { root, prompt, body }) => {
    const q = cutoffQuestion(seed);
    Object.assign(root.dataset, { runs: q.runs.join(','), cutoffs: q.cutoffs.join(',') });
    prompt.textContent = `A search's runs to a first solution took these steps, each run equally likely: ${q.runs.map((x) => formatCount(x)).join(', ')}. Cut every run at a cutoff and start afresh from a new seed: which cutoff needs fewer steps on average?`;
    const { node, chosen } = choices(`learn-cut-${seed}`, 'Cheaper cutoff', q.cutoffs.map((c, i) => [String(i), `${formatCount(c)} steps`]));
    body.append(node);
    return {
      grade() {
        const given = chosen();
        if (!given) return { empty: 'Nothing is chosen yet: choose a cutoff, then Check.' };
        const lines = q.cutoffs.map((c, i) => {
          const within = q.runs.filter((x) => x <= c).length;
          return `Cutoff ${formatCount(c)}: a try costs on average ${(q.runs.reduce((s, x) => s + Math.min(x, c), 0) / q.runs.length).toFixed(1)} steps and succeeds ${within} times in ${q.runs.length}, so about ${formatCount(Math.round(q.expected[i]))} steps in all.`;
        });
        const mine = Number(given) !== q.answer ? [Number(q.cutoffs[Number(given)]) > q.cutoffs[q.answer] ? 'A long cutoff waits through the long runs it could have cut.' : 'A short cutoff gives up on too many runs that were about to finish.'] : [];
        return {
          right: Number(given) === q.answer,
          message: `${formatCount(q.cutoffs[q.answer])} steps: expected work per try, divided by the chance a try succeeds.`,
          reasons: [...mine, ...lines],
        };
      },
    };
  },

  'tracer-steps': (seed, { root, prompt, body }) => {
    const q = tracerStepsQuestion(seed);
    Object.assign(root.dataset, { n: String(q.n), ask: q.ask });
    const what = { steps: 'steps (place, remove and found calls)', checks: 'checks (safe calls)', placements: 'placements (place calls)' }[q.ask];
    prompt.textContent = `A program written to Your search's contract (row backtracking at N = ${q.n}) made these tracer calls, in this order. How many ${what} does the page count for them?`;
    const line = (/** @type {import('./questions.js').TracerCall} */ c) => (c.call === 'found' ? 'board.found()' : `board.${c.call}(${c.row}, ${c.col})${c.call === 'safe' ? `  → ${c.answer ? 'true' : 'false'}` : ''}`);
    body.append(el('pre', { class: 'learn-calls', 'data-part': 'calls' }, q.calls.map(line).join('\n')));
    const { input, node } = field(`tracer-steps-${seed}`, `${q.ask[0].toUpperCase()}${q.ask.slice(1)}: `);
    body.append(node);
    return {
      grade() {
        const given = typedNumber(input);
        if (given === null) return { empty: 'Nothing is typed yet: count the calls, then Check.' };
        const counts = { steps: 0, checks: 0, placements: 0 };
        for (const c of q.calls) {
          if (c.call === 'safe') counts.checks++;
          else counts.steps++;
          if (c.call === 'place') counts.placements++;
        }
        return {
          right: given === q.answer,
          message: `${formatCount(q.answer)}: of these ${q.calls.length} calls, ${counts.steps} are steps (place, remove, found), ${counts.checks} are checks (safe) and ${counts.placements} are placements.`,
          reasons: ['A safe call asks the page a question: it is a check, never a step. place, remove and found each change or judge the board: each is one step. Only place counts as a placement.'],
        };
      },
    };
  },

  'fix-bug': fixBug,
};

/** The kinds of question there are. */
export const KINDS = Object.keys(BUILD);

/**
 * The words of a prompt that speak of the page (", then Check", "as in the
 * view above") wrapped in spans that print leaves out: a printed question
 * reads as a question on paper.
 * @param {HTMLElement} prompt
 */
function screenOnlyWords(prompt) {
  if (prompt.children.length || !prompt.textContent) return;
  const parts = prompt.textContent.split(/(,? then Check(?: \(or press Enter\))?(?=\.)| as in the view above(?=:))/);
  if (parts.length < 2) return;
  prompt.replaceChildren(...parts.map((part, i) => (i % 2 ? el('span', 'learn-screen-only', part) : part)));
}

/**
 * Makes each board of squares one tab stop: the first (or the pressed)
 * square takes Tab, arrow keys, Home and End move between the squares inside.
 * @param {HTMLElement} box
 */
export function rovingBoards(box) {
  for (const board of box.querySelectorAll('.learn-grid')) {
    const squares = /** @type {HTMLElement[]} */ ([...board.querySelectorAll('button')]);
    if (squares.length < 2) continue;
    const start = squares.find((b) => b.getAttribute('aria-pressed') === 'true') ?? squares[0];
    for (const b of squares) b.tabIndex = b === start ? 0 : -1;
    const n = Number(/** @type {HTMLElement} */ (board).style.getPropertyValue('--n')) || Math.round(Math.sqrt(board.children.length)) || 1;
    board.addEventListener('keydown', (event) => {
      const e = /** @type {KeyboardEvent} */ (event);
      const at = squares.indexOf(/** @type {HTMLElement} */ (e.target));
      if (at < 0) return;
      const cells = [...board.children];
      const cellOf = (/** @type {HTMLElement} */ b) => cells.findIndex((c) => c.contains(b));
      const here = cellOf(squares[at]);
      const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: n, ArrowUp: -n }[e.key];
      let next = null;
      if (step) {
        // The nearest square in that direction that holds a button.
        for (let c = here + step; c >= 0 && c < cells.length; c += step) {
          if (Math.abs(step) === 1 && Math.floor(c / n) !== Math.floor(here / n)) break;
          const b = squares.find((s) => cells[c].contains(s));
          if (b) { next = b; break; }
        }
      } else if (e.key === 'Home') next = squares[0];
      else if (e.key === 'End') next = squares[squares.length - 1];
      else return;
      e.preventDefault();
      if (!next) return;
      for (const b of squares) b.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    });
  }
}
