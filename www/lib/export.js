// Taking what the page shows into slides and notes: a PNG of a canvas (the
// board, the search tree, the conflicts chart, race mode's chart, the runs'
// chart, Solve big's picture), a video of the board as a search runs (an
// animated GIF of it is www/lib/gif.js's), and CSV files of results (race/results.js and runs.js build their rows and call
// toCsv and download).
//
// The buttons are in index.html: data-save-png="<canvas id>" saves that
// canvas, data-record="<canvas id>" records it (MediaRecorder on the
// canvas's captureStream, as WebM); each says what happened in the
// [data-part="export-status"] of its [data-export] group. A file's name says
// what it shows, from the address bar (nqueens-bitwise-n8-step100.png).

import { flushUrls } from './params.js';

/** Frames a second asked of the canvas while recording; a still board is sent again this often too. */
const RECORD_FPS = 30;
/** The video types tried, best first: WebM, then MP4 where a browser records only that. */
const VIDEO_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];

/**
 * A text field made safe from spreadsheet formulas: a text that begins with
 * =, +, -, @, a tab or a carriage return gets a ' in front, so a spreadsheet
 * shows it as text and never runs it. Numbers are written as they are.
 * @param {string|number|boolean|null|undefined} value
 */
function csvSafe(value) {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV file's text (RFC 4180): each text field made safe from formulas
 * (csvSafe), fields with a comma, quote or line break quoted, quotes doubled;
 * numbers as they are (no grouping), lines end in CRLF.
 * @param {(string|number|boolean|null|undefined)[][]} rows  the header row first
 */
export function toCsv(rows) {
  const field = (/** @type {string|number|boolean|null|undefined} */ value) => {
    const text = csvSafe(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/**
 * Saves `blob` as a download named `name`.
 * @param {Blob} blob
 * @param {string} name
 */
export function download(blob, name) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next task; a minute is generous.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Saves CSV rows as a download.
 * @param {(string|number|boolean|null|undefined)[][]} rows
 * @param {string} name
 */
export function downloadCsv(rows, name) {
  download(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), name);
}

/** The address bar's parameters as the page stands now. */
export function linkParams() {
  flushUrls();
  return new URLSearchParams(location.search);
}

/**
 * Keeps a file name to letters, digits, dots and dashes.
 * @param {string} name
 */
export function safeName(name) {
  return name.replace(/[^A-Za-z0-9.-]+/g, '-');
}

/**
 * A canvas's file name without its extension, by the canvas's id, as the
 * mode that owns it names it (each Mode's `canvases`); null for a canvas no
 * mode names.
 * @typedef {(id: string) => string | null} CanvasNames
 */

/**
 * A recording's file name without its extension: the name where it started
 * and the step of the name where it stopped (nqueens-bitwise-n8-step0-to-step240).
 * @param {string} from  the canvas's name when the recording started
 * @param {string} now  its name when it stopped
 */
export function rangeName(from, now) {
  const to = /(?:^|-)step(\d+)$/.exec(now)?.[1] ?? '';
  return `${from}-to-step${to}`;
}

/**
 * The colour behind a canvas on the page (its own background, or its
 * nearest ancestor's), so a saved picture looks as it does on screen.
 * @param {HTMLElement} element
 */
export function backdrop(element) {
  for (let at = /** @type {HTMLElement | null} */ (element); at; at = at.parentElement) {
    const colour = getComputedStyle(at).backgroundColor;
    if (colour && colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return '#ffffff';
}

/**
 * A canvas as a PNG, on the colour it is shown on, at its own pixel size.
 * @param {HTMLCanvasElement} canvas
 * @returns {Promise<Blob | null>}
 */
function canvasPng(canvas) {
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const ctx = /** @type {CanvasRenderingContext2D} */ (copy.getContext('2d'));
  ctx.fillStyle = backdrop(canvas);
  ctx.fillRect(0, 0, copy.width, copy.height);
  ctx.drawImage(canvas, 0, 0);
  return new Promise((resolve) => copy.toBlob(resolve, 'image/png'));
}

/**
 * The status line of a button's export group.
 * @param {HTMLElement} button
 * @returns {(text: string) => void}
 */
export function sayer(button) {
  const status = button.closest('[data-export]')?.querySelector('[data-part="export-status"]');
  return (text) => { if (status) status.textContent = text; };
}

/**
 * A recording of a canvas while it is drawn on: Record starts it, Stop ends
 * it and downloads the video.
 */
class CanvasRecorder {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLButtonElement} button  Record / Stop
   * @param {(text: string) => void} say
   * @param {() => string} name  the file's name as the page stands, without extension
   */
  constructor(canvas, button, say, name) {
    this.canvas = canvas;
    this.name = name;
    this.button = button;
    this.say = say;
    /** @type {MediaRecorder | null} */
    this.recorder = null;
    this.type = recordableType(canvas);
    if (!this.type) {
      button.disabled = true;
      say('This browser cannot record the board as a video (it has no MediaRecorder for a canvas); Save PNG still works.');
    }
    button.addEventListener('click', () => (this.recorder ? this.stop() : this.start()));
  }

  start() {
    if (!this.type) return;
    const stream = this.canvas.captureStream(RECORD_FPS);
    const track = /** @type {CanvasCaptureMediaStreamTrack} */ (stream.getVideoTracks()[0]);
    /** @type {Blob[]} */
    const chunks = [];
    let recorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: this.type, videoBitsPerSecond: 4_000_000 });
    } catch (error) {
      this.say(`This browser refused to record the board (${/** @type {Error} */ (error).message}); Save PNG still works.`);
      return;
    }
    const from = this.name();
    const started = performance.now();
    // A still board paints nothing, so it is sent again now and then: the video lasts as long as the recording.
    const still = setInterval(() => track.requestFrame?.(), 1000 / RECORD_FPS);
    recorder.addEventListener('dataavailable', (event) => { if (event.data.size) chunks.push(event.data); });
    recorder.addEventListener('stop', () => {
      clearInterval(still);
      for (const t of stream.getTracks()) t.stop();
      const ms = performance.now() - started;
      const type = /** @type {string} */ (this.type);
      const webm = type.startsWith('video/webm');
      const name = `${rangeName(from, this.name())}.${webm ? 'webm' : 'mp4'}`;
      const blob = new Blob(chunks, { type: type.split(';')[0] });
      (webm ? withDuration(blob, ms) : Promise.resolve(blob)).then((video) => {
        if (!video.size) {
          this.say('The recording came out empty: the browser sent no frames. Try again while the search plays.');
          return;
        }
        download(video, name);
        this.say(`Saved ${name} (${(ms / 1000).toFixed(1)} s).`);
      });
    });
    recorder.start(1000);
    this.recorder = recorder;
    track.requestFrame?.();
    this.button.setAttribute('aria-pressed', 'true');
    this.button.textContent = 'Stop recording';
    this.say('Recording the board: play, step or scrub, then Stop recording to save the video.');
  }

  stop() {
    const recorder = /** @type {MediaRecorder} */ (this.recorder);
    this.recorder = null;
    recorder.stop();
    this.button.setAttribute('aria-pressed', 'false');
    this.button.textContent = 'Record video';
  }
}

/**
 * The video type this browser can record a canvas in, or null.
 * @param {HTMLCanvasElement} canvas
 */
function recordableType(canvas) {
  if (typeof MediaRecorder === 'undefined' || typeof canvas.captureStream !== 'function') return null;
  return VIDEO_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/**
 * Reads an EBML variable-length integer at `at`: its length in bytes and its
 * value (`keepMarker` for element ids, which keep their length bits);
 * `unknown` when every value bit is set (a size left open).
 * @param {Uint8Array} bytes
 * @param {number} at
 * @param {boolean} [keepMarker]
 */
function vint(bytes, at, keepMarker = false) {
  const first = bytes[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let ones = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    ones &&= bytes[at + i] === 0xff;
  }
  return { length, value, unknown: !keepMarker && ones };
}

const EBML_ID = { segment: 0x18538067, info: 0x1549a966, duration: 0x4489, timecodeScale: 0x2ad7b1, seekHead: 0x114d9b74 };

/**
 * A browser's MediaRecorder writes WebM without a duration, so players cannot
 * seek it or say how long it is. This writes the Duration into the Segment's
 * Info (the one element that changes size; the Segment's own size is left
 * open by recorders, and a file with an index to shift is left as it is).
 * @param {Blob} blob  a recorded WebM
 * @param {number} ms  how long the recording took
 * @returns {Promise<Blob>}
 */
async function withDuration(blob, ms) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  /** Element at `at`: id, where its data starts and its size (null when unknown). */
  const element = (/** @type {number} */ at) => {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length);
    if (!id || !size) return null;
    return { id: id.value, data: at + id.length + size.length, size: size.unknown ? null : size.value };
  };
  const header = element(0);
  if (!header || header.size === null) return blob;
  const segment = element(header.data + header.size);
  if (!segment || segment.id !== EBML_ID.segment || segment.size !== null) return blob;
  let at = segment.data;
  for (;;) {
    const child = element(at);
    if (!child || child.size === null || child.id === EBML_ID.seekHead) return blob;
    if (child.id === EBML_ID.info) {
      let scale = 1_000_000; // ns a tick: the default
      for (let i = child.data; i < child.data + child.size;) {
        const entry = element(i);
        if (!entry || entry.size === null) return blob;
        if (entry.id === EBML_ID.duration) return blob; // it has one already
        if (entry.id === EBML_ID.timecodeScale) {
          scale = 0;
          for (let k = 0; k < entry.size; k++) scale = scale * 256 + bytes[entry.data + k];
        }
        i = entry.data + entry.size;
      }
      const duration = new Uint8Array(11);
      duration.set([0x44, 0x89, 0x88]);
      new DataView(duration.buffer).setFloat64(3, (ms * 1e6) / (scale || 1_000_000));
      // The Info's new size, as an eight-byte size.
      const size = new Uint8Array(8);
      let rest = child.size + duration.length;
      for (let k = 7; k > 0; k--, rest = Math.floor(rest / 256)) size[k] = rest % 256;
      size[0] = 0x01;
      const end = child.data + child.size;
      return new Blob([bytes.subarray(0, at + 4), size, bytes.subarray(child.data, end), duration, bytes.subarray(end)], { type: blob.type });
    }
    at = child.data + child.size;
    if (at >= bytes.length) return blob;
  }
}

/** @type {WeakMap<HTMLCanvasElement, () => HTMLCanvasElement | null>} what Save PNG saves of a canvas instead of its pixels on screen */
const pictures = new WeakMap();

/**
 * Save PNG of `canvas` saves what `render()` draws (a picture at a slide's
 * size, whatever the window's) rather than the canvas as shown.
 * @param {HTMLCanvasElement} canvas
 * @param {() => HTMLCanvasElement | null} render
 */
export function exportWith(canvas, render) {
  pictures.set(canvas, render);
}

/**
 * Wires the page's export buttons: Save PNG (data-save-png) and Record
 * (data-record), each naming its canvas by id; `names` gives each file's name.
 * @param {CanvasNames} names
 * @param {ParentNode} root
 */
export function mountExports(names, root = document) {
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll('button[data-save-png]'))) {
    const id = /** @type {string} */ (button.dataset.savePng);
    const say = sayer(button);
    button.addEventListener('click', async () => {
      const shown = document.getElementById(id);
      const canvas = shown instanceof HTMLCanvasElement ? (pictures.get(shown)?.() ?? shown) : shown;
      if (!(canvas instanceof HTMLCanvasElement) || !canvas.width || !canvas.height) {
        say('There is no picture to save yet.');
        return;
      }
      const name = `${names(id) ?? safeName(`nqueens-${id}`)}.png`;
      const png = await canvasPng(canvas);
      if (!png) {
        say('This browser could not turn the picture into a PNG.');
        return;
      }
      download(png, name);
      say(`Saved ${name} (${canvas.width}×${canvas.height} pixels).`);
    });
  }
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll('button[data-record]'))) {
    const canvas = document.getElementById(/** @type {string} */ (button.dataset.record));
    if (canvas instanceof HTMLCanvasElement) new CanvasRecorder(canvas, button, sayer(button), () => names(canvas.id) ?? safeName(`nqueens-${canvas.id}`));
  }
}
