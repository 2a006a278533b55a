// Sentences' small parts, shared by the views and the URL readers: a clipped
// echo of what a link said, an algorithm's range of sizes, ordinals and
// number words. No DOM and no imports, so any module may use them.

/**
 * Characters a message never shows as they are: controls, format characters
 * (the bidi overrides, U+202E among them, which would reverse the rest of the
 * sentence; zero-width spaces and joiners; the byte-order mark; the soft
 * hyphen), line and paragraph separators, private-use, unassigned and lone
 * surrogate code points.
 */
const UNSHOWN = /^[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]$/u;

/**
 * A link's text as a sentence may echo it: each character that would not be
 * seen, or would change how the sentence reads, written as its code point
 * ("[U+202E]"), so the reader sees that it is there; cut to 24 of them so
 * that a hostile or huge parameter cannot flood the message.
 * @param {string} text
 * @returns {string}
 */
export function clip(text) {
  const shown = [...text].map((c) => (c.match(UNSHOWN) ? `[U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]` : c));
  return shown.length > 24 ? `${shown.slice(0, 24).join('')}…` : shown.join('');
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
 * Names (or numbers) as a list in prose: "A", "A and B", "A, B and C"; "1, 3 and 5".
 * @param {(string|number)[]} names
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

/**
 * A count as a person types it back: decimal digits, grouped by the page's
 * own thousands separator or not at all ("1,234" or "1234", spaces around
 * it allowed). Anything else ("0x2d4", "72.4e1", "+724", ",,724", "7,24") is
 * a sentence saying what was not understood.
 * @param {string} text
 * @returns {{ value: number, problem?: undefined } | { value?: undefined, problem: string }}
 */
export function readCount(text) {
  const plain = text.trim();
  if (plain === '') return { problem: 'The answer is empty: write the count in decimal digits, such as 1,234 or 1234.' };
  if (/^(?:\d+|\d{1,3}(?:,\d{3})+)$/.test(plain)) {
    const value = Number(plain.replaceAll(',', ''));
    if (Number.isSafeInteger(value)) return { value };
    return { problem: `“${clip(plain)}” is too large a number to read exactly.` };
  }
  return { problem: `“${clip(plain)}” was not understood: write the count as a whole number in decimal digits, such as 1,234 or 1234 (commas only between groups of three).` };
}
