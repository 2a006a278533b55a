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
import { DEFAULT_RACE_SPEED, RACE_SPEEDS } from './race-player.js';

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

/** The race clocks a link may name (race-clock.js's CLOCKS). */
const RACE_CLOCKS = ['checks', 'steps', 'wall'];
const raceSpeedParam = (index) => (RACE_SPEEDS[index] === Infinity ? 'max' : String(RACE_SPEEDS[index]));

/**
 * Reads race mode's link: `?mode=race&n=8&lanes=bitwise,backtracking&clock=checks&at=1965`
 * (`at`: the clock's reading; on the wall clock also `steps=`, each lane's step
 * there, since the ticks between cannot be replayed; `speed=` in clock units a
 * second, or max). Anything malformed is a sentence and the default: N = 8, all
 * five lanes, equal checks, the start.
 * @returns {{ n: number, ids: string[], clock: string, at: number, steps: number[]|null, speed: number|null, problems: string[] }}
 */
export function parseRaceParams(search, algorithms) {
  const params = new URLSearchParams(search);
  const problems = [];
  const known = algorithms.map((a) => a.id);
  const minN = Math.min(...algorithms.map((a) => a.minN));
  const maxN = Math.max(...algorithms.map((a) => a.maxN));
  let n = 8;
  if (params.has('n')) {
    const raw = params.get('n').trim();
    const wanted = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (wanted >= minN && wanted <= maxN) n = wanted;
    else problems.push(`The link's board size n=${clip(raw)} is not a whole number from ${minN} to ${maxN}. Racing on 8×8 instead.`);
  }
  let ids = known;
  if (params.has('lanes')) {
    const raw = params.get('lanes');
    const asked = raw.split(',').map((id) => id.trim()).filter(Boolean);
    const unknown = asked.filter((id) => !known.includes(id));
    const chosen = known.filter((id) => asked.includes(id));
    if (unknown.length) problems.push(`The link's lanes name ${unknown.map((id) => `“${clip(id)}”`).slice(0, 3).join(', ')}, which ${unknown.length === 1 ? "isn't an algorithm" : "aren't algorithms"} (the lanes are: ${known.join(', ')}).`);
    if (chosen.length >= 2) ids = chosen;
    else problems.push(`A race needs two to five lanes; the link's lanes=${clip(raw)} gives ${chosen.length}. Racing all five.`);
  }
  let clock = 'checks';
  if (params.has('clock')) {
    const raw = params.get('clock').trim().toLowerCase();
    if (RACE_CLOCKS.includes(raw)) clock = raw;
    else problems.push(`The link's clock=${clip(raw)} is not a clock (try one of: ${RACE_CLOCKS.join(', ')}). Using equal checks.`);
  }
  let at = 0;
  if (params.has('at')) {
    const raw = params.get('at').trim();
    if (/^\d{1,15}$/.test(raw)) at = Number(raw);
    else problems.push(`The link's at=${clip(raw)} is not a reading of the clock. Starting at 0.`);
  }
  let steps = null;
  if (clock === 'wall' && at > 0) {
    const raw = params.get('steps') ?? '';
    const list = raw.split(',').map((x) => x.trim());
    if (list.length === ids.length && list.every((x) => /^\d{1,15}$/.test(x))) {
      steps = list.map(Number);
    } else {
      problems.push(`On the wall clock a link gives each lane's step (steps=, ${ids.length} numbers); this one's steps=${clip(raw)} does not. Starting at 0.`);
      at = 0;
    }
  }
  let speed = null;
  if (params.has('speed')) {
    const raw = params.get('speed').trim().toLowerCase();
    const index = RACE_SPEEDS.findIndex((_, i) => raceSpeedParam(i) === raw);
    if (index >= 0) speed = index;
    else problems.push(`The link's speed=${clip(raw)} is not one of the race's speeds (${RACE_SPEEDS.map((_, i) => raceSpeedParam(i)).join(', ')} a second). Racing at the usual speed.`);
  }
  return { n, ids, clock, at, steps, speed, problems };
}

/** Writes race mode's state into the address bar (see parseRaceParams). */
export function writeRaceParams({ n, ids, clock, at, steps = null, speed = DEFAULT_RACE_SPEED }) {
  const url = new URL(location.href);
  url.search = '';
  const params = url.searchParams;
  params.set('mode', 'race');
  params.set('n', String(n));
  params.set('lanes', ids.join(','));
  params.set('clock', clock);
  if (at > 0) params.set('at', String(at));
  if (at > 0 && steps) params.set('steps', steps.join(','));
  if (speed !== DEFAULT_RACE_SPEED) params.set('speed', raceSpeedParam(speed));
  url.search = url.search.replaceAll('%2C', ',');
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

/** Keeps the address bar current: at once on request, otherwise once things are quiet. */
export class UrlSync {
  /**
   * @param {() => object} read  where the page stands, read when writing
   * @param {(state: object) => void} [write]  writeParams (the visualizer's), or writeRaceParams
   */
  constructor(read, write = writeParams) {
    this.read = read;
    this.write = write;
    this.timer = 0;
  }

  update(now = false) {
    clearTimeout(this.timer);
    const write = () => guard(() => this.write(this.read()));
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
