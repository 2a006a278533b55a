// The questions the learner answered wrong at their first Check, kept in the
// browser (localStorage, beside progress.js's store and apart from it) so the
// end of the Learn tab can list them with their seeds, each a link that asks
// the very same question again. A question later answered right leaves the
// list. Kept through SharedStore: every change is merged into what storage
// holds, so two open tabs keep each other's, and each follows the other's.
// A browser that refuses storage keeps the list for the visit only.

import { SharedStore } from '../lib/shared-store.js';

const KEY = 'nqueens-learn-review';
/** The most questions kept: the oldest go first. */
const MOST = 50;

/** @typedef {{ chapter: number, kind: string, seed: number }} Missed */

/**
 * A stored value as the list, or none if it is not ours.
 * @param {unknown} raw
 * @returns {Missed[]}
 */
function parseReview(raw) {
  if (!Array.isArray(raw)) return [];
  return raw.filter((m) => m && Number.isInteger(m.chapter) && m.chapter > 0 && typeof m.kind === 'string' && /^[a-z-]{1,40}$/.test(m.kind) && Number.isSafeInteger(m.seed) && m.seed >= 0)
    .map(({ chapter, kind, seed }) => ({ chapter, kind, seed }));
}

export class Review {
  /** @param {import('../lib/shared-store.js').StringStorage | null} [storage]  localStorage unless a test gives another */
  constructor(storage) {
    /** @type {SharedStore<Missed[]>} */
    this.store = new SharedStore(KEY, { parse: parseReview, empty: () => [], ...(storage === undefined ? {} : { storage }) });
  }

  /** @returns {Missed[]} the list as this tab last read it */
  get items() {
    return this.store.value;
  }

  /** @param {() => void} listener  called after every change, this tab's or another tab's */
  onChange(listener) {
    this.store.onChange(listener);
  }

  /**
   * A Check: a wrong first answer goes on the list, a right answer takes its question off.
   * @param {Missed} question
   * @param {boolean} right
   * @param {boolean} first
   */
  answer(question, right, first) {
    const same = (/** @type {Missed} */ m) => m.chapter === question.chapter && m.kind === question.kind && m.seed === question.seed;
    this.store.update((items) => {
      if (right) {
        if (!items.some(same)) return false;
        items.splice(0, items.length, ...items.filter((m) => !same(m)));
      } else {
        if (!first || items.some(same)) return false;
        items.push(question);
        items.splice(0, Math.max(0, items.length - MOST));
      }
    });
  }

  /** Forgets the list, in every open tab. */
  reset() {
    this.store.clear();
  }
}
