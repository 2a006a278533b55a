// The program in the link (no DOM): `src=` is the program's UTF-8 text
// compressed with raw DEFLATE and written as base64url without padding.
// Read back, a program is only shown: nothing here runs it.

/** The longest program a link may carry, in characters once unpacked. */
const MAX_SOURCE = 100_000;

/** @param {Uint8Array} bytes */
function toBase64Url(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {string} text  base64url without padding @returns {Uint8Array<ArrayBuffer>} */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) out[i] = plain.charCodeAt(i);
  return out;
}

/** The most bytes a link's program may unpack to: MAX_SOURCE characters take at most 4 bytes each. */
const MAX_SOURCE_BYTES = MAX_SOURCE * 4;

/**
 * Bytes through a compression or decompression stream; unpacking stops as
 * soon as more than `limit` bytes come out (null then), so a small link that
 * would unpack to gigabytes is never unpacked.
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {CompressionStream | DecompressionStream} stream
 * @param {number} [limit]
 */
async function through(bytes, stream, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The `src=` value for a program.
 * @param {string} source
 * @returns {Promise<string>}
 */
export async function packSource(source) {
  return toBase64Url(/** @type {Uint8Array} */ (await through(new TextEncoder().encode(source), new CompressionStream('deflate-raw'))));
}

/**
 * The program a `src=` value holds; throws an Error with a sentence when it
 * is not one.
 * @param {string} packed
 * @returns {Promise<string>}
 */
export async function unpackSource(packed) {
  let bytes;
  try {
    bytes = fromBase64Url(packed.trim());
  } catch {
    throw new Error("The link's program (src=) is not base64url text, so it cannot be read.");
  }
  let raw;
  try {
    raw = await through(bytes, new DecompressionStream('deflate-raw'), MAX_SOURCE_BYTES);
  } catch {
    throw new Error("The link's program (src=) is not raw DEFLATE data: the link may have been cut short.");
  }
  if (!raw) throw new Error(`The link's program unpacks to more than ${MAX_SOURCE_BYTES.toLocaleString('en')} bytes, more than the ${MAX_SOURCE.toLocaleString('en')} characters a link may carry: it is not read.`);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new Error("The link's program (src=) is not UTF-8 text.");
  }
  if (text.length > MAX_SOURCE) throw new Error(`The link's program is ${text.length.toLocaleString('en')} characters long, more than the ${MAX_SOURCE.toLocaleString('en')} a link may carry.`);
  return text;
}
