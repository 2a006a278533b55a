// A problem set on the page (the model is set-model.js): the student's view
// (`#learn[data-set]`: each item `[data-set-item=i]` with its exercise, the
// name, Save hand-in; the answers kept in localStorage under the set's key
// until saved) and the teacher's (`&grade=1`: hand-in files read in this
// browser, graded again, a gradebook and its CSV).

import { mountExercise } from './practice.js';
import {
  MAX_HAND_IN_BYTES, gradeHandIn, gradebookRows, itemName, makeHandIn, programSource, scoreOf, setKey, totalPoints,
} from './set-model.js';
import { el, formatCount } from '../lib/dom.js';
import { download, downloadCsv, safeName } from '../lib/export.js';

/** @typedef {import('./set-model.js').ProblemSet} ProblemSet */
/** @typedef {import('./set-model.js').Answer} Answer */
/** @typedef {import('../core/core.js').Core} Core */

const STORE_PREFIX = 'nqueens-set-answers:';

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
 * The student's view of a set.
 * @param {HTMLElement} host
 * @param {ProblemSet} set
 * @param {Core} core
 */
export function mountStudentSet(host, set, core) {
  const key = setKey(set);
  const storeKey = STORE_PREFIX + key;
  /** @type {{ name: string, answers: (Answer|null)[] }} */
  let kept = { name: '', answers: [] };
  try {
    const raw = localStorage.getItem(storeKey);
    if (raw) {
      const parsed = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && Array.isArray(parsed.answers)) kept = { name: String(parsed.name ?? ''), answers: parsed.answers };
    }
  } catch { /* nothing kept, or storage refused: start empty */ }
  /** @type {(() => Answer | null)[]} each item's answer as it stands */
  const readers = [];
  const status = el('p', { class: 'learn-set-status', 'data-part': 'set-status', 'aria-live': 'polite' });
  const keep = () => {
    const answers = readers.map((read) => read());
    try {
      localStorage.setItem(storeKey, JSON.stringify({ name: nameInput.value, answers }));
    } catch {
      status.textContent = 'This browser does not let the page keep your answers: save a hand-in before you leave.';
    }
  };
  const nameInput = el('input', { type: 'text', id: `learn-set-name-${key}`, 'data-part': 'student-name', autocomplete: 'name', value: kept.name });
  nameInput.addEventListener('input', keep);
  const save = el('button', { type: 'button', class: 'primary', 'data-part': 'save-hand-in' }, 'Save hand-in');
  const total = totalPoints(set);
  const items = set.items.map((read, i) => {
    const li = el('li', { class: 'learn-set-item', 'data-set-item': i });
    const heading = el('h3', { id: `learn-set-h-${i}` }, [`${i + 1}. ${itemName(read)}`, read.item ? el('span', 'learn-set-points', ` · ${pointsText(read.item.points)}`) : '']);
    li.setAttribute('aria-labelledby', heading.id);
    li.append(heading);
    const it = read.item;
    const before = kept.answers[i];
    if (!it) {
      li.dataset.problem = 'true';
      li.append(el('p', { class: 'learn-set-problem', 'data-part': 'set-item-problem' }, `This item cannot be asked. ${read.problem} The other items are not affected.`));
      readers.push(() => null);
      return li;
    }
    const host = el('div', 'learn-set-exercise');
    li.append(host);
    try {
      mountItem(it, host, before);
    } catch (error) {
      // The core refused the item (its puzzle, say): a sentence in its place.
      li.dataset.problem = 'true';
      host.replaceChildren(el('p', { class: 'learn-set-problem', 'data-part': 'set-item-problem' }, `This item cannot be asked. ${/** @type {Error} */ (error)?.message ?? error} The other items are not affected.`));
      readers[i] = () => null;
    }
    return li;
  });
  /**
   * Builds an item's exercise in `host`, with what was kept of its answer, and its reader.
   * @param {import('./set-model.js').Item} it
   * @param {HTMLElement} host
   * @param {any} before
   */
  function mountItem(it, host, before) {
    const i = readers.length;
    readers.push(() => null);
    if (it.type === 'practice') {
      const root = mountExercise(host, {
        kind: it.kind,
        seed: it.seed,
        options: it.options,
        count: (n) => Number(core.wasm.countSolutions(n)),
        onChecked: () => {},
        onNew: () => {},
      });
      // In a set the teacher grades: no Check, no new question.
      for (const name of ['check', 'new-question', 'verdict', 'explain']) root.querySelector(`[data-part="${name}"]`)?.remove();
      root.querySelector('.learn-controls:empty')?.remove();
      // Enter in a field would Check; here it does nothing.
      host.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && /** @type {HTMLElement} */ (event.target).matches('input[type="text"]')) {
          event.stopPropagation();
          event.preventDefault();
        }
      }, true);
      if (before && typeof before === 'object') restorePractice(root, before);
      let touched = Boolean(before);
      readers[i] = () => (touched ? practiceAnswer(root) : null);
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
      const givens = Array.from(core.wasm.puzzle(it.n, it.level, it.seed));
      const n = it.n;
      const placed = new Set(Array.isArray(before?.queens) ? before.queens.filter((/** @type {number} */ s) => Number.isInteger(s) && s >= 0 && s < n * n && !givens.includes(s)) : []);
      const count = el('p', { class: 'learn-set-count', 'data-part': 'puzzle-count' });
      const showCount = () => { count.textContent = `${givens.length + placed.size} of ${n} queens on the board (${givens.length} given).`; };
      const board = el('div', { class: 'learn-grid learn-set-puzzle', role: 'group', 'aria-label': `Puzzle board, ${n}×${n}: place ${n} queens, none attacking another, keeping the given ones`, style: `--n: ${n}`, 'data-part': 'puzzle-board', 'data-n': n, 'data-givens': givens.join(',') });
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
      host.append(el('p', 'learn-prompt', `Place queens until the ${n}×${n} board holds ${n}, no two in the same row, column or diagonal. The given queens stay. The board you leave is your answer.`), board, count);
      readers[i] = () => (placed.size ? { queens: [...givens, ...placed].sort((a, b) => a - b) } : null);
    } else {
      const language = it.lang === 'py' ? 'Python' : 'JavaScript';
      const area = el('textarea', { class: 'learn-set-source', 'data-part': 'program-source', rows: 12, spellcheck: 'false', 'aria-label': `Your program in ${language}` });
      area.value = programSource(before) ?? '';
      area.addEventListener('input', keep);
      host.append(
        el('p', 'learn-prompt', [`Write solve(n, board) in ${language} in the `, el('a', { href: `?mode=code&lang=${it.lang}&n=${it.upTo}` }, 'Your search'), ` tab, check it there for every N up to ${it.upTo}, and paste it here. It is run again, for N = 1 to ${it.upTo}, when it is graded.`]),
        area,
      );
      readers[i] = () => (area.value.trim() ? { source: area.value } : null);
    }
    // A practice question is its own [data-exercise]; a puzzle's and a program's is their host.
    if (it.type !== 'practice') {
      host.dataset.exercise = '';
      host.dataset.kind = it.type;
    }
  }
  save.addEventListener('click', () => {
    const name = nameInput.value.trim();
    if (!name) {
      status.textContent = 'Type your name first: the teacher reads it from the hand-in.';
      nameInput.focus();
      return;
    }
    keep();
    const answers = readers.map((read) => read());
    const handIn = makeHandIn(set, name, answers);
    download(new Blob([JSON.stringify(handIn, null, 1)], { type: 'application/json' }), `nqueens-hand-in-${safeName(set.title)}-${safeName(name)}.json`.toLowerCase());
    const given = answers.filter(Boolean).length;
    status.textContent = `Saved: ${given} of ${set.items.length} items answered. Hand the file in to your teacher; your answers stay in this browser.`;
  });
  const view = el('section', { class: 'learn-set', 'data-part': 'set-view', 'aria-labelledby': 'learn-set-title' }, [
    el('h2', { id: 'learn-set-title' }, set.title),
    el('p', 'learn-set-intro', `A problem set of ${set.items.length} item${set.items.length === 1 ? '' : 's'}, ${pointsText(total)} in all. Answer each item (there is no Check here: your teacher grades the answers), type your name and press Save hand-in: it saves a file with your answers for your teacher. Your answers are kept in this browser until you save, even if you reload.`),
    el('label', 'learn-field learn-set-name', ['Your name: ', nameInput]),
    el('ol', 'learn-set-items', items),
    el('div', 'learn-controls learn-set-save', [save]),
    status,
    el('p', 'learn-set-leave muted', [el('a', { href: '?mode=learn' }, 'Leave the set for the chapters')]),
  ]);
  host.replaceChildren(view);
  return view;
}

/**
 * The teacher's view: hand-ins graded again, the gradebook and its CSV.
 * @param {HTMLElement} host
 * @param {ProblemSet} set
 * @param {() => Core} core  the core as it stands (a fresh one after a trap)
 * @param {typeof import('../program/check.js').checkProgram} checkProgram
 */
export function mountGradeView(host, set, core, checkProgram) {
  const input = el('input', { type: 'file', multiple: true, accept: '.json,application/json', id: 'learn-hand-ins', 'data-part': 'hand-ins' });
  const drop = el('div', { class: 'learn-drop', 'data-part': 'drop-zone' }, [
    el('label', { for: 'learn-hand-ins' }, 'Hand-in files: '), input, el('span', 'muted', ' or drop them here.'),
  ]);
  const status = el('p', { class: 'learn-set-status', 'data-part': 'grade-status', 'aria-live': 'polite' });
  const body = el('tbody');
  const table = el('table', { class: 'learn-gradebook', 'data-part': 'gradebook', 'data-pending': 0 }, [
    el('caption', '', `Gradebook: ${set.title} (out of ${pointsText(totalPoints(set))})`),
    el('thead', '', [el('tr', '', [
      el('th', { scope: 'col' }, 'Name'), el('th', { scope: 'col' }, 'Score'),
      ...set.items.map((read, i) => el('th', { scope: 'col', title: itemName(read) }, `${i + 1}`)),
      el('th', { scope: 'col' }, 'Notes'),
    ])]),
    body,
  ]);
  const csv = el('button', { type: 'button', 'data-part': 'gradebook-csv', disabled: true }, 'Download CSV');
  /** @type {import('./set-model.js').Row[]} */
  const rows = [];
  /** @type {Map<string, Promise<{ right: boolean, sentence: string }>>} a program's verdict, by its text */
  const programs = new Map();
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
      if (!givens.has(k)) givens.set(k, Array.from(core().wasm.puzzle(n, level, seed)));
      return /** @type {number[]} */ (givens.get(k));
    },
  };
  const mark = { right: '✓', wrong: '✗', missing: '—', pending: '…' };
  const words = { right: 'right', wrong: 'wrong', missing: 'missing', pending: 'being graded' };
  /** @param {HTMLTableCellElement} td  @param {'right'|'wrong'|'missing'|'pending'} verdict */
  const paint = (td, verdict) => {
    td.dataset.verdict = verdict;
    td.replaceChildren(el('span', { 'aria-hidden': 'true' }, mark[verdict]), el('span', 'sr-only', words[verdict]));
  };
  let pending = 0;
  /** the last grading's sentence */
  let summary = '';
  /** @param {import('./set-model.js').Row} row */
  const addRow = (row) => {
    rows.push(row);
    const tr = el('tr', { 'data-student': row.name || row.file, 'data-file': row.file });
    if (row.problem) {
      tr.dataset.problem = 'true';
      tr.append(el('th', { scope: 'row' }, row.name || row.file), el('td', { colspan: set.items.length + 2, class: 'learn-refused' }, `${row.file}: ${row.problem}`));
      body.append(tr);
      return;
    }
    const scoreCell = el('td', { class: 'learn-score' });
    const notes = el('td', { class: 'learn-notes', 'data-part': 'notes' });
    const showScore = () => {
      row.score = scoreOf(set, row.verdicts);
      tr.dataset.score = String(row.score);
      scoreCell.textContent = formatCount(row.score);
    };
    tr.append(el('th', { scope: 'row', title: row.file }, row.name), scoreCell);
    set.items.forEach((read, i) => {
      const td = el('td', { 'data-item': i });
      tr.append(td);
      const it = read.item;
      const source = it?.type === 'program' ? programSource(/** @type {any} */ (row).answers?.[i]) : null;
      if (it?.type === 'program' && source) {
        paint(td, 'pending');
        row.verdicts[i] = 'wrong';
        const key = `${it.lang}\u0000${it.upTo}\u0000${source}`;
        if (!programs.has(key)) programs.set(key, checkProgram(it.lang, source, it.upTo).catch((error) => ({ right: false, sentence: String(error?.message ?? error) })));
        pending++;
        table.dataset.pending = String(pending);
        /** @type {Promise<{ right: boolean, sentence: string }>} */ (programs.get(key)).then((result) => {
          row.verdicts[i] = result.right ? 'right' : 'wrong';
          paint(td, row.verdicts[i]);
          td.title = result.sentence;
          if (!result.right) {
            row.notes = [...(row.notes ?? []), `Item ${i + 1}: ${result.sentence}`];
            notes.textContent = row.notes.join(' ');
          }
          showScore();
          pending--;
          table.dataset.pending = String(pending);
          if (!pending) status.textContent = `${summary} Every program has been run.`;
        });
      } else {
        paint(td, row.verdicts[i]);
      }
    });
    tr.append(notes);
    showScore();
    body.append(tr);
  };
  /** @param {File[]} files */
  const take = async (files) => {
    if (!files.length) return;
    const started = performance.now();
    // A file too large to be a hand-in is not read: its row says so.
    const texts = await Promise.all(files.map((f) => (f.size > MAX_HAND_IN_BYTES ? Promise.resolve(null) : f.text().catch(() => ''))));
    for (let k = 0; k < files.length; k++) {
      const text = texts[k];
      if (text === null) {
        addRow({ file: files[k].name, name: '', savedAt: '', verdicts: [], score: 0, problem: `This file is larger than ${MAX_HAND_IN_BYTES >> 20} MB, far more than a hand-in holds: it is not read.` });
        continue;
      }
      const row = gradeHandIn(files[k].name, text, set, graders);
      // The answers travel with the row only to run the programs.
      /** @type {any} */ (row).answers = row.problem ? [] : readAnswers(text);
      addRow(row);
    }
    const ms = performance.now() - started;
    const refused = rows.filter((r) => r.problem).length;
    status.dataset.ms = ms.toFixed(1);
    summary = `Graded ${files.length} file${files.length === 1 ? '' : 's'} in ${(ms / 1000).toFixed(2)} s, every answer again from its question; ${rows.length - refused} hand-in${rows.length - refused === 1 ? '' : 's'} in the gradebook${refused ? `, ${refused} refused` : ''}.`;
    status.textContent = pending ? `${summary} The programs are running (each in its own sandbox)…` : summary;
    csv.disabled = rows.length === 0;
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
  csv.addEventListener('click', () => downloadCsv(gradebookRows(set, rows), `nqueens-gradebook-${safeName(set.title)}.csv`.toLowerCase()));
  const view = el('section', { class: 'learn-set learn-grade', 'data-part': 'grade-view', 'aria-labelledby': 'learn-grade-title' }, [
    el('h2', { id: 'learn-grade-title' }, `Grade hand-ins: ${set.title}`),
    el('p', 'learn-set-intro', 'Choose or drop the files your students saved. Each answer in them is graded again here, from the question itself (a puzzle\'s board square by square, a program by running it): whatever a file says of its own verdicts is ignored. The files are read in this browser and go nowhere.'),
    el('ol', 'learn-set-items learn-set-list', set.items.map((read, i) => el('li', { 'data-set-item': i }, read.item ? `${i + 1}. ${itemName(read)} · ${pointsText(read.item.points)}` : `${i + 1}. Cannot be graded. ${read.problem}`))),
    drop,
    status,
    el('div', 'learn-gradebook-wrap', [table]),
    el('div', 'learn-controls', [csv]),
  ]);
  host.replaceChildren(view);
  return view;
}

/** A hand-in's answers, or none. @param {string} text */
function readAnswers(text) {
  try {
    const json = JSON.parse(text);
    return Array.isArray(json?.answers) ? json.answers : [];
  } catch {
    return [];
  }
}
