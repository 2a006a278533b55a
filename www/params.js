// URL parameters: `?algo=bitwise&n=8&step=120&speed=500` (speed in steps per
// second, or `max`; left out at the default speed).
//
// Read once at load; anything malformed is reported as a sentence (the page shows
// it) and replaced by the default, so a bad link never gives a dead page. Then
// UrlSync keeps the address bar in step with the page. Knows nothing of sessions:
// it is handed plain { algorithm, n, step }. `q=0,12` are fixed queens (squares
// row × n + column) for the searches that start from them (puzzle mode's "let an
// algorithm finish this").

import { rangeSentence } from './controls.js';
import { guard } from './errors.js';
import { DEFAULT_SPEED_INDEX, SPEEDS } from './player.js';

/** A speed index as the link writes it: steps per second, or "max". */
const speedParam = (index) => (SPEEDS[index] === Infinity ? 'max' : String(SPEEDS[index]));

/** Quiet time before the address bar follows a change (browsers limit replaceState). */
const URL_DELAY_MS = 300;

/**
 * @param search  location.search
 * @param algorithms  the core's algorithms()
 * @param defaults  { algorithm, n }
 * @returns {{ algorithm: string, n: number, step: number, speed: number|null, fixed: number[]|null, problems: string[] }}
 *   speed: an index into SPEEDS, or null when the link names none; fixed: squares of fixed queens
 */
export function parseParams(search, algorithms, defaults) {
  const params = new URLSearchParams(search);
  const problems = [];
  const byId = new Map(algorithms.map((a) => [a.id, a]));

  let algorithm = defaults.algorithm;
  if (params.has('algo')) {
    const wanted = params.get('algo').trim();
    if (byId.has(wanted)) {
      algorithm = wanted;
    } else {
      problems.push(`The link asks for algorithm “${clip(wanted)}”, which doesn't exist (try one of: ${[...byId.keys()].join(', ')}). Showing ${byId.get(algorithm).name} instead.`);
    }
  }
  const chosen = byId.get(algorithm);

  let n = clampToAlgorithm(defaults.n, chosen);
  if (params.has('n')) {
    const raw = params.get('n').trim();
    const minN = Math.min(...algorithms.map((a) => a.minN));
    const maxN = Math.max(...algorithms.map((a) => a.maxN));
    const wanted = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (Number.isNaN(wanted)) {
      problems.push(`The link's board size n=${clip(raw)} is not a whole number. Showing ${n}×${n} instead.`);
    } else if (wanted < minN || wanted > maxN) {
      problems.push(`The link's board size n=${wanted} is out of range: boards go from ${minN}×${minN} to ${maxN}×${maxN}. Showing ${n}×${n} instead.`);
    } else if (wanted < chosen.minN || wanted > chosen.maxN) {
      problems.push(`${rangeSentence(chosen)} The link asks for ${wanted}×${wanted}, so this shows ${n}×${n}; choose another algorithm for bigger boards.`);
    } else {
      n = wanted;
    }
  }

  let step = 0;
  if (params.has('step')) {
    const raw = params.get('step').trim();
    if (/^\d{1,15}$/.test(raw)) {
      step = Number(raw);
    } else {
      problems.push(`The link's step=${clip(raw)} is not a step number. Starting at step 0.`);
    }
  }
  let speed = null;
  if (params.has('speed')) {
    const raw = params.get('speed').trim();
    const index = SPEEDS.findIndex((_, i) => speedParam(i) === raw.toLowerCase());
    if (index >= 0) {
      speed = index;
    } else {
      problems.push(`The link's speed=${clip(raw)} is not one of the speeds (${SPEEDS.map((_, i) => speedParam(i)).join(', ')} steps a second). Playing at the usual speed.`);
    }
  }
  let fixed = null;
  if (params.has('q')) {
    const raw = params.get('q');
    const squares = parseSquareList(raw, n);
    const rows = squares?.map((s) => Math.floor(s / n));
    if (!squares) {
      problems.push(`The link's q=${clip(raw)} is not a list of squares from 0 to ${n * n - 1} (row × ${n} + column). Starting from the empty board.`);
    } else if (!chosen.takesFixedQueens) {
      problems.push(`${chosen.name} cannot start from fixed queens (the link's q=). Starting from the empty board.`);
    } else if (rows.some((r, i) => rows.indexOf(r) !== i)) {
      problems.push(`The link's q=${clip(raw)} puts two queens in one row; a search places one a row. Starting from the empty board.`);
    } else if (squares.length) {
      fixed = squares;
    }
  }
  return { algorithm, n, step, speed, fixed, problems };
}

/**
 * A list of squares from a link ("0,9,18"): whole numbers from 0 to n² − 1, in
 * order, each once (a repeat is dropped); null if anything else is in it.
 */
export function parseSquareList(raw, n) {
  const text = raw.trim();
  if (text === '') return [];
  const squares = new Set();
  for (const item of text.split(',')) {
    if (!/^\s*\d{1,4}\s*$/.test(item) || Number(item) >= n * n) return null;
    squares.add(Number(item));
  }
  return [...squares].sort((a, b) => a - b);
}

/** Writes the current choice into the address bar without adding history entries. */
export function writeParams({ algorithm, n, step, speed = DEFAULT_SPEED_INDEX, fixed = null }) {
  const url = new URL(location.href);
  url.searchParams.set('algo', algorithm);
  url.searchParams.set('n', String(n));
  if (step > 0) url.searchParams.set('step', String(step));
  else url.searchParams.delete('step');
  if (speed !== DEFAULT_SPEED_INDEX) url.searchParams.set('speed', speedParam(speed));
  else url.searchParams.delete('speed');
  if (fixed?.length) url.searchParams.set('q', fixed.join(','));
  else url.searchParams.delete('q');
  url.search = url.search.replaceAll('%2C', ',');
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

/** Keeps ?algo=&n=&step= current: at once on request, otherwise once things are quiet. */
export class UrlSync {
  /** @param {() => {algorithm: string, n: number, step: number}} read  where the page stands, read when writing */
  constructor(read) {
    this.read = read;
    this.timer = 0;
  }

  update(now = false) {
    clearTimeout(this.timer);
    const write = () => guard(() => writeParams(this.read()));
    if (now) write();
    else this.timer = setTimeout(write, URL_DELAY_MS);
  }
}

function clampToAlgorithm(n, algorithm) {
  return Math.min(algorithm.maxN, Math.max(algorithm.minN, n));
}

/** Keeps a hostile or huge parameter from flooding the message. */
export function clip(text) {
  // Control and bidi characters go: U+202E would reverse the rest of the sentence.
  const plain = text.replace(/[\u0000-\u001f\u007f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '');
  return plain.length > 24 ? `${plain.slice(0, 24)}…` : plain;
}
