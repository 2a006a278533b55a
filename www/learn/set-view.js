// A problem set on the page (the model is set-model.js): the student's view
// (`#learn[data-set]`: the student's identity `[data-part=student-id]`, from
// which a set with its own seed draws that student's questions; each item
// `[data-set-item=i]` with its exercise, no seed and no answer shown; the
// name, Save hand-in; the answers kept in localStorage under the set's key
// and the identity until saved) and the teacher's (`&grade=1&key=…`:
// hand-in files read in this browser and graded again, programs run only
// when the teacher presses Run; one row a student, flags for copies; the
// gradebook kept in localStorage per set; its CSV, Canvas and Moodle files).

import { mountExercise, rovingBoards } from './practice.js';
import {
  MAX_HAND_IN_BYTES, arrangeBook, canvasRows, readRoster, gradeHandIn, gradebookRows, itemName, itemsFor, makeHandIn, moodleRows,
  normalIdentity, perStudent, programSource, scoreOf, setKey, totalPoints, verdictOf,
} from './set-model.js';
import { el, formatCount } from '../lib/dom.js';
import { download, downloadCsv, safeName } from '../lib/export.js';

/** @typedef {import('./set-model.js').ProblemSet} ProblemSet */
/** @typedef {import('./set-model.js').Answer} Answer */
/** @typedef {import('../core/core.js').Core} Core */

const STORE_PREFIX = 'nqueens-set-answers:';
const BOOK_PREFIX = 'nqueens-gradebook:';

const pointsText = (/** @type {number} */ p) => `${formatCount(p)} point${p === 1 ? '' : 's'}`;

/**
 * What a practice exercise's inputs hold now: the squares marked (each
 * toggle's value), the typed text, the choice.
 * @param {HTMLElement} root  the [data-exercise]
 * @returns {Answer}
 */
function practiceAnswer(root) {
  const marks = [...root.querySelectorAll('button[aria-pressed="true"]')].map((b) => {
    const d = /** @type {HTMLElement} */ (b).dataset;
    const v = d.column ?? d.row ?? d.square ?? '';
    return /^\d+$/.test(v) ? Number(v) : v;
  });
  const text = /** @type {HTMLInputElement|null} */ (root.querySelector('input[type="text"]'))?.value ?? '';
  const choice = /** @type {HTMLInputElement|null} */ (root.querySelector('input[type="radio"]:checked'))?.value ?? '';
  return { marks, text, choice };
}

/**
 * Puts a kept answer back into a practice exercise, as the learner's clicks would.
 * @param {HTMLElement} root
 * @param {Answer} answer
 */
function restorePractice(root, answer) {
  for (const v of answer.marks ?? []) {
    const value = CSS.escape(String(v));
    const b = /** @type {HTMLElement|null} */ (root.querySelector(`button[data-column="${value}"], button[data-row="${value}"], button[data-square="${value}"]`));
    if (b && b.getAttribute('aria-pressed') !== 'true') b.click();
  }
  const input = /** @type {HTMLInputElement|null} */ (root.querySelector('input[type="text"]'));
  if (input && typeof answer.text === 'string') input.value = answer.text;
  if (answer.choice) {
    const radio = /** @type {HTMLInputElement|null} */ (root.querySelector(`input[type="radio"][value="${CSS.escape(answer.choice)}"]`));
    if (radio) radio.checked = true;
  }
}

/**
 * Reads a kept JSON object from localStorage, or null.
 * @param {string} key
 */
function readKept(key) {
  try {
    const raw = localStorage.getItem(key);
    const parsed = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The student's view of a set. A set with its own seed asks each student the
 * questions drawn for the identity they type; the items appear once it is
 * typed. `preview` shows the set as one sample student sees it, with nothing
 * kept and no Save.
 * @param {HTMLElement} host
 * @param {ProblemSet} set
 * @param {Core} core
 * @param {{ preview?: string }} [how]
 */
export function mountStudentSet(host, set, core, { preview } = {}) {
  const key = setKey(set);
  const storeKey = STORE_PREFIX + key;
  const own = perStudent(set);
  const meta = preview === undefined ? readKept(storeKey) : null;
  /** where an identity's answers are kept @param {string} id */
  const answersKey = (id) => (own ? `${storeKey}:${normalIdentity(id)}` : storeKey);
  /** @type {(() => Answer | null)[]} each item's answer as it stands */
  let readers = [];
  /** the identity the items on the page were drawn for */
  let drawnFor = '';
  const status = el('p', { class: 'learn-set-status', 'data-part': 'set-status', 'aria-live': 'polite' });
  const nameInput = el('input', { type: 'text', id: `learn-set-name-${key}${preview === undefined ? '' : '-preview'}`, 'data-part': 'student-name', autocomplete: 'name', value: String(meta?.name ?? '') });
  const idInput = el('input', { type: 'text', id: `learn-set-id-${key}${preview === undefined ? '' : '-preview'}`, 'data-part': 'student-id', autocomplete: 'email', spellcheck: 'false', maxlength: 200, value: preview ?? String(meta?.id ?? ''), readonly: preview !== undefined });
  const idUse = el('button', { type: 'button', 'data-part': 'student-id-use' }, 'Show my questions');
  const keep = () => {
    if (preview !== undefined) return;
    const answers = readers.map((read) => read());
    try {
      localStorage.setItem(storeKey, JSON.stringify(own ? { name: nameInput.value, id: idInput.value } : { name: nameInput.value, id: idInput.value, answers }));
      if (own && normalIdentity(drawnFor)) localStorage.setItem(answersKey(drawnFor), JSON.stringify({ answers }));
    } catch {
      status.textContent = 'This browser does not let the page keep your answers: save a hand-in before you leave.';
    }
  };
  nameInput.addEventListener('input', keep);
  const save = el('button', { type: 'button', class: 'primary', 'data-part': 'save-hand-in' }, 'Save hand-in');
  const total = totalPoints(set);
  const list = el('ol', { class: 'learn-set-items', 'data-part': 'set-item-list' });

  /**
   * Draws the items for an identity, with what was kept of its answers.
   * @param {string} identity
   */
  const draw = (identity) => {
    drawnFor = identity;
    readers = [];
    if (own && !normalIdentity(identity)) {
      list.replaceChildren(el('li', { class: 'learn-set-wait', 'data-part': 'set-wait' }, 'Type your e-mail or student ID above and press Show my questions: each student is asked questions of their own, drawn from it.'));
      return;
    }
    const kept = own ? readKept(answersKey(identity)) : meta;
    const before = Array.isArray(kept?.answers) ? kept.answers : [];
    list.replaceChildren(...itemsFor(set, identity).map((read, i) => {
      const li = el('li', { class: 'learn-set-item', 'data-set-item': i });
      const heading = el('h3', { id: `learn-set-h-${i}` }, [`${i + 1}. ${itemName(read, { seeds: false })}`, read.item ? el('span', 'learn-set-points', ` · ${pointsText(read.item.points)}`) : '']);
      li.setAttribute('aria-labelledby', heading.id);
      li.append(heading);
      const it = read.item;
      readers.push(() => null);
      if (!it) {
        li.dataset.problem = 'true';
        li.append(el('p', { class: 'learn-set-problem', 'data-part': 'set-item-problem' }, `This item cannot be asked. ${read.problem} The other items are not affected.`));
        return li;
      }
      const box = el('div', 'learn-set-exercise');
      li.append(box);
      try {
        readers[i] = mountItem(it, box, before[i]);
      } catch (error) {
        // The core refused the item (its puzzle, say): a sentence in its place.
        li.dataset.problem = 'true';
        box.replaceChildren(el('p', { class: 'learn-set-problem', 'data-part': 'set-item-problem' }, `This item cannot be asked. ${/** @type {Error} */ (error)?.message ?? error} The other items are not affected.`));
        readers[i] = () => null;
      }
      return li;
    }));
  };
  const useIdentity = () => {
    if (normalIdentity(idInput.value) === normalIdentity(drawnFor) && list.querySelector('[data-set-item]')) return;
    keep();
    draw(idInput.value);
    keep();
    status.textContent = own && normalIdentity(idInput.value) ? `The questions of ${idInput.value.trim()} are shown.` : '';
  };
  idUse.addEventListener('click', useIdentity);
  idInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      useIdentity();
    }
  });
  if (!own) idInput.addEventListener('input', keep);

  /**
   * Builds an item's exercise in `box`, with what was kept of its answer; returns its reader.
   * @param {import('./set-model.js').Item} it
   * @param {HTMLElement} box
   * @param {any} before
   * @returns {() => Answer | null}
   */
  function mountItem(it, box, before) {
    /** @type {() => Answer | null} */
    let reader;
    if (it.type === 'practice') {
      const root = mountExercise(box, {
        kind: it.kind,
        seed: it.seed,
        options: it.options,
        count: (n) => Number(core.wasm.countSolutions(n)),
        onChecked: () => {},
        onNew: () => {},
      });
      // In a set the teacher grades: no Check, no new question, no answer, and no seed shown.
      for (const name of ['check', 'new-question', 'verdict', 'explain']) root.querySelector(`[data-part="${name}"]`)?.remove();
      root.querySelector('.learn-controls:empty')?.remove();
      root.removeAttribute('data-seed');
      root.querySelector(':scope > h3')?.replaceChildren('Question');
      // A printed or set question is answered on its own: the prompt does not send the student to Check.
      const prompt = root.querySelector('.learn-prompt');
      if (prompt?.textContent) prompt.textContent = prompt.textContent.replace(/,? then Check( \(or press Enter\))?\./g, '.').replace(/ as in the view above:/g, ':');
      // Enter in a field would Check; here it does nothing.
      box.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && /** @type {HTMLElement} */ (event.target).matches('input[type="text"]')) {
          event.stopPropagation();
          event.preventDefault();
        }
      }, true);
      if (before && typeof before === 'object') restorePractice(root, before);
      let touched = Boolean(before);
      reader = () => (touched ? practiceAnswer(root) : null);
      const changed = () => {
        touched = true;
        setTimeout(keep, 0);
      };
      root.addEventListener('click', (event) => {
        if (/** @type {HTMLElement} */ (event.target).closest('button, input')) changed();
      });
      root.addEventListener('input', changed);
      root.addEventListener('change', changed);
    } else if (it.type === 'puzzle') {
      const givens = Array.from(core.wasm.puzzle(it.n, /** @type {import('../types.js').PuzzleLevel} */ (it.level), it.seed));
      const n = it.n;
      const placed = new Set(Array.isArray(before?.queens) ? before.queens.filter((/** @type {number} */ s) => Number.isInteger(s) && s >= 0 && s < n * n && !givens.includes(s)) : []);
      const count = el('p', { class: 'learn-set-count', 'data-part': 'puzzle-count' });
      const showCount = () => { count.textContent = `${givens.length + placed.size} of ${n} queens on the board (${givens.length} given).`; };
      const board = el('div', { class: 'learn-grid learn-set-puzzle', role: 'group', 'aria-label': `Puzzle board, ${n}×${n}: place ${n} queens, none attacking another, keeping the given ones. Arrow keys move between squares.`, style: `--n: ${n}`, 'data-part': 'puzzle-board', 'data-n': n, 'data-givens': givens.join(',') });
      for (let s = 0; s < n * n; s++) {
        const r = Math.floor(s / n), c = s % n;
        const cell = el('div', `learn-sq ${(r + c) % 2 ? 'learn-sq-dark' : 'learn-sq-light'}`);
        const where = `row ${r + 1}, column ${c + 1}`;
        if (givens.includes(s)) {
          cell.append(el('span', { class: 'learn-queen learn-given', 'data-given': s }, [el('span', { 'aria-hidden': 'true' }, '♛'), el('span', 'sr-only', `given queen, ${where}`)]));
        } else {
          const b = el('button', { type: 'button', class: 'learn-toggle learn-place', 'data-square': s, 'aria-pressed': String(placed.has(s)), 'aria-label': `Queen on ${where}` }, placed.has(s) ? '♛' : '');
          b.addEventListener('click', () => {
            if (placed.has(s)) placed.delete(s);
            else placed.add(s);
            b.setAttribute('aria-pressed', String(placed.has(s)));
            b.textContent = placed.has(s) ? '♛' : '';
            showCount();
            keep();
          });
          cell.append(b);
        }
        board.append(cell);
      }
      showCount();
      box.append(el('p', 'learn-prompt', `Place queens until the ${n}×${n} board holds ${n}, no two in the same row, column or diagonal. The given queens stay. The board you leave is your answer.`), board, count);
      reader = () => (placed.size ? { queens: [...givens, ...placed].sort((a, b) => a - b) } : null);
    } else {
      const language = it.lang === 'py' ? 'Python' : 'JavaScript';
      const area = el('textarea', { class: 'learn-set-source', 'data-part': 'program-source', rows: 12, spellcheck: 'false', 'aria-label': `Your program in ${language}` });
      area.value = programSource(before) ?? '';
      area.addEventListener('input', keep);
      box.append(
        el('p', 'learn-prompt', [`Write solve(n, board) in ${language} in the `, el('a', { href: `?mode=code&lang=${it.lang}&n=${it.upTo}` }, 'Your search'), ` tab, check it there for every N up to ${it.upTo}, and paste it here. It is run again, for N = 1 to ${it.upTo}, when it is graded. A starter of Your search handed in unchanged scores 0.`]),
        area,
      );
      reader = () => (area.value.trim() ? { source: area.value } : null);
    }
    // A practice question is its own [data-exercise]; a puzzle's and a program's is their box.
    if (it.type !== 'practice') {
      box.dataset.exercise = '';
      box.dataset.kind = it.type;
    }
    // A set that gives feedback: Check says right or wrong, never the answer.
    if (set.feedback === 'verdict' && it.type !== 'program') {
      const check = el('button', { type: 'button', 'data-part': 'set-check' }, 'Check');
      const said = el('p', { class: 'learn-set-feedback', 'data-part': 'set-feedback', 'aria-live': 'polite' });
      check.addEventListener('click', () => {
        const graders = { count: (/** @type {number} */ n) => Number(core.wasm.countSolutions(n)), puzzle: (/** @type {number} */ n, /** @type {string} */ l, /** @type {number} */ s) => core.wasm.puzzle(n, /** @type {import('../types.js').PuzzleLevel} */ (l), s) };
        const verdict = verdictOf(it, reader(), graders);
        said.dataset.verdict = verdict;
        said.textContent = verdict === 'right' ? 'Right.' : verdict === 'missing' ? 'Nothing is answered yet.' : 'Not right yet: look again (the answer is not shown in homework).';
      });
      box.append(el('div', 'learn-controls', [check]), said);
    }
    // A puzzle board is one tab stop (a practice question's boards already are).
    if (it.type === 'puzzle') rovingBoards(box);
    return reader;
  }
  save.addEventListener('click', () => {
    const name = nameInput.value.trim();
    if (!name) {
      status.textContent = 'Type your name first: the teacher reads it from the hand-in.';
      nameInput.focus();
      return;
    }
    if (own && !normalIdentity(idInput.value)) {
      status.textContent = 'Type your e-mail or student ID first and press Show my questions: your questions are drawn from it.';
      idInput.focus();
      return;
    }
    if (own && normalIdentity(idInput.value) !== normalIdentity(drawnFor)) {
      status.textContent = 'The identity typed is not the one the questions on the page were drawn for: press Show my questions first.';
      idUse.focus();
      return;
    }
    keep();
    const answers = readers.map((read) => read());
    const handIn = makeHandIn(set, name, answers, new Date(), drawnFor);
    download(new Blob([JSON.stringify(handIn, null, 1)], { type: 'application/json' }), `nqueens-hand-in-${safeName(set.title)}-${safeName(name)}.json`.toLowerCase());
    const given = answers.filter(Boolean).length;
    status.textContent = `Saved: ${given} of ${set.items.length} items answered. Hand the file in to your teacher; your answers stay in this browser.`;
  });
  const due = set.deadline ? ` Due ${dueText(set.deadline)}.` : '';
  const view = el('section', { class: 'learn-set', 'data-part': preview === undefined ? 'set-view' : 'set-preview', 'aria-labelledby': preview === undefined ? 'learn-set-title' : 'learn-preview-title' }, [
    el('h2', { id: preview === undefined ? 'learn-set-title' : 'learn-preview-title', class: 'learn-set-heading' }, preview === undefined ? set.title : `Preview: ${set.title}`),
    el('p', 'learn-set-intro', `A problem set of ${set.items.length} item${set.items.length === 1 ? '' : 's'}, ${pointsText(total)} in all.${due} ${own ? 'Type your e-mail or student ID as your course knows it: your questions are drawn from it, so they are your own. ' : ''}Answer each item (${set.feedback === 'verdict' ? 'Check says right or wrong, never the answer; your teacher grades the answers' : 'there is no Check here: your teacher grades the answers'}), type your name and press Save hand-in: it saves a file with your answers for your teacher. Your answers are kept in this browser until you save, even if you reload.`),
    el('div', 'learn-set-who', [
      el('label', 'learn-field learn-set-name', ['Your e-mail or student ID: ', idInput]),
      ...(own && preview === undefined ? [idUse] : []),
    ]),
    el('label', 'learn-field learn-set-name', ['Your name: ', nameInput]),
    list,
    ...(preview === undefined ? [el('div', 'learn-controls learn-set-save', [save]), status, el('p', 'learn-set-leave muted', [el('a', { href: '?mode=learn' }, 'Leave the set for the chapters')])] : []),
  ]);
  draw(idInput.value);
  host.replaceChildren(view);
  return view;
}

/**
 * The teacher's view: hand-ins graded again, the gradebook (kept in this
 * browser per set until the teacher clears it) and its files.
 * @param {HTMLElement} host
 * @param {ProblemSet} set
 * @param {() => Core} core  the core as it stands (a fresh one after a trap)
 * @param {typeof import('../program/check.js').checkProgram} checkProgram
 */
export function mountGradeView(host, set, core, checkProgram) {
  const bookKey = BOOK_PREFIX + setKey(set);
  const input = el('input', { type: 'file', multiple: true, accept: '.json,application/json', id: 'learn-hand-ins', 'data-part': 'hand-ins' });
  const drop = el('div', { class: 'learn-drop', 'data-part': 'drop-zone' }, [
    el('label', { for: 'learn-hand-ins' }, 'Hand-in files: '), input, el('span', 'muted', ' or drop them here.'),
  ]);
  const status = el('p', { class: 'learn-set-status', 'data-part': 'grade-status', 'aria-live': 'polite' });
  const body = el('tbody');
  const table = el('table', { class: 'learn-gradebook', 'data-part': 'gradebook', 'data-pending': 0 }, [
    el('caption', 'learn-set-heading', `Gradebook: ${set.title} (out of ${pointsText(totalPoints(set))})`),
    el('thead', '', [el('tr', '', [
      el('th', { scope: 'col' }, 'Name'), el('th', { scope: 'col' }, 'Identity'), el('th', { scope: 'col' }, 'Score'),
      ...set.items.map((read, i) => el('th', { scope: 'col', title: itemName(read) }, `${i + 1}`)),
      el('th', { scope: 'col' }, 'Notes'),
    ])]),
    body,
  ]);
  const superseded = el('ul', { class: 'learn-book-list', 'data-part': 'gradebook-superseded' });
  const refused = el('ul', { class: 'learn-book-list', 'data-part': 'gradebook-refused' });
  const supersededBox = el('div', { class: 'learn-book-apart', hidden: true }, [el('h3', '', 'Superseded hand-ins (a later one of the same student counts)'), superseded]);
  const refusedBox = el('div', { class: 'learn-book-apart', hidden: true }, [el('h3', '', 'Files not graded'), refused]);
  const run = el('button', { type: 'button', class: 'primary', 'data-part': 'run-programs', hidden: true }, 'Run the programs');
  const csv = el('button', { type: 'button', 'data-part': 'gradebook-csv', disabled: true }, 'Download CSV');
  const canvas = el('button', { type: 'button', 'data-part': 'gradebook-canvas', disabled: true }, 'Canvas grades (CSV)');
  const moodle = el('button', { type: 'button', 'data-part': 'gradebook-moodle', disabled: true }, 'Moodle grades (CSV)');
  const clear = el('button', { type: 'button', class: 'danger', 'data-part': 'gradebook-clear', disabled: true }, 'Clear the gradebook');
  const exportSay = el('p', { class: 'muted', 'data-part': 'export-status' });
  /** @type {import('./set-model.js').Row[]} */
  let rows = [];
  const rosterInput = el('textarea', { id: 'learn-roster', class: 'learn-roster', 'data-part': 'gradebook-roster', rows: 3, spellcheck: 'false', placeholder: 'ada@uni.edu\nbob@uni.edu' });
  try {
    const kept = JSON.parse(localStorage.getItem(bookKey) ?? 'null');
    if (Array.isArray(kept?.rows)) rows = kept.rows.filter((/** @type {any} */ r) => r && typeof r === 'object' && typeof r.file === 'string' && Array.isArray(r.verdicts));
    if (typeof kept?.roster === 'string') rosterInput.value = kept.roster;
  } catch { /* nothing kept: an empty gradebook */ }
  const absent = el('p', { class: 'learn-absent', 'data-part': 'gradebook-absent' });
  /** @type {Map<string, number[]>} */
  const givens = new Map();
  /** @type {Map<number, number>} */
  const counts = new Map();
  const graders = {
    count: (/** @type {number} */ n) => {
      if (!counts.has(n)) counts.set(n, Number(core().wasm.countSolutions(n)));
      return /** @type {number} */ (counts.get(n));
    },
    puzzle: (/** @type {number} */ n, /** @type {string} */ level, /** @type {number} */ seed) => {
      const k = `${n}/${level}/${seed}`;
      if (!givens.has(k)) givens.set(k, Array.from(core().wasm.puzzle(n, /** @type {import('../types.js').PuzzleLevel} */ (level), seed)));
      return /** @type {number[]} */ (givens.get(k));
    },
  };
  /** Whether the programs are running now. */
  let running = false;
  const keep = () => {
    try {
      localStorage.setItem(bookKey, JSON.stringify({ rows, roster: rosterInput.value }));
    } catch {
      exportSay.textContent = 'This browser did not let the page keep the gradebook (storage full or refused): download the files before you leave.';
    }
  };
  /** The programs not yet run: one entry a program text, with the cells it grades. */
  const toRun = () => {
    /** @type {Map<string, { lang: 'js'|'py', upTo: number, source: string, cells: [import('./set-model.js').Row, number][] }>} */
    const programs = new Map();
    for (const row of rows) {
      row.verdicts.forEach((v, i) => {
        const it = set.items[i]?.item;
        const source = programSource(row.answers?.[i]);
        if (v !== 'pending' || it?.type !== 'program' || !source) return;
        const k = `${it.lang}\u0000${it.upTo}\u0000${source}`;
        if (!programs.has(k)) programs.set(k, { lang: it.lang, upTo: it.upTo, source, cells: [] });
        programs.get(k)?.cells.push([row, i]);
      });
    }
    return programs;
  };
  const mark = { right: '✓', wrong: '✗', missing: '—', pending: '…' };
  /** @param {HTMLTableCellElement} td  @param {import('./set-model.js').Verdict} verdict */
  const paint = (td, verdict) => {
    const words = { right: 'right', wrong: 'wrong', missing: 'missing', pending: running ? 'being run' : 'not run yet' };
    td.dataset.verdict = verdict;
    td.replaceChildren(el('span', { 'aria-hidden': 'true' }, mark[verdict]), el('span', 'sr-only', words[verdict]));
  };
  const book = () => arrangeBook(set, rows, readRoster(rosterInput.value));
  const render = () => {
    const book = arrangeBook(set, rows, readRoster(rosterInput.value));
    absent.textContent = book.absent.length ? `No hand-in yet from ${book.absent.length} on the roster: ${book.absent.join(', ')}.` : '';
    body.replaceChildren(...book.counted.map((row) => {
      const flags = book.flags.get(row) ?? [];
      const tr = el('tr', { 'data-student': row.name || row.file, 'data-id': row.id ?? '', 'data-file': row.file, 'data-score': row.score, 'data-flags': flags.length });
      tr.append(el('th', { scope: 'row', title: row.file }, row.name), el('td', { class: 'learn-id' }, row.id ?? ''), el('td', { class: 'learn-score' }, formatCount(row.score)));
      set.items.forEach((_, i) => {
        const td = el('td', { 'data-item': i });
        paint(td, row.verdicts[i] ?? 'missing');
        tr.append(td);
      });
      tr.append(el('td', { class: 'learn-notes', 'data-part': 'notes' }, [
        ...flags.map((f) => el('span', { class: 'learn-flag', 'data-part': 'flag' }, `⚑ ${f} `)),
        (row.notes ?? []).join(' '),
      ]));
      return tr;
    }));
    superseded.replaceChildren(...book.superseded.map(({ row, by }) => el('li', { 'data-file': row.file, 'data-student': row.name }, `${row.file}: ${row.name}${row.id ? ` (${row.id})` : ''}, saved ${row.savedAt || 'at no time given'}, ${formatCount(row.score)} points; superseded by ${by.file}.`)));
    supersededBox.hidden = !book.superseded.length;
    refused.replaceChildren(...book.refused.map((row) => el('li', { 'data-file': row.file, 'data-problem': 'true' }, `${row.file}${row.name ? ` (${row.name})` : ''}: ${row.problem}`)));
    refusedBox.hidden = !book.refused.length;
    const programs = toRun();
    const pending = rows.reduce((sum, r) => sum + r.verdicts.filter((v) => v === 'pending').length, 0);
    table.dataset.pending = String(pending);
    table.dataset.running = String(running);
    run.hidden = !programs.size && !running;
    run.disabled = running;
    run.textContent = running ? 'Running the programs…' : `Run ${programs.size} program${programs.size === 1 ? '' : 's'} (each in its own sandbox)`;
    const graded = book.counted.length > 0;
    for (const b of [csv, canvas, moodle]) b.disabled = !graded || pending > 0;
    clear.disabled = rows.length === 0 || running;
    exportSay.textContent = !graded ? '' : pending ? `No file yet: ${pending} program answer${pending === 1 ? ' is' : 's are'} not graded (press Run above), and a file now would count ${pending === 1 ? 'it' : 'them'} wrong.` : '';
    return book;
  };
  /** Runs every program not yet run: the one place this view runs a learner's program. */
  const runPrograms = async () => {
    const programs = [...toRun().values()];
    if (!programs.length || running) return;
    running = true;
    render();
    status.textContent = `Running ${programs.length} program${programs.length === 1 ? '' : 's'}, each in its own sandbox…`;
    await Promise.all(programs.map(async (p) => {
      const result = await checkProgram(p.lang, p.source, p.upTo).catch((error) => ({ right: false, sentence: String(error?.message ?? error) }));
      for (const [row, i] of p.cells) {
        row.verdicts[i] = result.right ? 'right' : 'wrong';
        if (!result.right) row.notes = [...(row.notes ?? []), `Item ${i + 1}: ${result.sentence}`];
        row.score = scoreOf(set, row.verdicts);
      }
      keep();
      render();
    }));
    running = false;
    keep();
    render();
    status.textContent = `Every program has been run (${programs.length}).`;
  };
  run.addEventListener('click', runPrograms);
  /** @param {File[]} files */
  const take = async (files) => {
    if (!files.length) return;
    const started = performance.now();
    // A file too large to be a hand-in is not read: it is listed as refused.
    const texts = await Promise.all(files.map((f) => (f.size > MAX_HAND_IN_BYTES ? Promise.resolve(null) : f.text().catch(() => ''))));
    for (let k = 0; k < files.length; k++) {
      const text = texts[k];
      if (text === null) {
        rows.push({ file: files[k].name, name: '', savedAt: '', verdicts: [], score: 0, problem: `This file is larger than ${MAX_HAND_IN_BYTES >> 20} MB, far more than a hand-in holds: it is not read.` });
        continue;
      }
      rows.push(gradeHandIn(files[k].name, text, set, graders));
    }
    keep();
    const book = render();
    const ms = performance.now() - started;
    status.dataset.ms = ms.toFixed(1);
    const programs = toRun().size;
    status.textContent = `Graded ${files.length} file${files.length === 1 ? '' : 's'} in ${(ms / 1000).toFixed(2)} s, every answer again from its question; ${book.counted.length} student${book.counted.length === 1 ? '' : 's'} in the gradebook${book.superseded.length ? `, ${book.superseded.length} superseded` : ''}${book.refused.length ? `, ${book.refused.length} refused` : ''}.${programs ? ` No program has run: press Run ${programs} program${programs === 1 ? '' : 's'} to grade ${programs === 1 ? 'it' : 'them'}.` : ''}`;
  };
  input.addEventListener('change', () => {
    take([...(input.files ?? [])]);
    input.value = '';
  });
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('learn-drop-over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('learn-drop-over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('learn-drop-over');
    take([...(event.dataTransfer?.files ?? [])]);
  });
  const fileName = (/** @type {string} */ what) => `nqueens-${what}-${safeName(set.title)}.csv`.toLowerCase();
  csv.addEventListener('click', () => downloadCsv(gradebookRows(set, book()), fileName('gradebook')));
  canvas.addEventListener('click', () => downloadCsv(canvasRows(set, book()), fileName('canvas')));
  moodle.addEventListener('click', () => downloadCsv(moodleRows(set, book()), fileName('moodle')));
  rosterInput.addEventListener('change', () => {
    keep();
    render();
  });
  clear.addEventListener('click', () => {
    if (running) return;
    rows = [];
    rosterInput.value = '';
    try {
      localStorage.removeItem(bookKey);
    } catch { /* nothing was kept */ }
    render();
    status.textContent = 'The gradebook is cleared: this browser keeps nothing of these hand-ins now.';
  });
  const view = el('section', { class: 'learn-set learn-grade', 'data-part': 'grade-view', 'aria-labelledby': 'learn-grade-title' }, [
    el('h2', { id: 'learn-grade-title', class: 'learn-set-heading' }, `Grade hand-ins: ${set.title}`),
    el('p', 'learn-set-intro', `Choose or drop the files your students saved. Each answer in them is graded again here, from the question itself (${perStudent(set) ? 'drawn again from each student\'s identity, ' : ''}a puzzle's board square by square): whatever a file says of its own verdicts is ignored. Programs run only when you press Run. The files are read in this browser and go nowhere; the gradebook is kept in this browser until you clear it.${set.deadline ? ` Due ${dueText(set.deadline)}: a hand-in saved later is flagged.` : ''}`),
    el('ol', 'learn-set-items learn-set-list', set.items.map((read, i) => el('li', { 'data-set-item': i }, read.item ? `${i + 1}. ${itemName(read)} · ${pointsText(read.item.points)}` : `${i + 1}. Cannot be graded. ${read.problem}`))),
    el('details', { class: 'learn-roster-box', open: rosterInput.value.trim() !== '' }, [
      el('summary', '', 'Roster (optional)'),
      el('label', { for: 'learn-roster' }, 'Your students\' e-mails or IDs, one a line: a hand-in whose identity is not on it is flagged, and the students with no hand-in are listed.'),
      rosterInput,
    ]),
    drop,
    el('div', 'learn-controls', [run]),
    status,
    el('div', 'learn-gradebook-wrap', [table]),
    absent,
    supersededBox,
    refusedBox,
    el('div', 'learn-controls', [csv, canvas, moodle, clear]),
    exportSay,
  ]);
  render();
  if (rows.length) status.textContent = `The gradebook kept in this browser: ${rows.length} file${rows.length === 1 ? '' : 's'}.`;
  host.replaceChildren(view);
  return view;
}

/** A deadline in words, in this browser's time zone. @param {string} iso */
function dueText(iso) {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
