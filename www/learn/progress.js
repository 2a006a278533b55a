// The learner's progress in the Learn tab, kept in the browser
// (localStorage): the chapters opened, and for each kind of question how many
// were answered and how many right. Works offline like the rest of the page;
// a browser that refuses storage (private mode, a full disk) keeps progress
// for the visit only.

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

export class Progress {
  constructor() {
    this.data = this.load();
    /** @type {(() => void)[]} */
    this.listeners = [];
  }

  /** @returns {ProgressData} what is stored, or nothing if it is missing or not ours */
  load() {
    try {
      const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null');
      if (!raw || typeof raw !== 'object') return empty();
      /** @type {ProgressData['answers']} */
      const answers = {};
      for (const [kind, value] of Object.entries(raw.answers ?? {})) {
        const right = Number(value?.right);
        const tried = Number(value?.tried);
        if (Number.isInteger(right) && Number.isInteger(tried) && right >= 0 && tried >= right) answers[kind] = { right, tried };
      }
      return { seen: wholeList(raw.seen), solved: wholeList(raw.solved), answers };
    } catch {
      return empty();
    }
  }

  save() {
    try {
      localStorage.setItem(KEY, JSON.stringify(this.data));
    } catch {
      // Storage refused: the progress lasts for this visit.
    }
    for (const listener of this.listeners) listener();
  }

  /** @param {() => void} listener  called after every change */
  onChange(listener) {
    this.listeners.push(listener);
  }

  /** @param {number} chapter */
  see(chapter) {
    if (this.data.seen.includes(chapter)) return;
    this.data.seen.push(chapter);
    this.save();
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
    if (!first && (!right || this.data.solved.includes(chapter))) return;
    const tally = this.data.answers[kind] ?? { right: 0, tried: 0 };
    if (first) {
      tally.tried++;
      if (right) tally.right++;
    }
    this.data.answers[kind] = tally;
    if (right && !this.data.solved.includes(chapter)) this.data.solved.push(chapter);
    this.save();
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

  reset() {
    this.data = empty();
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Nothing was stored.
    }
    for (const listener of this.listeners) listener();
  }
}
