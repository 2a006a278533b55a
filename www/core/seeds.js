// The page's one seed policy, read from the core's limits(): what a seed is
// (a whole number from 0 to seedMax, 2^53 − 1, which a JS number holds
// exactly), the seed used when none is asked for, and what "New seed" draws.
// Every seed field and link (visualizer, race, Many runs, Solve big) reads
// seeds here, so none writes the limit or the default itself.

import { coreLimits } from './core.js';
import { formatCount } from '../lib/dom.js';
import { wholeNumber } from '../lib/params.js';

/**
 * Seeds from here up (2^52) are homework seeds: drawn for one student in a
 * problem set, never opened by a practice or puzzle link.
 */
export const HOMEWORK_SEED_MIN = 2 ** 52;

/** New seed draws below this: any seed up to seedMax works, and short ones read and type better. */
const NEW_SEED_BELOW = 1_000_000;

/** The seed a search runs from when nothing asks for another: the core's own default. */
export function defaultSeed() {
  return coreLimits().defaultSeed;
}

/** The largest seed: 2^53 − 1. */
export function seedMax() {
  return coreLimits().seedMax;
}

/** What a seed is, for a sentence: "a whole number from 0 to 9,007,199,254,740,991". */
export function seedRange() {
  return `a whole number from 0 to ${formatCount(seedMax())}`;
}

/**
 * A seed as a link or a seed field gives it, or NaN.
 * @param {string} raw
 * @returns {number}
 */
export function seedNumber(raw) {
  const seed = wholeNumber(raw, 16);
  return seed <= seedMax() ? seed : NaN;
}

/**
 * "New seed": a random seed other than `except`, from the browser's
 * cryptographic generator (every draw equally likely).
 * @param {number} [except]  the seed in use
 * @returns {number}
 */
export function newSeed(except = -1) {
  const word = new Uint32Array(1);
  let seed = except;
  while (seed === except) {
    crypto.getRandomValues(word);
    seed = word[0] % NEW_SEED_BELOW;
  }
  return seed;
}
