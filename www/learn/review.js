// The questions the learner answered wrong at their first Check, kept in the
// browser (localStorage, beside progress.js's store and apart from it) so the
// end of the Learn tab can list them with their seeds, each a link that asks
// the very same question again. A question later answered right leaves the
// list. A browser that refuses storage keeps the list for the visit only.

const KEY = 'nqueens-learn-review';
/** The most questions kept: the oldest go first. */
const MOST = 50;

/** @typedef {{ chapter: number, kind: string, seed: number }} Missed */

/**
 * The stored list, or none if it is missing or not ours.
 * @returns {Missed[]}
 */
function load() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter((m) => m && Number.isInteger(m.chapter) && m.chapter > 0 && typeof m.kind === 'string' && /^[a-z-]{1,40}$/.test(m.kind) && Number.isSafeInteger(m.seed) && m.seed >= 0)
      .map(({ chapter, kind, seed }) => ({ chapter, kind, seed }));
  } catch {
    return [];
  }
}

export class Review {
  constructor() {
    /** @type {Missed[]} */
    this.items = load();
    /** @type {(() => void)[]} */
    this.listeners = [];
  }

  save() {
    try {
      localStorage.setItem(KEY, JSON.stringify(this.items));
    } catch {
      // Storage refused: the list lasts for this visit.
    }
    for (const listener of this.listeners) listener();
  }

  /** @param {() => void} listener */
  onChange(listener) {
    this.listeners.push(listener);
  }

  /**
   * A Check: a wrong first answer goes on the list, a right answer takes its question off.
   * @param {Missed} question
   * @param {boolean} right
   * @param {boolean} first
   */
  answer(question, right, first) {
    const same = (/** @type {Missed} */ m) => m.chapter === question.chapter && m.kind === question.kind && m.seed === question.seed;
    if (right) {
      if (!this.items.some(same)) return;
      this.items = this.items.filter((m) => !same(m));
    } else {
      if (!first || this.items.some(same)) return;
      this.items = [...this.items, question].slice(-MOST);
    }
    this.save();
  }

  reset() {
    this.items = [];
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Nothing was stored.
    }
    for (const listener of this.listeners) listener();
  }
}
