// The Learn tab: the N-Queens story in chapters (chapters.js), each with a
// live view of the real core beside its text (live.js, or the board by hand:
// hand.js), a task to try, and a practice question graded on the spot
// (practice.js), several kinds a chapter. Owns the link
// `?mode=learn&chapter=K&kind=X&seed=S&lecture=1` (K from 1; X the kind of
// question, S its seed; lecture=1 the chapter as slides), the learner's
// progress (progress.js) and the list of questions answered wrong (review.js).
// `&set=…` shows a problem set instead of the chapters, `&set=…&grade=1`
// its grading (set-model.js, set-view.js); the chapters' page offers Make a
// problem set (set-maker.js).
//
// One live session at a time: a chapter's view is built when it opens and
// freed when it closes, or when the tab is hidden.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { CHAPTERS } from './chapters.js';
import { HandBoard } from './hand.js';
import { Lecture } from './lecture.js';
import { LiveView } from './live.js';
import { mountExercise } from './practice.js';
import { Progress } from './progress.js';
import { Review } from './review.js';
import { makeSetMaker } from './set-maker.js';
import { HOMEWORK_SEED_MIN, decodeSet, gradeRefusal, readSet, setKey } from './set-model.js';
import { mountGradeView, mountStudentSet } from './set-view.js';
import { checkProgram } from '../program/check.js';
import { defaultSeed, newSeed, seedNumber, seedRange } from '../core/seeds.js';
import { el, formatCount } from '../lib/dom.js';
import { guard } from '../lib/errors.js';
import { mountExports, safeName } from '../lib/export.js';
import { replaceUrl, wholeNumber } from '../lib/params.js';
import { clip } from '../lib/words.js';

/** @typedef {import('../core/core.js').Core} Core */
/** @typedef {{ chapter: number, seed: number | null, kind: string | null, lecture: boolean, set: string | null, grade: boolean, key: string | null, problems: string[] }} LearnLink */

/**
 * Reads `?chapter=&seed=`: anything malformed is a sentence and the default.
 * @param {string} search  location.search
 * @returns {LearnLink}
 */
function parseLearnParams(search) {
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
    else if (wanted >= HOMEWORK_SEED_MIN) problems.push(`The link's seed=${clip(rawSeed.trim())} is a homework seed (from ${formatCount(HOMEWORK_SEED_MIN)} up, drawn for one student in a problem set): practice does not open homework questions. Using the chapter's first question.`);
    else seed = wanted;
  }
  let kind = null;
  const rawKind = params.get('kind');
  if (rawKind !== null) {
    const kinds = CHAPTERS[chapter - 1].practice.map((p) => p.kind);
    const wanted = rawKind.trim();
    if (kinds.includes(wanted)) kind = wanted;
    else problems.push(`The link's kind=${clip(wanted)} is not a kind of question of chapter ${chapter} (${kinds.join(', ')}). Asking ${kinds[0]}.`);
  }
  let lecture = false;
  const rawLecture = params.get('lecture');
  if (rawLecture !== null) {
    const raw = rawLecture.trim();
    if (raw === '1') lecture = true;
    else if (raw !== '0') problems.push(`The link's lecture=${clip(raw)} means nothing here: lecture=1 opens the chapter as slides. Showing the chapter.`);
  }
  const rawSet = params.get('set');
  const set = rawSet !== null && rawSet.trim() ? rawSet.trim() : null;
  if (rawSet !== null && !set) problems.push('The link\'s set= is empty: it should hold a problem set, as Make a problem set writes it. Showing the chapters.');
  let grade = false;
  const rawGrade = params.get('grade');
  if (rawGrade !== null) {
    const raw = rawGrade.trim();
    if (raw === '1' && set) grade = true;
    else if (raw === '1') problems.push('The link has grade=1 but no set= to grade: grading opens from a problem set\'s own link.');
    else if (raw !== '0') problems.push(`The link's grade=${clip(raw)} means nothing here: grade=1 opens the set's Grade hand-ins. Showing the set.`);
  }
  const rawKey = params.get('key');
  const key = grade && rawKey !== null ? rawKey.trim().toLowerCase() : null;
  return { chapter, seed, kind, lecture, set, grade, key, problems };
}

/**
 * The learn mode.
 * @param {import('../modes.js').Page} page
 * @returns {import('../modes.js').Mode}
 */
export function learnMode(page) {
  const root = /** @type {HTMLElement} */ (document.getElementById('learn'));
  const progress = new Progress();
  const review = new Review();
  let active = false;
  /** @type {Core|null} */
  let core = null;
  let chapter = 1; // 1-based
  /** @type {number|null} the practice question's seed (null: the first one) */
  let seed = null;
  /** @type {string|null} the kind of question asked (null: the chapter's first) */
  let kind = null;
  /** @type {LiveView|HandBoard|null} the one live view */
  let live = null;
  /** @type {string|null} the algorithm chosen in a chapter that offers several */
  let choice = null;
  /** @type {number|null} the board size chosen in a chapter that offers several */
  let choiceN = null;
  /** the open chapter is shown as lecture slides */
  let lectureOn = false;
  /** @type {Lecture|null} the open chapter's lecture, while shown */
  let lecture = null;
  /** @type {number} where the live view stood when the core trapped */
  let savedStep = 0;
  /** @type {import('./chapters.js').Facts} the open chapter's numbers, read from the core when it opened */
  let facts = {};
  /** @type {{ code: string, grade: boolean, key: string | null } | null} the problem set shown instead of the chapters */
  let shownSet = null;
  /** a problem set's own element, before the chapters */
  const setHost = el('div', { class: 'learn-set-host', 'data-part': 'set-host' });

  /** @type {HTMLElement[]} the chapters' elements, [data-chapter] */
  const articles = [];
  /** @type {HTMLAnchorElement[]} */
  const tocLinks = [];
  const summaryLine = el('p', { class: 'learn-summary', 'data-part': 'progress', 'aria-live': 'polite' });
  const resetButton = el('button', { type: 'button', 'data-part': 'reset-progress', title: 'Forget the chapters seen and the questions answered', 'aria-expanded': 'false', 'aria-controls': 'learn-reset-ask' }, 'Reset progress');
  const resetYes = el('button', { type: 'button', class: 'danger', 'data-part': 'reset-confirm' }, 'Yes, forget it all');
  const resetNo = el('button', { type: 'button', 'data-part': 'reset-cancel' }, 'Keep my progress');
  const resetAsk = el('div', { id: 'learn-reset-ask', class: 'learn-reset-ask', role: 'group', 'aria-label': 'Reset progress?', hidden: true }, [
    el('p', '', 'Forget every chapter seen, every answer and the list of questions to review? This cannot be undone.'),
    el('div', 'learn-controls', [resetYes, resetNo]),
  ]);
  const reviewBox = el('section', { class: 'learn-review', 'data-part': 'review', 'aria-labelledby': 'learn-review-h' });

  const href = (/** @type {number} */ k) => `?mode=learn&chapter=${k}`;

  const writeUrl = () => {
    if (!active) return;
    const url = new URL(location.href);
    if (shownSet) {
      url.search = `?set=${shownSet.code}${shownSet.grade ? `&grade=1${shownSet.key ? `&key=${shownSet.key}` : ''}` : ''}`;
      replaceUrl(url);
      return;
    }
    const params = new URLSearchParams({ chapter: String(chapter) });
    if (kind !== null) params.set('kind', kind);
    if (seed !== null) params.set('seed', String(seed));
    if (lectureOn) params.set('lecture', '1');
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

  /** The questions answered wrong at their first Check, each a link that asks it again. */
  const showReview = () => {
    const items = review.items;
    reviewBox.dataset.count = String(items.length);
    reviewBox.replaceChildren(
      el('h2', { id: 'learn-review-h' }, 'Review: questions answered wrong'),
      items.length
        ? el('ol', 'learn-review-list', items.map((m) => {
          const c = CHAPTERS[m.chapter - 1];
          const label = c?.practice.find((p) => p.kind === m.kind)?.label ?? m.kind;
          const link = el('a', { href: `?mode=learn&chapter=${m.chapter}&kind=${m.kind}&seed=${m.seed}`, 'data-review': `${m.chapter}|${m.kind}|${m.seed}` }, `Chapter ${m.chapter}: ${label} (seed ${m.seed})`);
          link.addEventListener('click', (event) => {
            if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || !c) return;
            event.preventDefault();
            openChapter(m.chapter, m.seed, undefined, m.kind);
            /** @type {HTMLElement|null} */ (articles[m.chapter - 1].querySelector('[data-exercise] h3'))?.scrollIntoView({ block: 'center' });
            /** @type {HTMLElement|null} */ (articles[m.chapter - 1].querySelector('[data-part="check"]'))?.focus({ preventScroll: true });
          });
          return el('li', '', [link]);
        }))
        : el('p', 'muted', 'No question answered wrong yet. A question you get wrong at its first Check is listed here, with its seed, to try again; it leaves the list once you answer it right.'),
    );
  };
  review.onChange(showReview);

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
      articles.push(el('article', { class: 'learn-chapter', 'data-chapter': i + 1, 'data-chapter-id': c.id, 'data-kinds': c.practice.map((p) => p.kind).join(','), 'aria-labelledby': `learn-h-${i + 1}`, hidden: true }));
    });
    // Reset asks first, in the page: two buttons, the safe one focused.
    const ask = (/** @type {boolean} */ open) => {
      resetAsk.hidden = !open;
      resetButton.setAttribute('aria-expanded', String(open));
      (open ? resetNo : resetButton).focus();
    };
    resetButton.addEventListener('click', () => ask(Boolean(resetAsk.hidden)));
    resetNo.addEventListener('click', () => ask(false));
    resetYes.addEventListener('click', () => {
      progress.reset();
      review.reset();
      if (active) progress.see(chapter);
      ask(false);
      summaryLine.textContent = `Progress reset. ${summaryLine.textContent}`;
    });
    root.replaceChildren(setHost, el('div', 'learn-layout', [
      el('nav', { class: 'learn-toc', 'aria-label': 'Chapters' }, [
        el('h2', { class: 'learn-toc-heading' }, 'Learn: the N-Queens story'),
        list,
        el('p', 'learn-legend muted', [el('span', { 'aria-hidden': 'true' }, '✓'), ' seen · ', el('span', { 'aria-hidden': 'true' }, '★'), ' a question answered right']),
        summaryLine,
        resetButton,
        resetAsk,
      ]),
      el('div', 'learn-chapters', [...articles, reviewBox, ...(core ? [makeSetMaker(core, () => ({ chapter, kind: (CHAPTERS[chapter - 1].practice.find((p) => p.kind === kind) ?? CHAPTERS[chapter - 1].practice[0]).kind, seed: seed ?? defaultSeed() }))] : [])]),
    ]));
    showProgress();
    showReview();
  };

  /**
   * Shows the problem set of the link's set= (or says why it cannot), instead of the chapters.
   * @param {string} code
   * @param {boolean} grade
   * @param {string | null} [key]  the teacher's grading key, from the grading link
   */
  const openSet = async (code, grade, key = null) => {
    const decoded = await decodeSet(code);
    const read = decoded.problem === undefined ? readSet(decoded.json, (n) => /** @type {string[]} */ (core?.wasm.puzzleLevels(n) ?? [])) : decoded;
    if (read.problem !== undefined || !core) {
      setHost.replaceChildren(el('p', { class: 'learn-set-problem', 'data-part': 'set-problem', role: 'alert' }, `${read.problem ?? 'The core is not loaded.'} Showing the chapters.`));
      return;
    }
    const set = /** @type {import('./set-model.js').ProblemSet} */ (read.set);
    // A set with a grading key's hash grades only from the teacher's link, which carries the key.
    const refusal = grade ? await gradeRefusal(set, key) : null;
    if (refusal) grade = false;
    shownSet = { code, grade, key: grade ? key : null };
    root.dataset.set = setKey(set);
    if (grade) root.dataset.grading = 'true';
    closeChapter();
    /** @type {HTMLElement} */ (root.querySelector('.learn-layout')).hidden = true;
    if (grade) mountGradeView(setHost, set, () => /** @type {Core} */ (core), checkProgram);
    else mountStudentSet(setHost, set, core);
    if (refusal) setHost.prepend(el('p', { class: 'learn-set-problem', 'data-part': 'grade-refused', role: 'alert' }, refusal));
    writeUrl();
  };

  /** Closes the open chapter's live view and practice (frees its session). */
  const closeChapter = () => {
    lecture = null;
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
        // The chapter's facts are of its own board size; another size shows none.
        facts: () => (!view.sizes || (choiceN ?? view.n) === view.n ? c.shown(facts) : []),
        table: c.table ? c.table(facts) : null,
        resize: view.sizes ? (n) => {
          if (!view.sizes?.includes(n)) return;
          choiceN = n;
          const select = /** @type {HTMLSelectElement|null} */ (articles[chapter - 1]?.querySelector('[data-part="n"]'));
          if (select) select.value = String(n);
          live?.free();
          openLive(slot);
        } : undefined,
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

  /** Shows the open chapter as slides, each moving its live view. */
  const startLecture = () => {
    const c = CHAPTERS[chapter - 1];
    const article = articles[chapter - 1];
    const heading = article.querySelector('h2');
    if (!heading || !core) return;
    lecture?.root.remove();
    lectureOn = true;
    article.classList.add('learn-lecturing');
    lecture = new Lecture(c.lecture(facts), {
      show: (slide) => {
        if (live instanceof LiveView && slide.n && slide.n !== live.spec.n) live.spec.resize?.(slide.n);
        if (live instanceof HandBoard && 'queens' in slide.go) live.setQueens(slide.go.queens);
        else if (live instanceof LiveView) live.goTo(slide.go);
      },
      close: () => stopLecture(true),
      onMove: () => {},
    });
    heading.after(lecture.root);
    article.querySelector('[data-part="lecture-open"]')?.setAttribute('hidden', '');
    lecture.render();
    /** @type {HTMLButtonElement} */ (lecture.root.querySelector('[data-part="lecture-next"]')).focus();
    writeUrl();
  };

  /** Back to the chapter from its slides. @param {boolean} [focus] */
  const stopLecture = (focus = false) => {
    const article = articles[chapter - 1];
    lecture?.root.remove();
    lecture = null;
    lectureOn = false;
    article?.classList.remove('learn-lecturing');
    article?.querySelector('[data-part="lecture-open"]')?.removeAttribute('hidden');
    if (focus) /** @type {HTMLElement|null} */ (article?.querySelector('[data-part="lecture-open"]'))?.focus();
    writeUrl();
  };

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
    // A chapter menu at the top (shown on narrow screens, where the list of chapters comes after the chapter).
    const menu = el('select', { id: `learn-menu-${chapter}`, 'data-part': 'chapter-menu' }, CHAPTERS.map((x, i) => el('option', { value: i + 1, selected: i + 1 === chapter }, `${i + 1}. ${x.title}`)));
    menu.addEventListener('change', () => {
      const k = Number(menu.value);
      openChapter(k, null);
      /** @type {HTMLElement} */ (articles[k - 1].querySelector('h2')).focus();
    });
    article.dataset.kinds = c.practice.map((p) => p.kind).join(',');
    const lectureButton = el('button', { type: 'button', class: 'learn-lecture-open', 'data-part': 'lecture-open', title: 'The chapter as short slides that move the board (→ and ← to go, Esc to close)' }, `▶ Lecture: this chapter in ${c.lecture(facts).length} slides`);
    lectureButton.addEventListener('click', () => (lecture ? stopLecture(true) : startLecture()));
    article.replaceChildren(
      el('label', 'learn-chapter-menu', ['Chapter ', menu]),
      heading,
      lectureButton,
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
    const current = c.practice.find((p) => p.kind === kind) ?? c.practice[0];
    const asked = seed ?? defaultSeed();
    // The count kind's answer is the core's count.
    const count = (/** @type {number} */ n) => Number(wasm.countSolutions(n));
    const chooser = el('div', { class: 'learn-kinds', role: 'group', 'aria-label': 'Kinds of question in this chapter', 'data-part': 'kinds' }, c.practice.map((p) => {
      const b = el('button', { type: 'button', 'data-kind-choice': p.kind, 'aria-pressed': String(p === current) }, p.label);
      b.addEventListener('click', () => {
        if (p === current) return;
        kind = p.kind;
        seed = null;
        writeUrl();
        mountPractice(slot);
        /** @type {HTMLElement|null} */ (slot.querySelector(`[data-kind-choice="${p.kind}"]`))?.focus();
      });
      return b;
    }));
    const host = el('div', 'learn-exercise-host');
    slot.replaceChildren(chooser, host);
    mountExercise(host, {
      kind: current.kind,
      seed: asked,
      options: current.options,
      count,
      onChecked: (right, first) => {
        progress.answer(chapter, current.kind, right, first);
        review.answer({ chapter, kind: current.kind, seed: asked }, right, first);
      },
      onNew: () => {
        seed = newSeed(seed ?? defaultSeed());
        writeUrl();
        mountPractice(slot);
        /** @type {HTMLElement|null} */ (slot.querySelector('[data-part="check"]'))?.focus();
      },
    });
  };

  /**
   * Opens chapter k (1-based) with the question of `nextSeed` (null: the first) of `nextKind` (null: the first kind).
   * @param {number} k
   * @param {number|null} nextSeed
   * @param {number} [step]
   * @param {string|null} [nextKind]
   */
  const openChapter = (k, nextSeed, step, nextKind = null, withLecture = false) => {
    closeChapter();
    lectureOn = withLecture;
    if (k !== chapter) {
      choice = null;
      choiceN = null;
    }
    chapter = k;
    seed = nextSeed;
    kind = nextKind;
    tocLinks.forEach((link, i) => {
      if (i + 1 === k) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
    if (!core) return;
    fillChapter(step);
    articles[k - 1].classList.remove('learn-lecturing');
    if (lectureOn) startLecture();
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
        kind = wanted.kind;
        lectureOn = wanted.lecture;
        if (wanted.set) return openSet(wanted.set, wanted.grade, wanted.key);
      }
      return undefined;
    },

    /** @param {boolean} on */
    setActive(on) {
      if (on === active) return;
      active = on;
      if (shownSet) writeUrl();
      else if (on) openChapter(chapter, seed, undefined, kind, lectureOn);
      else closeChapter();
    },

    /**
     * While shown: ← and → step the live view (when no field, board or question has the focus).
     * @param {KeyboardEvent} event
     */
    onKey(event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = /** @type {HTMLElement|null} */ (event.target);
      // A lecture takes →, ←, Page Down, Page Up and Esc, unless a field has the focus.
      if (lecture && !target?.closest('input, select, textarea, canvas[tabindex]')) {
        if (event.key === 'Escape') {
          stopLecture(true);
          event.preventDefault();
          return;
        }
        if (lecture.onKey(event)) {
          event.preventDefault();
          return;
        }
      }
      if (!(live instanceof LiveView)) return;
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
      if (!active || shownSet) return '';
      live = null; // its session belonged to the trapped core: never called again
      // The live view again, on the new core, at the step it had reached; the text and the question stay.
      const slot = /** @type {HTMLElement|null} */ (articles[chapter - 1]?.querySelector('[data-part="live-slot"]'));
      if (!slot) return null;
      openLive(slot, savedStep || undefined);
      return `chapter ${chapter} is open again${savedStep ? ` at step ${formatCount(savedStep)}` : ''}`;
    },
  };
}
