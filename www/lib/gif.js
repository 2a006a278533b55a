// Record GIF: the board as an animated GIF, for slides, learning platforms
// and e-mail, where a WebM does not play. Like Record video it records what
// the board shows between Record and Stop (play, step or scrub), and names
// the file by the steps it spans (nqueens-bitwise-n8-step0-to-step500.gif);
// the width is the user's choice (320 or 480 pixels, or the board's own:
// "as shown").
//
// The page only takes a snapshot of the canvas FPS times a second (an
// ImageBitmap, handed over without a copy); a worker that the caller starts
// (www/workers/gif-worker.js, with gifenc) scales, quantises and encodes
// each frame as it comes, so the page never waits on it. After Stop the
// status shows the frames still to encode, with a progress bar; Cancel ends
// the worker and saves nothing.

import { backdrop, download, rangeName, sayer } from './export.js';

/** Frames a second taken from the board: 100 ms a frame, which GIF viewers all honour. */
const GIF_FPS = 10;
/** The longest recording: past this the GIF stops and is saved by itself. */
const GIF_MAX_SECONDS = 60;

/**
 * @typedef {import('../types.js').GifRequest} GifRequest
 * @typedef {import('../types.js').GifReply} GifReply
 */

/**
 * The pieces of a Record GIF group, found by `data-part` under its root.
 * @typedef {object} GifParts
 * @property {HTMLButtonElement} button  Record GIF / Stop GIF
 * @property {HTMLSelectElement} size  the width: a number of pixels, or 0 for the board's own
 * @property {HTMLProgressElement} progress
 * @property {HTMLButtonElement} cancel
 */

/** A byte count in KB or MB, as a person reads it. */
function bytesText(/** @type {number} */ bytes) {
  return bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * A recording of a canvas as an animated GIF.
 */
class GifRecorder {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {GifParts} parts
   * @param {object} options
   * @param {() => string} options.name  the canvas's file name as the page stands, without extension
   * @param {() => Worker} options.startWorker  starts a GIF worker (www/workers/gif-worker.js)
   * @param {(size: number) => HTMLCanvasElement} [options.drawAt]  the picture drawn again at `size` pixels a side
   *   (a square board); without it the canvas is scaled, and never up
   */
  constructor(canvas, parts, { name, startWorker, drawAt }) {
    this.canvas = canvas;
    this.parts = parts;
    this.name = name;
    this.startWorker = startWorker;
    this.drawAt = drawAt;
    this.say = sayer(parts.button);
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    /** What is sent so far, in order (each snapshot waits for the one before). */
    this.sending = Promise.resolve();
    this.sent = 0;
    /** Frames the worker has taken in. */
    this.done = 0;
    this.recording = false;
    this.from = '';
    this.started = 0;
    this.width = 0;
    /** The file's name, without extension, once stopped. */
    this.to = '';
    this.seconds = 0;
    /** Why the page stopped the recording, when it did. */
    this.why = '';
    this.able = typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function' && typeof Worker === 'function';
    if (!this.able) {
      parts.button.disabled = true;
      parts.size.disabled = true;
      this.say('This browser cannot make a GIF of the board (it has no OffscreenCanvas); Save PNG still works.');
    }
    parts.button.addEventListener('click', () => (this.recording ? this.stop() : this.start()));
    parts.cancel.addEventListener('click', () => this.cancel('The GIF was cancelled; nothing was saved.'));
  }

  /** The GIF's size: the chosen width (never more than the canvas's own unless it can be drawn again), and the canvas's shape. */
  size() {
    const wanted = Number(this.parts.size.value) || this.canvas.width;
    const width = Math.max(16, this.drawAt ? wanted : Math.min(wanted, this.canvas.width));
    return { width, height: Math.max(16, Math.round((this.canvas.height * width) / this.canvas.width)) };
  }

  start() {
    if (!this.able || this.worker) return;
    if (!this.canvas.width || !this.canvas.height) {
      this.say('There is no board to record yet.');
      return;
    }
    const { width, height } = this.size();
    let worker;
    try {
      worker = this.startWorker();
    } catch (error) {
      this.say(`The GIF could not start (${/** @type {Error} */ (error).message}); Save PNG still works.`);
      return;
    }
    this.worker = worker;
    worker.onmessage = (/** @type {MessageEvent<GifReply>} */ event) => this.heard(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.cancel(`The GIF could not be made: its worker failed (${event.message || 'script error'}).`);
    };
    this.post({ type: 'start', width, height, backdrop: backdrop(this.canvas) });
    this.width = width;
    this.from = this.name();
    this.started = performance.now();
    this.sent = 0;
    this.done = 0;
    this.sending = Promise.resolve();
    this.recording = true;
    this.snap();
    this.timer = setInterval(() => {
      if (performance.now() - this.started >= GIF_MAX_SECONDS * 1000) this.stop(`The GIF stopped at ${GIF_MAX_SECONDS} seconds, its longest. `);
      else this.snap();
    }, 1000 / GIF_FPS);
    const { button, size, cancel } = this.parts;
    button.setAttribute('aria-pressed', 'true');
    button.textContent = 'Stop GIF';
    size.disabled = true;
    cancel.hidden = false;
    this.say(`Recording a GIF of the board, ${width}×${height} pixels: play, step or scrub, then Stop GIF to save it.`);
  }

  /** Sends the canvas as it is now, after the snapshots before it. */
  snap() {
    const worker = this.worker;
    if (!worker) return;
    const at = performance.now();
    const size = this.width;
    const shot = createImageBitmap(this.drawAt && size !== this.canvas.width ? this.drawAt(size) : this.canvas);
    this.sent++;
    // The snapshots taken so far, on the button: what a test waits for.
    this.parts.button.dataset.frames = String(this.sent);
    this.sending = this.sending
      .then(() => shot)
      .then((bitmap) => {
        if (this.worker === worker) this.post({ type: 'frame', at, bitmap }, [bitmap]);
        else bitmap.close();
      }, () => {
        // A snapshot the browser could not take (a board of no size, mid-resize) is left out.
        this.sent--;
      });
  }

  /**
   * Stops recording and encodes what is left.
   * @param {string} [why]  a sentence to say first, when the page stopped it
   */
  stop(why = '') {
    if (!this.recording) return;
    clearInterval(this.timer);
    this.recording = false;
    const worker = this.worker;
    const at = performance.now();
    this.to = rangeName(this.from, this.name());
    this.seconds = (at - this.started) / 1000;
    const { button, progress, cancel } = this.parts;
    button.setAttribute('aria-pressed', 'false');
    button.textContent = 'Record GIF';
    // The button waits for the file; the keyboard's place goes to Cancel beside it.
    if (document.activeElement === button) cancel.focus();
    button.disabled = true;
    progress.hidden = false;
    progress.max = this.sent;
    this.why = why;
    this.sending.then(() => {
      if (this.worker === worker) this.post({ type: 'finish', at });
    });
    this.progress(this.done);
    this.say(`${why}Making the GIF from ${this.sent} frames…`);
  }

  /** @param {GifReply} reply */
  heard(reply) {
    if (reply.type === 'progress') this.progress(reply.done);
    else if (reply.type === 'error') this.cancel(`The GIF could not be made: ${reply.message}`);
    else if (reply.type === 'gif') {
      const name = `${this.to}.gif`;
      const size = reply.bytes.byteLength;
      this.close();
      download(new Blob([reply.bytes], { type: 'image/gif' }), name);
      this.say(`${this.why}Saved ${name} (${reply.frames} frame${reply.frames === 1 ? '' : 's'}, ${this.seconds.toFixed(1)} s, ${this.width} pixels wide, ${bytesText(size)}).`);
    }
  }

  /**
   * Frames the worker has taken in so far: the bar shows them once the
   * recording has stopped (the status line says it once, not at every frame).
   * @param {number} done
   */
  progress(done) {
    this.done = done;
    if (!this.recording && this.worker) this.parts.progress.value = done;
  }

  /** Ends the recording or the encoding, and saves nothing. @param {string} sentence */
  cancel(sentence) {
    if (!this.worker) return;
    this.close();
    this.say(sentence);
  }

  /** Ends the worker and puts the controls back. */
  close() {
    clearInterval(this.timer);
    this.recording = false;
    this.worker?.terminate();
    this.worker = null;
    const { button, size, progress, cancel } = this.parts;
    button.setAttribute('aria-pressed', 'false');
    button.textContent = 'Record GIF';
    button.disabled = false;
    size.disabled = false;
    progress.hidden = true;
    if (document.activeElement === cancel) button.focus();
    cancel.hidden = true;
  }

  /** @param {GifRequest} msg  @param {Transferable[]} [transfer] */
  post(msg, transfer = []) {
    this.worker?.postMessage(msg, transfer);
  }
}

/**
 * Wires the Record GIF group under `root` ([data-part="record-gif"],
 * "gif-size", "gif-progress", "gif-cancel") to the canvas it names
 * (data-record-gif="<canvas id>"). Null when the page has no such group.
 * @param {ParentNode} root
 * @param {object} options
 * @param {(id: string) => string} options.name  a canvas's file name, without extension
 * @param {() => Worker} options.startWorker
 * @param {(size: number) => HTMLCanvasElement} [options.drawAt]  see GifRecorder
 */
export function mountGif(root, { name, startWorker, drawAt }) {
  const part = (/** @type {string} */ p) => root.querySelector(`[data-part="${p}"]`);
  const button = part('record-gif');
  const canvas = button instanceof HTMLElement ? document.getElementById(button.dataset.recordGif ?? '') : null;
  if (!(button instanceof HTMLButtonElement) || !(canvas instanceof HTMLCanvasElement)) return null;
  const parts = {
    button,
    size: /** @type {HTMLSelectElement} */ (part('gif-size')),
    progress: /** @type {HTMLProgressElement} */ (part('gif-progress')),
    cancel: /** @type {HTMLButtonElement} */ (part('gif-cancel')),
  };
  return new GifRecorder(canvas, parts, { name: () => name(canvas.id), startWorker, drawAt });
}
