// What every mode's URL reader and writer share: whole numbers and lists of
// squares read from a link, writing the address bar without adding history,
// and UrlSync, which keeps the address bar in step with the page.
//
// Each mode reads and writes its own parameters (mode-visualizer.js,
// mode-puzzle.js, mode-race.js; modes.js reads ?mode=): anything malformed
// becomes a sentence and the default, so a bad link never gives a dead page.
// This module knows no mode and imports no view.

import { guard } from './errors.js';

/** Quiet time before the address bar follows a change (browsers limit replaceState). */
const URL_DELAY_MS = 300;

/**
 * A link's whole number of at most `digits` digits ("8", " 12 "), or NaN.
 * @param {string} raw
 * @param {number} [digits]
 * @returns {number}
 */
export function wholeNumber(raw, digits = 9) {
  const text = raw.trim();
  return new RegExp(`^\\d{1,${digits}}$`).test(text) ? Number(text) : NaN;
}

/**
 * A seed as a link or the seed field gives it: a whole number from 0 to
 * 2^53 − 1 (the core's rule for a seed, which JS numbers hold exactly), or NaN.
 * @param {string} raw
 * @returns {number}
 */
export function seedNumber(raw) {
  const seed = wholeNumber(raw, 16);
  return seed <= Number.MAX_SAFE_INTEGER ? seed : NaN;
}

/**
 * A list of squares from a link ("0,9,18"): whole numbers from 0 to n² − 1, in
 * order, each once (a repeat is dropped); null if anything else is in it.
 * @param {string} raw
 * @param {number} n  the board's size
 * @returns {number[]|null}
 */
export function parseSquareList(raw, n) {
  const text = raw.trim();
  if (text === '') return [];
  const squares = new Set();
  for (const item of text.split(',')) {
    if (!/^\s*\d{1,4}\s*$/.test(item) || Number(item) >= n * n) return null;
    squares.add(Number(item));
  }
  return [...squares].sort((a, b) => a - b);
}

/**
 * Puts `url` in the address bar without a history entry (lists keep their
 * commas readable); nothing when it is already there.
 * @param {URL} url
 */
export function replaceUrl(url) {
  url.search = url.search.replaceAll('%2C', ',');
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

/** Keeps the address bar current: at once on request, otherwise once things are quiet. */
export class UrlSync {
  /**
   * @param {() => object} read  where the page stands, read when writing
   * @param {(state: any) => void} write  the mode's writer (it checks that its mode is still shown)
   * @param {{ delayMs?: number }} [options]  the quiet time before a write that is not at once
   */
  constructor(read, write, { delayMs = URL_DELAY_MS } = {}) {
    this.read = read;
    this.write = write;
    this.delayMs = delayMs;
    /** @type {ReturnType<typeof setTimeout>|number} */
    this.timer = 0;
  }

  /**
   * Writes at once (`now`), or after the quiet time; a newer call replaces a pending one.
   * @param {boolean} [now]
   */
  update(now = false) {
    this.cancel();
    const write = () => guard(() => this.write(this.read()));
    if (now) write();
    else this.timer = setTimeout(write, this.delayMs);
  }

  /** Drops a pending write. */
  cancel() {
    clearTimeout(this.timer);
  }
}
