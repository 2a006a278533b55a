// "Make a problem set": a teacher picks a title and items the page can grade
// (practice questions by chapter, kind and seed; puzzles by N, level and
// seed; a program graded for every N up to a given one), each with its
// points, and gets the set's link for students and its grading link.

import { CHAPTERS } from './chapters.js';
import { GRADED_KINDS, encodeSet, PROGRAM_MAX_N, PUZZLE_MAX_N, PUZZLE_MIN_N, itemName, readItem } from './set-model.js';
import { newSeed } from '../core/seeds.js';
import { el } from '../lib/dom.js';

/** @typedef {import('../core/core.js').Core} Core */

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
  /** @type {any[]} the items as the link will write them */
  const items = [];
  const title = el('input', { type: 'text', 'data-part': 'set-title', value: 'Problem set', maxlength: 200 });

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

  let version = 0;
  const writeLinks = async () => {
    const mine = ++version;
    if (!items.length) {
      link.hidden = gradeLink.hidden = true;
      copy.disabled = true;
      return;
    }
    const code = await encodeSet({ title: title.value.trim() || 'Problem set', items });
    if (mine !== version) return;
    const base = new URL(location.href);
    base.hash = '';
    base.search = `?mode=learn&set=${code}`;
    link.href = base.href;
    link.textContent = `Students: ${title.value.trim() || 'Problem set'} (${items.length} item${items.length === 1 ? '' : 's'})`;
    gradeLink.href = `${base.href}&grade=1`;
    gradeLink.textContent = 'Teacher: grade hand-ins of this set';
    link.hidden = gradeLink.hidden = false;
    copy.disabled = false;
    link.dataset.ready = String(mine);
  };
  title.addEventListener('input', writeLinks);

  const showItems = () => {
    list.replaceChildren(...items.map((raw, i) => {
      const remove = el('button', { type: 'button', 'data-part': 'set-remove', 'aria-label': `Remove item ${i + 1}` }, 'Remove');
      remove.addEventListener('click', () => {
        items.splice(i, 1);
        showItems();
        writeLinks();
      });
      const read = readItem(raw);
      return el('li', { 'data-maker-item': i }, [`${itemName(read)} · ${raw.points ?? 1} pt `, remove]);
    }));
  };

  /**
   * Adds an item if it reads as one; else says why.
   * @param {any} raw
   * @param {() => void} [after]
   */
  const add = (raw, after) => {
    const read = readItem(raw, (n) => /** @type {string[]} */ (core.wasm.puzzleLevels(n)));
    if (read.problem !== undefined) {
      say.textContent = `Not added: ${read.problem}`;
      return;
    }
    items.push(raw);
    say.textContent = `Added item ${items.length}: ${itemName(read)}.`;
    showItems();
    writeLinks();
    after?.();
  };

  return el('details', { class: 'learn-maker', 'data-part': 'set-maker' }, [
    el('summary', '', 'Make a problem set'),
    el('p', 'muted', 'For a teacher: pick items the page can grade, each with its points, and send the link. Students answer in their own browser and save a hand-in file; the Grade hand-ins link grades those files again here, with nothing sent anywhere.'),
    labelled('Title: ', title),
    el('fieldset', 'learn-maker-group', [el('legend', '', 'A practice question'), labelled('Chapter ', chapter), labelled('Kind ', kind), labelled('Seed ', qSeed), labelled('Points ', qPoints), useShown, addQuestion]),
    el('fieldset', 'learn-maker-group', [el('legend', '', 'A puzzle, solved without the solver'), labelled('Board ', pN), labelled('Level ', pLevel), labelled('Seed ', pSeed), labelled('Points ', pPoints), addPuzzle]),
    el('fieldset', 'learn-maker-group', [el('legend', '', 'A program (Your search), graded for every N up to'), labelled('Language ', lang), labelled('Up to N = ', upTo), labelled('Points ', gPoints), addProgram]),
    el('h3', '', 'Items'),
    list,
    say,
    el('p', 'learn-maker-links', [link, ' ', copy, el('br'), gradeLink]),
  ]);
}
