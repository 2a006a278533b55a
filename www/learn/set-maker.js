// "Make a problem set": a teacher picks a title and items the page can grade
// (practice questions by chapter, kind and seed; puzzles by N, level and
// seed; a program graded for every N up to a given one), each with its
// points, reorders, edits and removes them, and gets the set's link for
// students and its grading link (which alone carries the grading key; the
// set holds its hash). Each student's own questions are drawn from the
// set's seed; a deadline is optional. The set being made is kept in
// localStorage across reloads; a set's link opens here for editing; a
// preview shows the set as a sample student sees it, with its answer key.

import { CHAPTERS } from './chapters.js';
import {
  GRADED_KINDS, decodeSet, encodeSet, gradeKeyHash, itemName, itemsFor, newGradeKey, PROGRAM_MAX_N, PUZZLE_MAX_N, PUZZLE_MIN_N,
  readItem, readSet, rightAnswer,
} from './set-model.js';
import { mountStudentSet } from './set-view.js';
import { newSeed } from '../core/seeds.js';
import { el } from '../lib/dom.js';

/** @typedef {import('../core/core.js').Core} Core */

/** Where the set being made is kept. */
const MAKER_KEY = 'nqueens-set-maker';
/** The identity the preview and the answer key draw their questions for. */
const SAMPLE_IDENTITY = 'sample.student@example.org';

/**
 * A labelled control.
 * @param {string} text
 * @param {HTMLElement} control
 */
const labelled = (text, control) => el('label', 'learn-maker-field', [text, control]);

/**
 * @param {string} part
 * @param {number} value
 * @param {number} min
 * @param {number} [max]
 */
const numberField = (part, value, min, max) => el('input', { type: 'number', 'data-part': part, value, min, max, step: 1, inputmode: 'numeric' });

/**
 * The panel, in a <details> of its own.
 * @param {Core} core
 * @param {() => { chapter: number, kind: string, seed: number }} shown  the question the open chapter asks
 * @returns {HTMLElement}
 */
export function makeSetMaker(core, shown) {
  /** @type {any} */
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(MAKER_KEY) ?? 'null');
  } catch { /* nothing kept */ }
  /** @type {any[]} the items as the link will write them */
  const items = Array.isArray(kept?.items) ? kept.items.filter((/** @type {any} */ raw) => readItem(raw).item) : [];
  /** the set's own seed: each student's questions are drawn from it */
  let setSeed = Number.isSafeInteger(kept?.seed) && kept.seed >= 0 ? kept.seed : freshSeed();
  /** the grading key: only the teacher's link carries it */
  let gradeKey = typeof kept?.key === 'string' && /^[0-9a-f]{32}$/.test(kept.key) ? kept.key : newGradeKey();
  /** @type {number | null} the item the fields are editing (null: they add a new one) */
  let editing = null;
  const title = el('input', { type: 'text', 'data-part': 'set-title', value: typeof kept?.title === 'string' ? kept.title : 'Problem set', maxlength: 200 });
  const own = el('input', { type: 'checkbox', 'data-part': 'set-per-student', checked: kept?.perStudent !== false });
  const deadline = el('input', { type: 'datetime-local', 'data-part': 'set-deadline', value: typeof kept?.deadline === 'string' ? kept.deadline : '' });
  const feedback = el('select', { 'data-part': 'set-feedback-choice' }, [
    el('option', { value: 'none', selected: kept?.feedback !== 'verdict' }, 'None until graded'),
    el('option', { value: 'verdict', selected: kept?.feedback === 'verdict' }, 'Right or wrong on Check, never the answer'),
  ]);
  const keep = () => {
    try {
      localStorage.setItem(MAKER_KEY, JSON.stringify({ title: title.value, items, seed: setSeed, key: gradeKey, perStudent: own.checked, deadline: deadline.value, feedback: feedback.value }));
    } catch { /* storage refused: the set stays until the tab closes */ }
  };

  // A practice question.
  const chapter = el('select', { 'data-part': 'set-chapter' }, CHAPTERS.map((c, i) => el('option', { value: i + 1 }, `${i + 1}. ${c.title}`)));
  const kind = el('select', { 'data-part': 'set-kind' });
  // The kinds a set can grade: a kind that needs the learner's program run in the chapter is left out.
  const fillKinds = () => kind.replaceChildren(...CHAPTERS[Number(chapter.value) - 1].practice.filter((p) => GRADED_KINDS.includes(p.kind)).map((p) => el('option', { value: p.kind }, p.label)));
  chapter.addEventListener('change', fillKinds);
  fillKinds();
  const qSeed = numberField('set-seed', newSeed(), 0);
  const qPoints = numberField('set-question-points', 1, 0, 1000);
  const addQuestion = el('button', { type: 'button', 'data-part': 'set-add-question' }, 'Add the question');
  const useShown = el('button', { type: 'button', 'data-part': 'set-use-shown', title: 'Fill in the chapter, kind and seed of the practice question the open chapter asks' }, 'The chapter\'s question');
  useShown.addEventListener('click', () => {
    const q = shown();
    if (!GRADED_KINDS.includes(q.kind)) {
      say.textContent = `The open chapter asks a question (${q.kind}) that a set cannot grade: choose another kind.`;
      return;
    }
    chapter.value = String(q.chapter);
    fillKinds();
    kind.value = q.kind;
    qSeed.value = String(q.seed);
    say.textContent = `Chapter ${q.chapter}'s question (seed ${q.seed}) is filled in: Add the question adds it.`;
  });
  addQuestion.addEventListener('click', () => add({ kind: kind.value, chapter: Number(chapter.value), seed: Number(qSeed.value), points: Number(qPoints.value) }, () => { qSeed.value = String(newSeed(Number(qSeed.value))); }));

  // A puzzle.
  const sizes = Array.from({ length: PUZZLE_MAX_N - PUZZLE_MIN_N + 1 }, (_, i) => PUZZLE_MIN_N + i);
  const pN = el('select', { 'data-part': 'set-puzzle-n' }, sizes.map((n) => el('option', { value: n, selected: n === 8 }, `${n}×${n}`)));
  const pLevel = el('select', { 'data-part': 'set-puzzle-level' });
  const fillLevels = () => {
    const was = pLevel.value;
    const levels = /** @type {string[]} */ (core.wasm.puzzleLevels(Number(pN.value)));
    pLevel.replaceChildren(...levels.map((l) => el('option', { value: l, selected: l === was }, l)));
  };
  pN.addEventListener('change', fillLevels);
  fillLevels();
  const pSeed = numberField('set-puzzle-seed', newSeed(), 0);
  const pPoints = numberField('set-puzzle-points', 2, 0, 1000);
  const addPuzzle = el('button', { type: 'button', 'data-part': 'set-add-puzzle' }, 'Add the puzzle');
  addPuzzle.addEventListener('click', () => add({ puzzle: { n: Number(pN.value), level: pLevel.value, seed: Number(pSeed.value) }, points: Number(pPoints.value) }, () => { pSeed.value = String(newSeed(Number(pSeed.value))); }));

  // A program.
  const lang = el('select', { 'data-part': 'set-program-lang' }, [el('option', { value: 'js' }, 'JavaScript'), el('option', { value: 'py' }, 'Python')]);
  const upTo = numberField('set-program-upto', 8, 1, PROGRAM_MAX_N);
  const gPoints = numberField('set-program-points', 5, 0, 1000);
  const addProgram = el('button', { type: 'button', 'data-part': 'set-add-program' }, 'Add the program');
  addProgram.addEventListener('click', () => add({ program: { lang: lang.value, upTo: Number(upTo.value) }, points: Number(gPoints.value) }));

  const list = el('ol', { class: 'learn-maker-items', 'data-part': 'set-items' });
  const say = el('p', { class: 'learn-maker-status', 'data-part': 'set-maker-status', 'aria-live': 'polite' });
  const link = el('a', { 'data-part': 'set-link', href: '#', hidden: true }, 'The set\'s link');
  const gradeLink = el('a', { 'data-part': 'set-grade-link', href: '#', hidden: true }, 'Grade hand-ins');
  const copy = el('button', { type: 'button', 'data-part': 'set-copy', disabled: true }, 'Copy the link');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link.href);
      say.textContent = 'The set\'s link is copied: send it to your students. Keep the Grade hand-ins link for yourself.';
    } catch {
      say.textContent = 'The browser did not let the page copy: copy the link below by hand.';
    }
  });

  /** The set's JSON as the link writes it. */
  const setJson = async () => {
    /** @type {Record<string, any>} */
    const json = { title: title.value.trim() || 'Problem set', items };
    if (own.checked) json.seed = setSeed;
    json.gradeHash = await gradeKeyHash(gradeKey);
    if (deadline.value && !Number.isNaN(Date.parse(deadline.value))) json.deadline = new Date(deadline.value).toISOString();
    if (feedback.value === 'verdict') json.feedback = 'verdict';
    return json;
  };
  let version = 0;
  const writeLinks = async () => {
    const mine = ++version;
    keep();
    previewHost.replaceChildren();
    if (!items.length) {
      link.hidden = gradeLink.hidden = true;
      copy.disabled = preview.disabled = true;
      return;
    }
    const code = await encodeSet(await setJson());
    if (mine !== version) return;
    const base = new URL(location.href);
    base.hash = '';
    base.search = `?mode=learn&set=${code}`;
    link.href = base.href;
    link.textContent = `Students: ${title.value.trim() || 'Problem set'} (${items.length} item${items.length === 1 ? '' : 's'})`;
    gradeLink.href = `${base.href}&grade=1&key=${gradeKey}`;
    gradeLink.textContent = 'Teacher: grade hand-ins of this set (keep this link to yourself: it holds the grading key)';
    link.hidden = gradeLink.hidden = false;
    copy.disabled = preview.disabled = false;
    link.dataset.ready = String(mine);
  };
  title.addEventListener('input', writeLinks);
  own.addEventListener('change', writeLinks);
  deadline.addEventListener('change', writeLinks);
  feedback.addEventListener('change', writeLinks);

  /** The fields of an item's kind filled in from it, and its Add button made "Save item k". @param {number} i */
  const edit = (i) => {
    const raw = items[i];
    editing = i;
    if ('puzzle' in raw) {
      pN.value = String(raw.puzzle.n);
      fillLevels();
      pLevel.value = raw.puzzle.level;
      pSeed.value = String(raw.puzzle.seed);
      pPoints.value = String(raw.points ?? 1);
      pSeed.focus();
    } else if ('program' in raw) {
      lang.value = raw.program.lang;
      upTo.value = String(raw.program.upTo);
      gPoints.value = String(raw.points ?? 1);
      upTo.focus();
    } else {
      chapter.value = String(raw.chapter);
      fillKinds();
      kind.value = raw.kind;
      qSeed.value = String(raw.seed);
      qPoints.value = String(raw.points ?? 1);
      qSeed.focus();
    }
    showButtons();
    say.textContent = `Editing item ${i + 1}: change its fields and press Save item ${i + 1}.`;
  };
  const showButtons = () => {
    addQuestion.textContent = editing !== null && !('puzzle' in items[editing]) && !('program' in items[editing]) ? `Save item ${editing + 1}` : 'Add the question';
    addPuzzle.textContent = editing !== null && 'puzzle' in items[editing] ? `Save item ${editing + 1}` : 'Add the puzzle';
    addProgram.textContent = editing !== null && 'program' in items[editing] ? `Save item ${editing + 1}` : 'Add the program';
  };

  const showItems = () => {
    list.replaceChildren(...items.map((raw, i) => {
      const button = (/** @type {string} */ part, /** @type {string} */ text, /** @type {string} */ label, /** @type {() => void} */ act, disabled = false) => {
        const b = el('button', { type: 'button', 'data-part': part, 'aria-label': `${label} item ${i + 1}`, disabled }, text);
        b.addEventListener('click', act);
        return b;
      };
      const move = (/** @type {number} */ to) => () => {
        const [it] = items.splice(i, 1);
        items.splice(to, 0, it);
        editing = null;
        showItems();
        showButtons();
        writeLinks();
        /** @type {HTMLElement | null} */ (list.querySelector(`[data-maker-item="${to}"] [data-part="${to < i ? 'set-up' : 'set-down'}"]:not([disabled])`))?.focus();
      };
      const read = readItem(raw);
      return el('li', { 'data-maker-item': i }, [
        `${itemName(read)} · ${raw.points ?? 1} pt `,
        el('span', 'learn-maker-item-tools', [
          button('set-up', '↑', 'Move up', move(i - 1), i === 0),
          button('set-down', '↓', 'Move down', move(i + 1), i === items.length - 1),
          button('set-edit', 'Edit', 'Edit', () => edit(i)),
          button('set-remove', 'Remove', 'Remove', () => {
            items.splice(i, 1);
            editing = null;
            showItems();
            showButtons();
            writeLinks();
          }),
        ]),
      ]);
    }));
  };

  /**
   * Adds an item (or saves the one being edited) if it reads as one; else says why.
   * @param {any} raw
   * @param {() => void} [after]
   */
  const add = (raw, after) => {
    const read = readItem(raw, (n) => /** @type {string[]} */ (core.wasm.puzzleLevels(n)));
    if (read.problem !== undefined) {
      say.textContent = `Not ${editing !== null ? 'saved' : 'added'}: ${read.problem}`;
      return;
    }
    if (editing !== null && ('puzzle' in raw) === ('puzzle' in items[editing]) && ('program' in raw) === ('program' in items[editing])) {
      items[editing] = raw;
      say.textContent = `Saved item ${editing + 1}: ${itemName(read)}.`;
      editing = null;
    } else {
      editing = null;
      items.push(raw);
      say.textContent = `Added item ${items.length}: ${itemName(read)}.`;
      after?.();
    }
    showButtons();
    showItems();
    writeLinks();
  };

  // A set's link, opened here for editing.
  const openField = el('input', { type: 'url', 'data-part': 'set-open', placeholder: 'https://…?mode=learn&set=…', spellcheck: 'false' });
  const openButton = el('button', { type: 'button', 'data-part': 'set-open-button' }, 'Open for editing');
  openButton.addEventListener('click', async () => {
    const text = openField.value.trim();
    let code = text;
    try {
      code = new URL(text, location.href).searchParams.get('set') ?? text;
    } catch { /* not a link: the set= text itself */ }
    const decoded = await decodeSet(code);
    const read = decoded.problem === undefined ? readSet(decoded.json, (n) => /** @type {string[]} */ (core.wasm.puzzleLevels(n))) : decoded;
    if (read.problem !== undefined || !read.set) {
      say.textContent = `Not opened: ${read.problem}`;
      return;
    }
    const set = read.set;
    if (set.items.some((it) => it.problem !== undefined)) {
      say.textContent = 'Not opened: some of its items cannot be read (the set\'s own page says which).';
      return;
    }
    items.splice(0, items.length, ...set.raw);
    title.value = set.title;
    own.checked = set.seed !== undefined;
    if (set.seed !== undefined) setSeed = set.seed;
    const sameKey = set.gradeHash !== undefined && (await gradeKeyHash(gradeKey)) === set.gradeHash;
    if (!sameKey) gradeKey = newGradeKey();
    deadline.value = set.deadline ? localTime(set.deadline) : '';
    feedback.value = set.feedback ?? 'none';
    editing = null;
    showButtons();
    showItems();
    await writeLinks();
    say.textContent = `Opened “${set.title}” (${items.length} item${items.length === 1 ? '' : 's'}) for editing.${sameKey ? '' : ' It has a new grading key: its old Grade hand-ins link still grades the old set.'}`;
  });

  // The preview and the answer key.
  const preview = el('button', { type: 'button', 'data-part': 'set-preview-open', disabled: true }, 'Preview and answer key');
  const previewHost = el('div', { class: 'learn-maker-preview', 'data-part': 'set-preview-host' });
  preview.addEventListener('click', async () => {
    const read = readSet(await setJson(), (n) => /** @type {string[]} */ (core.wasm.puzzleLevels(n)));
    if (!read.set) {
      say.textContent = `No preview: ${read.problem}`;
      return;
    }
    const set = read.set;
    const student = el('div');
    mountStudentSet(student, set, core, { preview: SAMPLE_IDENTITY });
    const graders = { count: (/** @type {number} */ n) => Number(core.wasm.countSolutions(n)), puzzle: (/** @type {number} */ n, /** @type {string} */ l, /** @type {number} */ sd) => core.wasm.puzzle(n, /** @type {import('../types.js').PuzzleLevel} */ (l), sd) };
    const key = el('ol', { class: 'learn-answer-key', 'data-part': 'set-answer-key' }, itemsFor(set, SAMPLE_IDENTITY).map((r, i) => {
      let answer = '';
      try {
        answer = r.item ? rightAnswer(r.item, graders) : `Cannot be graded: ${r.problem}`;
      } catch (error) {
        answer = `The core refused it: ${/** @type {Error} */ (error)?.message ?? error}`;
      }
      return el('li', { 'data-key-item': i }, [el('strong', '', `${itemName(r, { seeds: false })}: `), answer]);
    }));
    previewHost.replaceChildren(
      el('p', 'muted', `The set as the student ${SAMPLE_IDENTITY} sees it${set.seed !== undefined ? ' (every student gets questions of their own, drawn from their identity)' : ''}, then the right answers to these questions.`),
      student,
      el('h3', { id: 'learn-answer-key-title' }, `Answer key for ${SAMPLE_IDENTITY}`),
      key,
    );
    say.textContent = 'The preview and its answer key are below the links.';
  });

  showItems();
  if (items.length) queueMicrotask(writeLinks);
  return el('details', { class: 'learn-maker', 'data-part': 'set-maker' }, [
    el('summary', '', 'Make a problem set'),
    el('p', 'muted', 'For a teacher: pick items the page can grade, each with its points, and send the link. Students answer in their own browser and save a hand-in file; the Grade hand-ins link grades those files again here, with nothing sent anywhere.'),
    labelled('Title: ', title),
    el('div', 'learn-maker-options', [
      el('label', 'learn-maker-check', [own, ' Each student gets questions of their own (drawn from the e-mail or ID they type)']),
      labelled('Deadline (optional): ', deadline),
      labelled('What students see before grading: ', feedback),
    ]),
    el('div', 'learn-maker-open', [labelled('A set\'s link, to edit it: ', openField), openButton]),
    el('fieldset', 'learn-maker-group', [el('legend', '', 'A practice question'), labelled('Chapter ', chapter), labelled('Kind ', kind), labelled('Seed ', qSeed), labelled('Points ', qPoints), useShown, addQuestion]),
    el('fieldset', 'learn-maker-group', [el('legend', '', 'A puzzle, solved without the solver'), labelled('Board ', pN), labelled('Level ', pLevel), labelled('Seed ', pSeed), labelled('Points ', pPoints), addPuzzle]),
    el('fieldset', 'learn-maker-group', [el('legend', '', 'A program (Your search), graded for every N up to'), labelled('Language ', lang), labelled('Up to N = ', upTo), labelled('Points ', gPoints), addProgram]),
    el('h3', '', 'Items'),
    list,
    say,
    el('p', 'learn-maker-links', [link, ' ', copy, el('br'), gradeLink]),
    el('div', 'learn-controls', [preview]),
    previewHost,
  ]);
}

/** A seed for a new set: 32 random bits. */
function freshSeed() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0];
}

/** An ISO time as a datetime-local field's value, in this browser's time zone. @param {string} iso */
function localTime(iso) {
  const d = new Date(iso);
  const pad = (/** @type {number} */ x) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
