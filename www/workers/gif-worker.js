// The GIF recorder's worker (www/lib/gif.js starts one for each recording):
// it takes the board's frames as they are recorded and encodes them with
// gifenc (www/vendor/), so that quantising a frame's colours never holds up
// the page.
//
//   page -> worker  {type: 'start', width, height, backdrop}   the GIF's size, the colour behind the board
//                   {type: 'frame', at, bitmap}   the board at `at` ms (transferred; scaled here)
//                   {type: 'finish', at}          the recording stopped at `at`
//   worker -> page  {type: 'progress', done}      frames taken in so far
//                   {type: 'gif', bytes, frames}  the file (transferred) and its frame count
//                   {type: 'error', message}
//
// What keeps the file small enough for a slide: a frame that looks like the
// one before it is not written again (the one before stays longer); a pixel
// that did not change is written as the transparent colour (disposal "leave
// in place"), so an unchanged square costs almost nothing once compressed;
// and the pixels that did change get a palette of their own of at most
// COLOURS colours.

import { GIFEncoder, applyPalette, quantize } from '../vendor/gifenc.esm.js';

/**
 * @typedef {import('../types.js').GifRequest} GifRequest
 * @typedef {import('../types.js').GifReply} GifReply
 * @typedef {import('../vendor/gifenc.esm.js').Palette} Palette
 */

/** Colours a frame's palette may have; one more index is the transparent colour. */
const COLOURS = 63;
/** "Leave in place": the next frame is drawn over this one. */
const KEEP = 1;

/** Bits an index into `size` colours needs (2 at least, as GIF asks). */
const bitsFor = (/** @type {number} */ size) => Math.max(2, Math.ceil(Math.log2(size)));

/**
 * A frame made, waiting for the next different frame to know how long it stays.
 * @typedef {{ index: Uint8Array, palette: Palette, transparent: boolean, at: number }} Pending
 */

const state = {
  encoder: GIFEncoder(),
  width: 0,
  height: 0,
  /** @type {OffscreenCanvasRenderingContext2D | null} */
  ctx: null,
  backdrop: '#ffffff',
  /** The last frame's pixels as the board showed them (RGBA as 32-bit words), to see a repeat. */
  /** @type {Uint32Array | null} */
  last: null,
  /** @type {Pending | null} */
  pending: null,
  done: 0,
  written: 0,
};

/** @param {GifReply} reply  @param {Transferable[]} [transfer] */
const reply = (reply, transfer = []) => self.postMessage(reply, transfer);

/** Writes the waiting frame, staying `ms` milliseconds. */
function writePending(/** @type {number} */ ms) {
  const frame = state.pending;
  if (!frame) return;
  const colours = frame.palette.length;
  state.encoder.writeFrame(frame.index, state.width, state.height, {
    palette: frame.palette,
    delay: Math.max(10, ms),
    repeat: 0,
    transparent: frame.transparent,
    transparentIndex: frame.transparent ? colours - 1 : 0,
    dispose: KEEP,
    colorDepth: bitsFor(colours),
  });
  state.written++;
  state.pending = null;
}

/**
 * One recorded frame: drawn at the GIF's size on the board's colour. A
 * repeat of the last frame only makes that one stay longer; otherwise the
 * pixels that changed since it get a palette of their own and the rest are
 * the transparent colour, which leaves the picture before in place.
 * @param {ImageBitmap} bitmap
 * @param {number} at
 */
function frame(bitmap, at) {
  const { width, height } = state;
  const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (state.ctx);
  ctx.fillStyle = state.backdrop;
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const words = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const last = state.last;
  /** The pixels that changed, as indices. */
  let changed;
  if (last) {
    const list = [];
    for (let i = 0; i < words.length; i++) if (words[i] !== last[i]) list.push(i);
    if (!list.length) return;
    changed = list;
  } else {
    changed = Array.from(words.keys());
  }
  writePending(at - (state.pending?.at ?? at));
  state.last = words;

  const pixels = new Uint32Array(changed.length);
  for (let k = 0; k < changed.length; k++) pixels[k] = words[changed[k]];
  const bytes = new Uint8Array(pixels.buffer);
  const palette = quantize(bytes, COLOURS);
  const chosen = applyPalette(bytes, palette);
  const transparent = Boolean(last);
  const index = new Uint8Array(width * height).fill(palette.length);
  for (let k = 0; k < changed.length; k++) index[changed[k]] = chosen[k];
  state.pending = { index, palette: transparent ? [...palette, [0, 0, 0]] : palette, transparent, at };
}

/** @param {MessageEvent<GifRequest>} event */
self.onmessage = (event) => {
  const msg = event.data;
  try {
    if (msg.type === 'start') {
      state.width = msg.width;
      state.height = msg.height;
      state.backdrop = msg.backdrop;
      state.ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (new OffscreenCanvas(msg.width, msg.height).getContext('2d', { willReadFrequently: true }));
      state.ctx.imageSmoothingQuality = 'high';
    } else if (msg.type === 'frame') {
      frame(msg.bitmap, msg.at);
      state.done++;
      reply({ type: 'progress', done: state.done });
    } else if (msg.type === 'finish') {
      writePending(msg.at - (state.pending?.at ?? msg.at));
      state.encoder.finish();
      const bytes = state.encoder.bytes();
      reply({ type: 'gif', bytes: /** @type {ArrayBuffer} */ (bytes.buffer), frames: state.written }, [bytes.buffer]);
    } else {
      throw new Error(`GIF worker: unknown message type ${JSON.stringify(/** @type {{ type?: unknown }} */ (msg).type)}`);
    }
  } catch (err) {
    reply({ type: 'error', message: String(/** @type {Error} */ (err)?.message ?? err) });
  }
};
