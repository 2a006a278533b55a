// Race mode (the third tab): the RaceView in #race. Owns the link
// `?mode=race&goal=&n=&lanes=&clock=&seed=&at=&steps=&speed=`, the visualizer's keys on
// the race's actions while shown, the race again at the same reading on a
// fresh core after a trap, and "open in the visualizer", which hands a lane's
// search to the visualizer mode at its step.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { boardSize } from '../lib/dom.js';
import { replaceUrl, wholeNumber } from '../lib/params.js';
import { raceName } from './results.js';
import { coreLimits } from '../core/core.js';
import { defaultSeed, seedNumber, seedRange } from '../core/seeds.js';
import { RaceView } from './race.js';
import { MIN_LANES, laneRange, raceable, sizeRange } from './model.js';
import { DEFAULT_RACE_SPEED, RACE_SPEEDS, speedParam } from '../components/speeds.js';
import { clip, countWord } from '../lib/words.js';

/**
 * @typedef {import('./clock.js').ClockId} ClockId
 * @typedef {import('./clock.js').RaceGoal} RaceGoal
 * @typedef {import('../core/core.js').Core} Core
 */

/**
 * The race clocks a link may name (clock.js's CLOCKS).
 * @type {readonly ClockId[]}
 */
const RACE_CLOCKS = ['checks', 'steps', 'wall'];
/** The board a race runs on when the link names none. */

/**
 * The goals a link may name: every solution (the default) or the first.
 * @type {readonly RaceGoal[]}
 */
const RACE_GOALS = ['all', 'one'];

/**
 * @typedef {object} RaceLink  what a race link asks for
 * @property {RaceGoal} goal
 * @property {number} n
 * @property {number} seed  the randomised lanes' (a race to the first solution)
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
 * second, or max); `goal=one&seed=3` races to the first solution, the
 * randomised lanes from seed 3. Anything malformed is a sentence and the
 * default: every solution, N = 8, a lane for every algorithm of the goal,
 * equal checks, seed 1, the start.
 * @param {string} search  location.search
 * @param {import('../types.js').AlgorithmInfo[]} everyAlgorithm  the core's algorithms()
 * @returns {RaceLink}
 */
export function parseRaceParams(search, everyAlgorithm) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  /** @type {RaceGoal} */
  let goal = 'all';
  const rawGoal = params.get('goal');
  if (rawGoal !== null) {
    const raw = rawGoal.trim().toLowerCase();
    const named = RACE_GOALS.find((id) => id === raw);
    if (named) goal = named;
    else problems.push(`The link's goal=${clip(raw)} is not a goal (try all, to race to every solution, or one, to race to the first). Racing to every solution.`);
  }
  const algorithms = raceable(everyAlgorithm, goal);
  const known = algorithms.map((a) => a.id);
  const { minN, maxN } = sizeRange(algorithms);
  let n = coreLimits().defaultN;
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
    if (others.length) problems.push(`${others.map((a) => a.name).join(', ')} ${others.length === 1 ? 'looks' : 'look'} for one solution, so ${others.length === 1 ? 'it races' : 'they race'} only to a first solution (goal=one), not in a race to every solution.`);
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
  let seed = defaultSeed();
  const rawSeed = params.get('seed');
  if (rawSeed !== null) {
    const raw = rawSeed.trim();
    const wanted = seedNumber(raw);
    if (!Number.isNaN(wanted)) seed = wanted;
    else problems.push(`The link's seed=${clip(raw)} is not ${seedRange()}. Using seed ${seed}.`);
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
  return { goal, n, ids, clock, seed, at, steps, speed, problems };
}

/**
 * Writes race mode's state into the address bar (see parseRaceParams). A
 * race to every solution's link is as it was before races had goals.
 * @param {{ goal?: RaceGoal, n: number, ids: string[], clock: ClockId, seed?: number, at: number, steps?: number[]|null, speed?: number }} state
 */
export function writeRaceParams({ goal = 'all', n, ids, clock, seed = defaultSeed(), at, steps = null, speed = DEFAULT_RACE_SPEED }) {
  const url = new URL(location.href);
  url.search = '';
  const params = url.searchParams;
  if (goal !== 'all') params.set('goal', goal);
  params.set('n', String(n));
  params.set('lanes', ids.join(','));
  params.set('clock', clock);
  if (goal === 'one') params.set('seed', String(seed));
  if (at > 0) params.set('at', String(at));
  if (at > 0 && steps) params.set('steps', steps.join(','));
  if (speed !== DEFAULT_RACE_SPEED) params.set('speed', speedParam(RACE_SPEEDS, speed));
  replaceUrl(url);
}

/**
 * The race mode. Its view is built with the core; the race's sessions are
 * made when the view is first shown.
 * @param {import('../modes.js').Page} page
 */
export function raceMode(page) {
  /** @type {RaceView|null} */
  let view = null;

  return {
    id: 'race',
    panels: {
      chart: '.race-chart-panel',
      results: '[data-part="results-panel"]',
    },
    title: () => ['race', boardSize('race-n')],
    canvases: { 'race-chart': () => `${raceName()}-chart` },
    expose: {
      /** Race mode's model (www/race/clock.js), for tests and bench/. */
      get race() { return view?.race ?? null; },
    },

    parse: (/** @type {string} */ search, /** @type {Core} */ core) => parseRaceParams(search, core.algorithms),

    /** @param {Core} core  @param {RaceLink|null} wanted  the link's race, if the link is this mode's */
    attach(core, wanted) {
      view = new RaceView(/** @type {HTMLElement} */ (document.getElementById('race')), { // index.html's
        write: writeRaceParams,
        // A lane opens its search in the visualizer at its step.
        onOpen: (algorithm, n, step) => page.openSearch(algorithm, n, { step }),
        kept: page.keptRuns,
      });
      view.attach(core.wasm, core.algorithms, wanted ?? parseRaceParams('', core.algorithms));
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
