// The program in the link (no DOM): `src=` is the program's UTF-8 text
// compressed with raw DEFLATE and written as base64url without padding.
// Read back, a program is only shown: nothing here runs it.

import { packText, unpackText } from '../lib/packed.js';

/** The longest program a link may carry, in characters once unpacked. */
const MAX_SOURCE = 100_000;

/** What is wrong with a `src=` value that holds no program, in words. */
const WHY = {
  base64url: "The link's program (src=) is not base64url text, so it cannot be read.",
  deflate: "The link's program (src=) is not raw DEFLATE data: the link may have been cut short.",
  utf8: "The link's program (src=) is not UTF-8 text.",
  size: `The link's program is longer than the ${MAX_SOURCE.toLocaleString('en')} characters a link may carry.`,
};

/**
 * The `src=` value for a program.
 * @param {string} source
 * @returns {Promise<string>}
 */
export async function packSource(source) {
  return packText(source);
}

/**
 * The program a `src=` value holds; throws an Error with a sentence when it
 * is not one.
 * @param {string} packed
 * @returns {Promise<string>}
 */
export async function unpackSource(packed) {
  // A character of a JavaScript string is at most three bytes of UTF-8.
  const { text, wrong } = await unpackText(packed, 3 * MAX_SOURCE);
  if (text === undefined) throw new Error(WHY[wrong]);
  if (text.length > MAX_SOURCE) throw new Error(`The link's program is ${text.length.toLocaleString('en')} characters long, more than the ${MAX_SOURCE.toLocaleString('en')} a link may carry.`);
  return text;
}
