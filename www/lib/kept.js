// Values kept by a whole number (a board size) for the page's modes to
// share, with listeners told after each keep (no DOM). The shell makes one
// and hands it to every mode as Page.keptRuns: Your search keeps its
// finished runs, Race replays them.

/** @template T */
export class Kept {
  constructor() {
    /** @type {Map<number, T>} */
    this.values = new Map();
    /** @type {Set<() => void>} */
    this.listeners = new Set();
  }

  /** @param {number} n  @param {T} value */
  keep(n, value) {
    this.values.set(n, value);
    for (const listener of this.listeners) listener();
  }

  /** @param {number} n  @returns {T | null} */
  get(n) {
    return this.values.get(n) ?? null;
  }

  /** The keys, ascending. */
  sizes() {
    return [...this.values.keys()].sort((a, b) => a - b);
  }

  /** @param {() => void} listener */
  onKeep(listener) {
    this.listeners.add(listener);
  }
}
