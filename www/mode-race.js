// Race mode (the third tab): the RaceView in #race. Owns the link
// `?mode=race&n=&lanes=&clock=&at=&steps=&speed=`, the visualizer's keys on
// the race's actions while shown, the race again at the same reading on a
// fresh core after a trap, and "open in the visualizer", which hands a lane's
// search to the visualizer mode at its step. A race's lanes are the searches
// for every solution (`raceable`); the searches for one solution race later.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { replaceUrl, wholeNumber } from './params.js';
import { MIN_LANES, RaceView, laneRange } from './race.js';
import { DEFAULT_RACE_SPEED, RACE_SPEEDS, speedParam } from './speeds.js';
import { clip, countWord } from './words.js';

/**
 * @typedef {import('./race-clock.js').ClockId} ClockId
 * @typedef {import('./core.js').Core} Core
 */

/**
 * The race clocks a link may name (race-clock.js's CLOCKS).
 * @type {readonly ClockId[]}
 */
const RACE_CLOCKS = ['checks', 'steps', 'wall'];
/** The board a race runs on when the link names none. */
const DEFAULT_N = 8;

/**
 * The algorithms a race has lanes for: the searches for every solution.
 * @param {import('./types.js').AlgorithmInfo[]} algorithms  the core's algorithms()
 */
export const raceable = (algorithms) => algorithms.filter((a) => a.goal === 'all');

/**
 * @typedef {object} RaceLink  what a race link asks for
 * @property {number} n
 * @property {string[]} ids  the lanes' algorithms
 * @property {ClockId} clock
 * @property {number} at  the clock's reading
 * @property {number[]|null} steps  on the wall clock, each lane's step at `at`
 * @property {number|null} speed  an index into RACE_SPEEDS, or null
 * @property {string[]} problems
 */

/**
 * Reads race mode's link: `?mode=race&n=8&lanes=bitwise,backtracking&clock=checks&at=1965`
 * (`at`: the clock's reading; on the wall clock also `steps=`, each lane's step
 * there, since the ticks between cannot be replayed; `speed=` in clock units a
 * second, or max). Anything malformed is a sentence and the default: N = 8, a
 * lane for every algorithm, equal checks, the start.
 * @param {string} search  location.search
 * @param {import('./types.js').AlgorithmInfo[]} everyAlgorithm  the core's algorithms() (those a race has no lane for get a sentence)
 * @returns {RaceLink}
 */
export function parseRaceParams(search, everyAlgorithm) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  const algorithms = raceable(everyAlgorithm);
  const known = algorithms.map((a) => a.id);
  const minN = Math.min(...algorithms.map((a) => a.minN));
  const maxN = Math.max(...algorithms.map((a) => a.maxN));
  let n = DEFAULT_N;
  const rawN = params.get('n');
  if (rawN !== null) {
    const raw = rawN.trim();
    const wanted = wholeNumber(raw);
    if (wanted >= minN && wanted <= maxN) n = wanted;
    else problems.push(`The link's board size n=${clip(raw)} is not a whole number from ${minN} to ${maxN}. Racing on ${n}×${n} instead.`);
  }
  let ids = known;
  const rawLanes = params.get('lanes');
  if (rawLanes !== null) {
    const asked = rawLanes.split(',').map((id) => id.trim()).filter(Boolean);
    const others = everyAlgorithm.filter((a) => asked.includes(a.id) && !known.includes(a.id));
    if (others.length) problems.push(`${others.map((a) => a.name).join(', ')} ${others.length === 1 ? 'looks' : 'look'} for one solution, and a race's lanes are the searches for every solution: ${others.length === 1 ? 'it has' : 'they have'} no lane (open ${others.length === 1 ? 'it' : 'them'} in the visualizer).`);
    const unknown = asked.filter((id) => !known.includes(id) && !others.some((a) => a.id === id));
    const chosen = known.filter((id) => asked.includes(id));
    if (unknown.length) problems.push(`The link's lanes name ${unknown.map((id) => `“${clip(id)}”`).slice(0, 3).join(', ')}, which ${unknown.length === 1 ? "isn't an algorithm" : "aren't algorithms"} (the lanes are: ${known.join(', ')}).`);
    if (chosen.length >= MIN_LANES) ids = chosen;
    else problems.push(`A race needs ${laneRange(algorithms)} lanes; the link's lanes=${clip(rawLanes)} gives ${chosen.length}. Racing all ${countWord(known.length)}.`);
  }
  /** @type {ClockId} */
  let clock = 'checks';
  const rawClock = params.get('clock');
  if (rawClock !== null) {
    const raw = rawClock.trim().toLowerCase();
    const named = RACE_CLOCKS.find((id) => id === raw);
    if (named) clock = named;
    else problems.push(`The link's clock=${clip(raw)} is not a clock (try one of: ${RACE_CLOCKS.join(', ')}). Using equal checks.`);
  }
  let at = 0;
  const rawAt = params.get('at');
  if (rawAt !== null) {
    const raw = rawAt.trim();
    const wanted = wholeNumber(raw, 15);
    if (Number.isNaN(wanted)) problems.push(`The link's at=${clip(raw)} is not a reading of the clock. Starting at 0.`);
    else at = wanted;
  }
  /** @type {number[] | null} */
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
  /** @type {number | null} */
  let speed = null;
  const rawSpeed = params.get('speed');
  if (rawSpeed !== null) {
    const raw = rawSpeed.trim().toLowerCase();
    const index = RACE_SPEEDS.findIndex((_, i) => speedParam(RACE_SPEEDS, i) === raw);
    if (index >= 0) speed = index;
    else problems.push(`The link's speed=${clip(raw)} is not one of the race's speeds (${RACE_SPEEDS.map((_, i) => speedParam(RACE_SPEEDS, i)).join(', ')} a second). Racing at the usual speed.`);
  }
  return { n, ids, clock, at, steps, speed, problems };
}

/**
 * Writes race mode's state into the address bar (see parseRaceParams).
 * @param {{ n: number, ids: string[], clock: ClockId, at: number, steps?: number[]|null, speed?: number }} state
 */
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
  if (speed !== DEFAULT_RACE_SPEED) params.set('speed', speedParam(RACE_SPEEDS, speed));
  replaceUrl(url);
}

/**
 * The race mode. Its view is built with the core; the race's sessions are
 * made when the view is first shown.
 * @param {import('./modes.js').Page} page
 */
export function raceMode(page) {
  /** @type {RaceView|null} */
  let view = null;

  return {
    id: 'race',
    expose: {
      /** Race mode's model (www/race-clock.js), for tests and bench/. */
      get race() { return view?.race ?? null; },
    },

    parse: (/** @type {string} */ search, /** @type {Core} */ core) => parseRaceParams(search, core.algorithms),

    /** @param {Core} core  @param {RaceLink|null} wanted  the link's race, if the link is this mode's */
    attach(core, wanted) {
      view = new RaceView(/** @type {HTMLElement} */ (document.getElementById('race')), { // index.html's
        write: writeRaceParams,
        // A lane opens its search in the visualizer at its step.
        onOpen: (algorithm, n, step) => page.mode('visualizer').show(algorithm, n, { step }),
      });
      view.attach(core.wasm, raceable(core.algorithms), wanted ?? parseRaceParams('', core.algorithms));
    },

    setActive: (/** @type {boolean} */ on) => view?.setActive(on),

    onKey: (/** @type {KeyboardEvent} */ event) => view?.onKey(event),

    /** A trap: the race's frames stop at once. */
    halt: () => view?.player.halt(),

    /**
     * A fresh core: the same race again, back at the same reading.
     * @param {Core} core
     */
    recover(core) {
      view?.useCore(core.wasm);
      return '';
    },
  };
}
