// Sentences' small parts, shared by the views and the URL readers: a clipped
// echo of what a link said, an algorithm's range of sizes, ordinals and
// number words. No DOM and no imports, so any module may use them.

/**
 * Keeps a hostile or huge parameter from flooding the message.
 * @param {string} text
 * @returns {string}
 */
export function clip(text) {
  // Control and bidi characters go: U+202E would reverse the rest of the sentence.
  const plain = text.replace(/[\u0000-\u001f\u007f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '');
  return plain.length > 24 ? `${plain.slice(0, 24)}…` : plain;
}

/**
 * "Brute force works on boards up to 8×8."
 * @param {{ name: string, minN: number, maxN: number }} algorithm  one of the core's algorithms()
 * @returns {string}
 */
export function rangeSentence(algorithm) {
  const { name, minN, maxN } = algorithm;
  const range = minN <= 1 ? `up to ${maxN}×${maxN}` : `from ${minN}×${minN} to ${maxN}×${maxN}`;
  return `${name} works on boards ${range}.`;
}

/**
 * 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd": a finishing place, for any number.
 * @param {number} place  a whole number from 1
 * @returns {string}
 */
export function ordinal(place) {
  const teen = place % 100 >= 11 && place % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][place % 10] ?? 'th';
  return `${place}${suffix}`;
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * A count in words as prose writes it: "five" up to ten, then digits ("12").
 * @param {number} count
 * @returns {string}
 */
export function countWord(count) {
  return WORDS[count] ?? String(count);
}

/**
 * A long time as roughly as an estimate knows it: "about 40 minutes", "about 7 hours", "about 3 years".
 * @param {number} seconds
 * @returns {string}
 */
export function roughDuration(seconds) {
  /** @type {[number, string][]} */
  const units = [[365.25 * 86_400, 'year'], [86_400, 'day'], [3600, 'hour'], [60, 'minute'], [1, 'second']];
  const [size, name] = units.find(([size]) => seconds >= size * 1.5) ?? [1, 'second'];
  const count = Math.round(seconds / size);
  if (!Number.isFinite(count)) return 'longer than anyone can wait';
  return `about ${count < 1000 ? count : count.toLocaleString('en-US')} ${name}${count === 1 ? '' : 's'}`;
}

/**
 * Names as a list in prose: "A", "A and B", "A, B and C".
 * @param {string[]} names
 * @returns {string}
 */
export function listWords(names) {
  return names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * An algorithm's name without its parenthesis: "Brute force (odometer)" → "Brute force".
 * @param {{ name: string }} algorithm
 * @returns {string}
 */
export function shortName(algorithm) {
  return algorithm.name.replace(/ \(.*\)$/, '');
}
