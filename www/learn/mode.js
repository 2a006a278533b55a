// The Learn tab: the N-Queens story in chapters (chapters.js), each with a
// live view of the real core beside its text (live.js, or the board by hand:
// hand.js), a task to try, and a practice question graded on the spot
// (practice.js). Owns the link `?mode=learn&chapter=K&seed=S` (K from 1;
// S the practice question's seed) and the learner's progress (progress.js).
//
// One live session at a time: a chapter's view is built when it opens and
// freed when it closes, or when the tab is hidden.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { CHAPTERS } from './chapters.js';
import { HandBoard } from './hand.js';
import { LiveView } from './live.js';
import { mountExercise } from './practice.js';
import { Progress } from './progress.js';
import { defaultSeed, newSeed, seedNumber, seedRange } from '../core/seeds.js';
import { el, formatCount } from '../lib/dom.js';
import { guard } from '../lib/errors.js';
import { mountExports, safeName } from '../lib/export.js';
import { replaceUrl, wholeNumber } from '../lib/params.js';
import { clip } from '../lib/words.js';

/** @typedef {import('../core/core.js').Core} Core */
/** @typedef {{ chapter: number, seed: number | null, problems: string[] }} LearnLink */

/**
 * Reads `?chapter=&seed=`: anything malformed is a sentence and the default.
 * @param {string} search  location.search
 * @returns {LearnLink}
 */
export function parseLearnParams(search) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  let chapter = 1;
  const rawChapter = params.get('chapter');
  if (rawChapter !== null) {
    const wanted = wholeNumber(rawChapter);
    if (wanted >= 1 && wanted <= CHAPTERS.length) chapter = wanted;
    else if (Number.isNaN(wanted)) problems.push(`The link's chapter=${clip(rawChapter.trim())} is not a chapter number (a whole number from 1 to ${CHAPTERS.length}); showing chapter 1.`);
    else problems.push(`The link asks for chapter ${formatCount(wanted)}, but there are ${CHAPTERS.length} chapters; showing chapter 1.`);
  }
  let seed = null;
  const rawSeed = params.get('seed');
  if (rawSeed !== null) {
    const wanted = seedNumber(rawSeed);
    if (Number.isNaN(wanted)) problems.push(`The link's seed=${clip(rawSeed.trim())} is not a seed for a practice question: ${seedRange()}. Using the chapter's first question.`);
    else seed = wanted;
  }
  return { chapter, seed, problems };
}

/**
 * The learn mode.
 * @param {import('../modes.js').Page} _page
 * @returns {import('../modes.js').Mode}
 */
export function learnMode(_page) {
  const root = /** @type {HTMLElement} */ (document.getElementById('learn'));
  const progress = new Progress();
  let active = false;
  /** @type {Core|null} */
  let core = null;
  let chapter = 1; // 1-based
  /** @type {number|null} the practice question's seed (null: the first one) */
  let seed = null;
  /** @type {LiveView|HandBoard|null} the one live view */
  let live = null;
  /** @type {string|null} the algorithm chosen in a chapter that offers several */
  let choice = null;
  /** @type {number|null} the board size chosen in a chapter that offers several */
  let choiceN = null;
  /** @type {number} where the live view stood when the core trapped */
  let savedStep = 0;
  /** @type {import('./chapters.js').Facts} the open chapter's numbers, read from the core when it opened */
  let facts = {};

  /** @type {HTMLElement[]} the chapters' elements, [data-chapter] */
  const articles = [];
  /** @type {HTMLAnchorElement[]} */
  const tocLinks = [];
  const summaryLine = el('p', { class: 'learn-summary', 'data-part': 'progress', 'aria-live': 'polite' });
  const resetButton = el('button', { type: 'button', 'data-part': 'reset-progress', title: 'Forget the chapters seen and the questions answered' }, 'Reset progress');

  const href = (/** @type {number} */ k) => `?mode=learn&chapter=${k}`;

  const writeUrl = () => {
    if (!active) return;
    const url = new URL(location.href);
    const params = new URLSearchParams({ chapter: String(chapter) });
    if (seed !== null) params.set('seed', String(seed));
    url.search = `?${params}`;
    replaceUrl(url);
  };

  /** Marks in the chapter list what the learner has done. */
  const showProgress = () => {
    tocLinks.forEach((link, i) => {
      const k = i + 1;
      const state = progress.solved(k) ? 'solved' : progress.seen(k) ? 'seen' : 'new';
      link.dataset.state = state;
      const mark = /** @type {HTMLElement} */ (link.querySelector('.learn-mark'));
      mark.textContent = state === 'solved' ? '★' : state === 'seen' ? '✓' : '';
      /** @type {HTMLElement} */ (link.querySelector('.sr-only')).textContent = state === 'solved' ? ' (seen, a question answered right)' : state === 'seen' ? ' (seen)' : '';
    });
    const { right, tried } = progress.totals();
    const seenCount = CHAPTERS.filter((_, i) => progress.seen(i + 1)).length;
    summaryLine.textContent = `${seenCount} of ${CHAPTERS.length} chapters seen; ${formatCount(right)} of ${formatCount(tried)} questions right at the first Check.`;
    summaryLine.dataset.seen = String(seenCount);
    summaryLine.dataset.right = String(right);
    summaryLine.dataset.tried = String(tried);
  };
  progress.onChange(showProgress);

  /** Builds the table of contents and an (empty) element for each chapter. */
  const build = () => {
    const list = el('ol', 'learn-toc-list');
    CHAPTERS.forEach((c, i) => {
      const link = el('a', { href: href(i + 1), 'data-chapter-link': i + 1 }, [el('span', 'learn-mark', ''), `${c.title}`, el('span', 'sr-only', '')]);
      link.addEventListener('click', (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openChapter(i + 1, null);
        /** @type {HTMLElement} */ (articles[i].querySelector('h2')).focus();
      });
      tocLinks.push(link);
      list.append(el('li', '', [link]));
      articles.push(el('article', { class: 'learn-chapter', 'data-chapter': i + 1, 'data-chapter-id': c.id, 'aria-labelledby': `learn-h-${i + 1}`, hidden: true }));
    });
    resetButton.addEventListener('click', () => {
      progress.reset();
      if (active) progress.see(chapter);
    });
    root.replaceChildren(el('div', 'learn-layout', [
      el('nav', { class: 'learn-toc', 'aria-label': 'Chapters' }, [
        el('h2', { class: 'learn-toc-heading' }, 'Learn: the N-Queens story'),
        list,
        el('p', 'learn-legend muted', [el('span', { 'aria-hidden': 'true' }, '✓'), ' seen · ', el('span', { 'aria-hidden': 'true' }, '★'), ' a question answered right']),
        summaryLine,
        resetButton,
      ]),
      el('div', 'learn-chapters', articles),
    ]));
    showProgress();
  };

  /** Closes the open chapter's live view and practice (frees its session). */
  const closeChapter = () => {
    live?.free();
    live = null;
    const article = articles[chapter - 1];
    if (article) {
      article.hidden = true;
      article.replaceChildren();
    }
  };

  /**
   * The live view of the open chapter, in `slot`.
   * @param {HTMLElement} slot
   * @param {number} [step]  where to put it (after a trap)
   */
  const openLive = (slot, step) => {
    if (!core) return;
    const c = CHAPTERS[chapter - 1];
    const view = c.view;
    if ('hand' in view) {
      live = new HandBoard(slot, core, view.hand);
    } else {
      const algorithm = choice && view.choices?.includes(choice) ? choice : view.algorithm;
      live = new LiveView(slot, core, {
        ...view,
        algorithm,
        n: choiceN && view.sizes?.includes(choiceN) ? choiceN : view.n,
        step: step ?? view.step,
        facts: () => c.shown(facts),
        table: c.table ? c.table(facts) : null,
      });
      const figure = c.figure ? guard(() => c.figure?.(/** @type {Core} */ (core)) ?? null, null) : null;
      if (figure) live.adopt(figure);
    }
    const save = el('div', { class: 'export-row', 'data-export': '' }, [
      el('button', { type: 'button', 'data-save-png': 'learn-board', title: 'Save the board as a PNG picture' }, 'Save PNG'),
      ' ',
      el('span', { class: 'export-status', 'data-part': 'export-status', 'aria-live': 'polite' }),
    ]);
    live.root.append(save);
    mountExports((id) => (id === 'learn-board' ? boardName() : null), save);
  };

  const boardName = () => safeName(`nqueens-learn-chapter${chapter}-${live?.root.dataset.algorithm ?? ''}-step${live?.step() ?? 0}`);

  /**
   * Fills the open chapter's element: text, live view, task, links, practice.
   * @param {number} [step]
   */
  const fillChapter = (step) => {
    const c = CHAPTERS[chapter - 1];
    const article = articles[chapter - 1];
    facts = core ? guard(() => c.facts(/** @type {Core} */ (core)), {}) : {};
    const heading = el('h2', { id: `learn-h-${chapter}`, tabindex: -1 }, `${chapter}. ${c.title}`);
    const liveSlot = el('div', { class: 'learn-live-slot', 'data-part': 'live-slot' });
    const practiceSlot = el('div', { class: 'learn-practice-slot', 'data-part': 'practice-slot' });
    /** @type {Node[]} */
    const chooser = [];
    const view = c.view;
    if (!('hand' in view) && view.choices) {
      const select = el('select', { id: 'learn-algorithm', 'data-part': 'algorithm' }, view.choices.map((id) => {
        const name = core?.algorithms.find((a) => a.id === id)?.name ?? id;
        return el('option', { value: id, selected: id === (choice ?? view.algorithm) }, name);
      }));
      select.addEventListener('change', () => {
        choice = select.value;
        live?.free();
        openLive(liveSlot);
      });
      chooser.push(el('label', 'learn-chooser', ['Search: ', select]));
    }
    if (!('hand' in view) && view.sizes) {
      const select = el('select', { id: 'learn-n', 'data-part': 'n' }, view.sizes.map((n) => el('option', { value: n, selected: n === (choiceN ?? view.n) }, `${n}×${n}`)));
      select.addEventListener('change', () => {
        choiceN = Number(select.value);
        live?.free();
        openLive(liveSlot);
      });
      chooser.push(el('label', 'learn-chooser', ['Board: ', select]));
    }
    const prev = chapter > 1 ? el('a', { href: href(chapter - 1), 'data-part': 'previous' }, `← ${chapter - 1}. ${CHAPTERS[chapter - 2].title}`) : null;
    const next = chapter < CHAPTERS.length ? el('a', { href: href(chapter + 1), 'data-part': 'next' }, `${chapter + 1}. ${CHAPTERS[chapter].title} →`) : null;
    for (const [link, k] of /** @type {[HTMLAnchorElement|null, number][]} */ ([[prev, chapter - 1], [next, chapter + 1]])) {
      link?.addEventListener('click', (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openChapter(k, null);
        /** @type {HTMLElement} */ (articles[k - 1].querySelector('h2')).focus();
      });
    }
    article.replaceChildren(
      heading,
      el('div', 'learn-text', c.text(facts).map((p) => el('p', '', p))),
      el('div', 'learn-choosers', chooser),
      liveSlot,
      el('section', { class: 'learn-try', 'aria-labelledby': `learn-try-${chapter}` }, [el('h3', { id: `learn-try-${chapter}` }, 'Try this'), el('p', '', c.tryThis)]),
      el('p', 'learn-links', ['See also: ', ...c.links.flatMap(([text, to], i) => [i ? ' · ' : '', el('a', { href: to }, text)])]),
      practiceSlot,
      el('nav', { class: 'learn-pager', 'aria-label': 'Chapters before and after' }, [prev ?? '', next ?? '']),
    );
    article.hidden = false;
    openLive(liveSlot, step);
    mountPractice(practiceSlot);
  };

  /** @param {HTMLElement} slot */
  const mountPractice = (slot) => {
    if (!core) return;
    const wasm = core.wasm;
    const c = CHAPTERS[chapter - 1];
    // The count kind's answer is the core's count.
    const count = (/** @type {number} */ n) => Number(wasm.countSolutions(n));
    mountExercise(slot, {
      kind: c.practice.kind,
      seed: seed ?? defaultSeed(),
      options: c.practice.options,
      count,
      onChecked: (right, first) => progress.answer(chapter, c.practice.kind, right, first),
      onNew: () => {
        seed = newSeed(seed ?? defaultSeed());
        writeUrl();
        mountPractice(slot);
        /** @type {HTMLElement|null} */ (slot.querySelector('[data-part="check"]'))?.focus();
      },
    });
  };

  /**
   * Opens chapter k (1-based) with the question of `nextSeed` (null: the first).
   * @param {number} k
   * @param {number|null} nextSeed
   * @param {number} [step]
   */
  const openChapter = (k, nextSeed, step) => {
    closeChapter();
    if (k !== chapter) {
      choice = null;
      choiceN = null;
    }
    chapter = k;
    seed = nextSeed;
    tocLinks.forEach((link, i) => {
      if (i + 1 === k) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
    if (!core) return;
    fillChapter(step);
    progress.see(k);
    writeUrl();
  };

  const repaint = () => live?.repaint();
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', repaint);

  return {
    id: 'learn',
    // The learn tab is one panel: a chapter with its view and practice.
    panels: {},
    title: () => ['learn', CHAPTERS[chapter - 1].title],
    canvases: { 'learn-board': boardName },

    parse: (search) => parseLearnParams(search),

    /** @param {Core} loaded  @param {LearnLink|null} wanted */
    attach(loaded, wanted) {
      core = loaded;
      build();
      if (wanted) {
        chapter = wanted.chapter;
        seed = wanted.seed;
      }
    },

    /** @param {boolean} on */
    setActive(on) {
      if (on === active) return;
      active = on;
      if (on) openChapter(chapter, seed);
      else closeChapter();
    },

    /**
     * While shown: ← and → step the live view (when no field, board or question has the focus).
     * @param {KeyboardEvent} event
     */
    onKey(event) {
      if (!(live instanceof LiveView) || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = /** @type {HTMLElement|null} */ (event.target);
      if (target && target !== document.body && !live.root.contains(target)) return;
      if (target?.closest('input, select, textarea, canvas[tabindex]')) return;
      const button = event.key === 'ArrowRight' ? live.buttons.step : event.key === 'ArrowLeft' ? live.buttons.back : null;
      if (!button || button.disabled) return;
      button.click();
      event.preventDefault();
    },

    /** A trap: keep the live view's place from the screen, and call nothing. */
    halt() {
      savedStep = live?.step() ?? 0;
      live?.halt();
    },

    /** @param {Core} fresh */
    recover(fresh) {
      core = fresh;
      if (!active) return '';
      live = null; // its session belonged to the trapped core: never called again
      // The live view again, on the new core, at the step it had reached; the text and the question stay.
      const slot = /** @type {HTMLElement|null} */ (articles[chapter - 1]?.querySelector('[data-part="live-slot"]'));
      if (!slot) return null;
      openLive(slot, savedStep || undefined);
      return `chapter ${chapter} is open again${savedStep ? ` at step ${formatCount(savedStep)}` : ''}`;
    },
  };
}
