// Solve big: one solution for a board of up to findMaxN queens (100,000,000
// for queen search), found by find-worker.js in a worker of its own so the
// page stays responsive, with progress, Cancel and the elapsed time; then the
// worker's own check of the solution and a density picture of it.
//
// Takes its root element (index.html's #solve-big) and finds its parts by
// data-part; the algorithms come from the caller (the core's algorithms():
// those with a findMaxN). A worker is made for each solve and terminated when
// it ends or is cancelled: a board of 100,000,000 leaves some 900 MB of wasm
// memory behind, which only ending the worker gives back. A browser that will
// not give a board its memory gets the worker's sentence saying so.
//
// For tests, the root carries data-state (idle, running, solved, failed,
// cancelled, error) and, once solved, data-n, data-steps, data-ms (the
// search in the worker), data-wall-ms (Solve to result, as the page saw it),
// data-check (ok or failed) and data-check-ms.

import { context2d, counted, cssVars, el, formatCount, part } from '../lib/dom.js';
import { clip } from '../lib/words.js';
import { defaultSeed, seedMax, seedRange } from '../core/seeds.js';

/**
 * @typedef {import('../types.js').FindAlgorithm} FindAlgorithm
 * @typedef {import('../types.js').FindReply} FindReply
 * @typedef {import('../types.js').FindRequest} FindRequest
 * @typedef {import('../types.js').FindPicture} FindPicture
 */

const WORKER_URL = new URL('../workers/find-worker.js', import.meta.url);
const DEFAULT_ALGORITHM = 'queen-search';
/** The picture's largest side in pixels, whatever the screen's density. */
const MAX_PICTURE = 1600;
/** Queens at least this many pixels wide get a board's light and dark squares behind them. */
const CHECKER_MIN_PX = 4;

/**
 * "1234 ms" → "1.23 s"; under a second "0.41 s".
 * @param {number} ms
 */
function seconds(ms) {
  const s = ms / 1000;
  return `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;
}

/**
 * A whole number as a person types it: digits, optionally grouped by commas,
 * spaces or underscores ("10,000,000"); NaN for anything else.
 * @param {string} raw
 */
function readWhole(raw) {
  const text = raw.trim();
  if (!/^\d{1,16}$/.test(text) && !/^\d{1,3}([,_ ]\d{3}){1,5}$/.test(text)) return NaN;
  return Number(text.replace(/[,_ ]/g, ''));
}

/**
 * "#rrggbb" → [r, g, b]; the panel's colours in style.css are written so.
 * @param {string} hex
 * @returns {[number, number, number]}
 */
function rgb(hex) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : [128, 128, 128];
}

/**
 * Fills `root` (index.html's #solve-big) and returns the panel.
 * @param {HTMLElement} root
 * @param {{ algorithms: FindAlgorithm[] }} options  the core's algorithms(); those without a findMaxN are left out
 */
export function mountSolveBig(root, { algorithms }) {
  return new SolveBig(root, algorithms.filter((a) => (a.findMaxN ?? 0) > 0));
}

class SolveBig {
  /**
   * @param {HTMLElement} root
   * @param {FindAlgorithm[]} algorithms  the searches for one solution, in the page's order
   */
  constructor(root, algorithms) {
    this.root = root;
    this.algorithms = algorithms;
    this.parts = {
      form: /** @type {HTMLFormElement} */ (part(root, 'form')),
      algorithm: /** @type {HTMLSelectElement} */ (part(root, 'algorithm')),
      n: /** @type {HTMLInputElement} */ (part(root, 'n')),
      nLabel: part(root, 'n-label'),
      seed: /** @type {HTMLInputElement} */ (part(root, 'seed')),
      seedLabel: part(root, 'seed-label'),
      solve: /** @type {HTMLButtonElement} */ (part(root, 'solve')),
      cancel: /** @type {HTMLButtonElement} */ (part(root, 'cancel')),
      error: part(root, 'error'),
      progress: /** @type {HTMLProgressElement} */ (part(root, 'progress')),
      progressText: part(root, 'progress-text'),
      status: part(root, 'status'),
      check: part(root, 'check'),
      figure: part(root, 'figure'),
      picture: /** @type {HTMLCanvasElement} */ (part(root, 'picture')),
      caption: part(root, 'caption'),
    };
    /** @type {Worker | null} */
    this.worker = null;
    /** Numbers each solve, so a late message of an earlier one is ignored. */
    this.job = 0;
    /** When the running solve was asked for (performance.now()). */
    this.started = 0;
    this.lastSteps = 0;
    /** The running solve's N. */
    this.rows = 1;
    /** @type {{ picture: FindPicture, n: number } | null} the picture drawn, kept to redraw on a change of colour scheme */
    this.drawn = null;
    /** Draws asked for: a draw paints only if no later one was asked for. */
    this.drawing = 0;

    const p = this.parts;
    p.algorithm.replaceChildren(...algorithms.map((a) => el('option', { value: a.id, text: a.name })));
    if (algorithms.some((a) => a.id === DEFAULT_ALGORITHM)) p.algorithm.value = DEFAULT_ALGORITHM;
    p.algorithm.disabled = algorithms.length === 0;
    p.solve.disabled = algorithms.length === 0;
    p.algorithm.addEventListener('change', () => this.describeChoice());
    p.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.solve();
    });
    p.cancel.addEventListener('click', () => this.cancel());
    // Esc inside the panel stops a solve (and is kept from the visualizer's keys).
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.worker) {
        event.preventDefault();
        this.cancel();
      }
    });
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.draw());
    this.describeChoice();
    this.setState('idle');
    this.say(algorithms.length ? 'Choose N and press Solve.' : 'This solver has no search that finds one solution.');
  }

  /** The chosen algorithm. */
  get chosen() {
    return this.algorithms.find((a) => a.id === this.parts.algorithm.value) ?? this.algorithms[0];
  }

  /**
   * The N label shows the chosen algorithm's range, and N follows it at once: an N
   * out of the new range becomes its nearest end, said in the status line. The
   * seed is off for one that ignores it.
   */
  describeChoice() {
    const a = this.chosen;
    if (!a) return;
    const p = this.parts;
    const max = a.findMaxN ?? 0;
    p.nLabel.textContent = `N (${formatCount(a.minN)}–${formatCount(max)})`;
    const n = readWhole(p.n.value);
    if (!Number.isNaN(n) && (n < a.minN || n > max)) {
      const to = n > max ? max : a.minN;
      p.n.value = formatCount(to);
      this.say(`N is now ${formatCount(to)}: ${a.name} solves boards from ${formatCount(a.minN)} to ${formatCount(max)} queens here.`);
    }
    p.seed.disabled = !a.seeded;
    p.seedLabel.textContent = a.seeded ? 'Seed' : 'Seed (not used)';
  }

  /** @param {string} state */
  setState(state) {
    this.root.dataset.state = state;
    const running = state === 'running';
    this.parts.solve.disabled = running || this.algorithms.length === 0;
    this.parts.cancel.disabled = !running;
    this.parts.algorithm.disabled = running || this.algorithms.length === 0;
    this.parts.n.readOnly = running;
    this.parts.seed.readOnly = running;
  }

  /**
   * The status line (the live region's first sentence).
   * @param {string} text
   */
  say(text) {
    this.parts.status.textContent = text;
  }

  /** @param {string} text  a sentence about bad input or a failed solve; '' hides it */
  complain(text) {
    this.parts.error.textContent = text;
    this.parts.error.hidden = !text;
  }

  /**
   * What is wrong with the form, as a sentence, or the request.
   * @returns {{ problem: string } | { id: string, n: number, seed: number }}
   */
  read() {
    const a = this.chosen;
    const max = a.findMaxN ?? 0;
    const rawN = this.parts.n.value;
    const n = readWhole(rawN);
    if (Number.isNaN(n)) {
      return { problem: `N must be a whole number of queens, such as 1,000,000; “${clip(rawN.trim())}” is not one.` };
    }
    if (n < a.minN || n > max) {
      return { problem: `${a.name} solves boards from ${formatCount(a.minN)} to ${formatCount(max)} queens here; ${formatCount(n)} is out of that range.` };
    }
    let seed = defaultSeed();
    if (a.seeded) {
      const rawSeed = this.parts.seed.value;
      seed = readWhole(rawSeed);
      if (!(seed <= seedMax())) {
        return { problem: `The seed must be ${seedRange()}; “${clip(rawSeed.trim())}” is not one.` };
      }
    }
    return { id: a.id, n, seed };
  }

  /** Starts a solve in a fresh worker, or says what is wrong with the form. */
  solve() {
    if (this.worker) return;
    const request = this.read();
    if ('problem' in request) {
      this.fail(request.problem);
      return;
    }
    this.complain('');
    const { id, n, seed } = request;
    const p = this.parts;
    p.n.value = formatCount(n);
    // The picture is binned to the canvas's pixels, so the canvas is shown (and measured) first.
    p.figure.hidden = false;
    const size = Math.max(1, Math.min(MAX_PICTURE, Math.round(p.picture.clientWidth * devicePixelRatio) || 400));
    p.picture.width = p.picture.height = size;
    this.drawn = null;
    this.draw();
    p.picture.setAttribute('aria-label', 'No solution drawn yet.');
    p.caption.textContent = '';
    p.check.hidden = true;
    for (const key of ['n', 'steps', 'ms', 'wallMs', 'check', 'checkMs']) delete this.root.dataset[key];

    const job = ++this.job;
    const worker = new Worker(WORKER_URL, { type: 'module', name: 'find' });
    this.worker = worker;
    this.started = performance.now();
    this.lastSteps = 0;
    this.rows = n;
    worker.onmessage = (/** @type {MessageEvent<FindReply>} */ event) => {
      if (event.data.job === job) this.onMessage(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (this.job === job) this.fail(`The solver's worker stopped: ${event.message || 'it could not be started'}.`);
    };
    worker.postMessage(/** @satisfies {FindRequest} */ ({ type: 'solve', job, id, n, seed, size }));
    this.setState('running');
    p.progress.value = 0;
    p.progressText.textContent = 'Starting the worker…';
    this.say(`Solving ${counted(n, 'queen')} with ${this.chosen.name}${this.chosen.seeded ? ` (seed ${seed})` : ''}…`);
  }

  /** Stops a solve at once: its worker is terminated. */
  cancel() {
    if (!this.worker) return;
    this.stopWorker();
    const ms = performance.now() - this.started;
    this.setState('cancelled');
    this.parts.figure.hidden = true;
    this.say(
      `Cancelled after ${seconds(ms)}, at step ${formatCount(this.lastSteps)}. ` +
        'A search stopped early found nothing and shows nothing about whether a solution exists.',
    );
  }

  stopWorker() {
    this.worker?.terminate();
    this.worker = null;
    this.job++;
  }

  /** @param {string} sentence */
  fail(sentence) {
    this.stopWorker();
    this.setState('error');
    this.parts.figure.hidden = true;
    this.parts.check.hidden = true;
    this.parts.progress.value = 0;
    this.parts.progressText.textContent = 'Not started.';
    this.complain(sentence);
    this.say('Nothing was solved.');
  }

  /** @param {FindReply} msg */
  onMessage(msg) {
    const p = this.parts;
    if (msg.type === 'progress') {
      this.lastSteps = msg.steps;
      const rate = msg.ms > 0 ? ` · ${formatCount(Math.round((msg.steps * 1000) / msg.ms))} steps/s` : '';
      const elapsed = `${seconds(performance.now() - this.started)}${rate}`;
      if (msg.initialConflicts > 0) {
        p.progress.value = Math.max(0, Math.min(1, 1 - msg.conflicts / msg.initialConflicts));
        p.progressText.textContent =
          `Repairing: ${formatCount(msg.conflicts)} of ${formatCount(msg.initialConflicts)} attacking pairs left, ` +
          `${counted(msg.steps, 'step')} · ${elapsed}`;
      } else {
        const rows = this.rows;
        p.progress.value = Math.min(1, msg.steps / rows);
        p.progressText.textContent =
          `Placing the queens: ${counted(msg.steps, 'step')} for ${counted(rows, 'row')}, ` +
          `${formatCount(msg.conflicts)} attacking pairs so far · ${elapsed}`;
      }
    } else if (msg.type === 'solved') {
      this.showSolved(msg);
    } else if (msg.type === 'error') {
      this.fail(msg.message);
    }
  }

  /** @param {Extract<FindReply, { type: 'solved' }>} msg */
  showSolved(msg) {
    const p = this.parts;
    const wallMs = performance.now() - this.started;
    const { n, steps, restarts, ms, check, picture } = msg;
    Object.assign(this.root.dataset, {
      n: String(n), steps: String(steps), ms: String(Math.round(ms)), wallMs: String(Math.round(wallMs)),
      check: check.ok ? 'ok' : 'failed', checkMs: String(Math.round(check.ms)),
    });
    p.progress.value = 1;
    p.progressText.textContent = `Done in ${seconds(wallMs)} (the search ${seconds(ms)}).`;
    const name = this.chosen.name;
    const rate = ms > 0 ? `, ${formatCount(Math.round((n * 1000) / ms))} queens/s` : '';
    this.say(
      `${name} found a solution for ${counted(n, 'queen')} in ${seconds(ms)}: ` +
        `${counted(steps, 'step')}, ${counted(restarts, 'restart')}${rate}.`,
    );
    p.check.hidden = false;
    p.check.classList.toggle('failed', !check.ok);
    p.check.textContent = check.ok
      ? `${counted(n, 'queen')}, ${n === 1 ? 'attacking nothing' : 'no two attack'}: checked in ${seconds(check.ms)} (every column used once, and each of the 2N − 1 diagonals of both kinds at most once, counted apart from the solver).`
      : `The check failed: ${check.problem}. This is a bug in the solver; please report it.`;
    this.drawn = { picture, n };
    // The panel says solved once the picture is painted (a task of its own),
    // and only then is the worker ended: the browser gives back its memory
    // (near a gigabyte at 100,000,000 queens) while this thread is idle, not
    // while it allocates the picture's pixels.
    const job = this.job;
    // A picture the browser could not paint still ends the solve.
    this.draw().catch(() => {}).then(() => {
      if (this.job !== job) return;
      this.stopWorker();
      this.setState(check.ok ? 'solved' : 'failed');
    });
    const per = n / picture.grid;
    const label = picture.grid === n
      ? `The ${counted(n, 'queen')} of the solution, one dot each.`
      : `The ${counted(n, 'queen')} of the solution as a density picture: each pixel is a block of about ` +
        `${formatCount(Math.round(per))} × ${formatCount(Math.round(per))} squares, its colour stronger the more queens stand there.`;
    p.picture.setAttribute('aria-label', label);
    p.caption.textContent = picture.grid === n
      ? 'Each queen is drawn; rows go down, columns across.'
      : `Rows go down, columns across; each pixel holds about ${formatCount(Math.round(per))} rows and columns, its colour stronger the more queens stand there.`;
  }

  /**
   * Paints the kept picture (or an empty one) in the current colour scheme:
   * the worker's shades mix the background and the queens' colour. The
   * pixels go to the canvas through createImageBitmap, which converts them
   * off the main thread (at 100,000,000 queens putImageData of the picture
   * took 25–60 ms of the task that shows the result); resolves once painted.
   * @returns {Promise<void>}
   */
  draw() {
    const token = ++this.drawing;
    const canvas = this.parts.picture;
    const ctx = context2d(canvas);
    const c = cssVars(this.root, {
      bg: ['--big-bg', '#f0efe9'],
      square: ['--big-square', '#e4e1d6'],
      queen: ['--big-queen', '#1d1d28'],
    });
    ctx.fillStyle = c.bg;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!this.drawn) return Promise.resolve();
    const { picture: { grid, shades }, n } = this.drawn;
    const bg = rgb(c.bg);
    const square = rgb(c.square);
    const queen = rgb(c.queen);
    const checker = grid === n && canvas.width / grid >= CHECKER_MIN_PX;
    // Each shade's colour over each background, worked out once: a pixel is
    // then one four-byte copy (a picture at 100,000,000 queens is a quarter
    // of a million pixels, painted in the task that shows the result).
    const mixes = [bg, square].map((back) => {
      const bytes = new Uint8ClampedArray(4 * 256);
      for (let shade = 0; shade < 256; shade++) {
        const t = shade / 255;
        for (let k = 0; k < 3; k++) bytes[4 * shade + k] = back[k] + (queen[k] - back[k]) * t;
        bytes[4 * shade + 3] = 255;
      }
      return new Uint32Array(bytes.buffer);
    });
    const image = new ImageData(grid, grid);
    const pixels = new Uint32Array(image.data.buffer);
    for (let i = 0; i < shades.length; i++) {
      const onSquare = checker && ((i % grid) + Math.floor(i / grid)) % 2 === 1;
      pixels[i] = mixes[onSquare ? 1 : 0][shades[i]];
    }
    // A grid smaller than the canvas (N below its width) is scaled up square by square.
    return createImageBitmap(image).then((bitmap) => {
      // A later draw (a new result, a change of scheme) paints instead.
      if (token === this.drawing) {
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      }
      bitmap.close();
    });
  }
}
