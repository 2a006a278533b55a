// The learner's progress in the Learn tab, kept in the browser
// (localStorage, through SharedStore): the chapters opened, and for each kind
// of question how many were answered and how many right. Every change is
// merged into what storage holds at that moment, so two open tabs never lose
// each other's answers, and each tab's summary follows the others'. Works
// offline like the rest of the page; a browser that refuses storage (private
// mode, a full disk) keeps progress for the visit only.

import { SharedStore } from '../lib/shared-store.js';

const KEY = 'nqueens-learn-progress';

/**
 * @typedef {object} ProgressData
 * @property {number[]} seen  chapters opened (1-based)
 * @property {number[]} solved  chapters whose question was answered right at least once
 * @property {Record<string, { right: number, tried: number }>} answers  by kind of question
 */

/** @returns {ProgressData} */
function empty() {
  return { seen: [], solved: [], answers: {} };
}

/**
 * Whole numbers from a stored list, or none.
 * @param {unknown} list
 */
const wholeList = (list) => (Array.isArray(list) ? list.filter((x) => Number.isInteger(x) && x > 0) : []);

/**
 * A stored value as progress, field by field; what is not ours is left out.
 * @param {unknown} value
 * @returns {ProgressData}
 */
function parseProgress(value) {
  if (!value || typeof value !== 'object') return empty();
  const raw = /** @type {Record<string, any>} */ (value);
  /** @type {ProgressData['answers']} */
  const answers = {};
  for (const [kind, tally] of Object.entries(raw.answers ?? {})) {
    const right = Number(tally?.right);
    const tried = Number(tally?.tried);
    if (Number.isInteger(right) && Number.isInteger(tried) && right >= 0 && tried >= right) answers[kind] = { right, tried };
  }
  return { seen: wholeList(raw.seen), solved: wholeList(raw.solved), answers };
}

export class Progress {
  /** @param {import('../lib/shared-store.js').StringStorage | null} [storage]  localStorage unless a test gives another */
  constructor(storage) {
    /** @type {SharedStore<ProgressData>} */
    this.store = new SharedStore(KEY, { parse: parseProgress, empty, ...(storage === undefined ? {} : { storage }) });
  }

  /** @returns {ProgressData} the progress as this tab last read it */
  get data() {
    return this.store.value;
  }

  /** @param {() => void} listener  called after every change, this tab's or another tab's */
  onChange(listener) {
    this.store.onChange(listener);
  }

  /** @param {number} chapter */
  see(chapter) {
    if (this.data.seen.includes(chapter)) return;
    this.store.update((data) => {
      if (data.seen.includes(chapter)) return false;
      data.seen.push(chapter);
    });
  }

  /**
   * An answer was checked. A question counts once, by its first Check; a
   * right answer at any Check marks its chapter solved.
   * @param {number} chapter
   * @param {string} kind
   * @param {boolean} right
   * @param {boolean} first  the question's first Check
   */
  answer(chapter, kind, right, first) {
    this.store.update((data) => {
      if (!first && (!right || data.solved.includes(chapter))) return false;
      const tally = data.answers[kind] ?? { right: 0, tried: 0 };
      if (first) {
        tally.tried++;
        if (right) tally.right++;
      }
      data.answers[kind] = tally;
      if (right && !data.solved.includes(chapter)) data.solved.push(chapter);
    });
  }

  /** @param {number} chapter */
  seen(chapter) {
    return this.data.seen.includes(chapter);
  }

  /** @param {number} chapter */
  solved(chapter) {
    return this.data.solved.includes(chapter);
  }

  /** Questions answered right at their first Check, and questions answered, over every kind. */
  totals() {
    let right = 0;
    let tried = 0;
    for (const tally of Object.values(this.data.answers)) {
      right += tally.right;
      tried += tally.tried;
    }
    return { right, tried };
  }

  /** Forgets the progress, in every open tab. */
  reset() {
    this.store.clear();
  }
}
