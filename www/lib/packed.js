// Text packed for a link (no DOM): its UTF-8 bytes compressed with raw
// DEFLATE (CompressionStream 'deflate-raw', node's zlib.deflateRawSync) and
// written in base64url without padding. Your search's `src=` and a problem
// set's `set=` are written this way.

/**
 * Base64url without padding.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function toBase64Url(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * The bytes of base64url text without padding, or null when it is not such text.
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer> | null}
 */
export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const plain = text.replaceAll('-', '+').replaceAll('_', '/');
  try {
    return Uint8Array.from(atob(plain + '='.repeat((4 - (plain.length % 4)) % 4)), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Bytes through a compression or decompression stream; null when more than
 * `limit` bytes come out (the rest is not read). Throws when the stream does
 * (data that is not raw DEFLATE).
 * @param {Uint8Array} bytes
 * @param {CompressionStream | DecompressionStream} stream
 * @param {number} [limit]
 * @returns {Promise<Uint8Array<ArrayBuffer> | null>}
 */
async function through(bytes, stream, limit = Infinity) {
  const reader = new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)]).stream().pipeThrough(stream).getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
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
 * Text packed for a link.
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function packText(text) {
  return toBase64Url(/** @type {Uint8Array} */ (await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw'))));
}

/**
 * The text a packed value holds, or what is wrong with it: `base64url` (not
 * base64url text), `deflate` (not raw DEFLATE data, or cut short), `size`
 * (more than `limit` bytes once unpacked), `utf8` (not UTF-8 text).
 * @param {string} packed
 * @param {number} [limit]  the most bytes it may unpack to
 * @returns {Promise<{ text: string, wrong?: undefined } | { text?: undefined, wrong: 'base64url' | 'deflate' | 'size' | 'utf8' }>}
 */
export async function unpackText(packed, limit = Infinity) {
  const bytes = fromBase64Url(packed.trim());
  if (!bytes) return { wrong: 'base64url' };
  let plain;
  try {
    plain = await through(bytes, new DecompressionStream('deflate-raw'), limit);
  } catch {
    return { wrong: 'deflate' };
  }
  if (!plain) return { wrong: 'size' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(plain) };
  } catch {
    return { wrong: 'utf8' };
  }
}
