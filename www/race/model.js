// Race mode's model, with no DOM: which searches race for a goal and on
// which boards, the set-up as its controls change it, the timeline's scale,
// the lanes' finishing places, what the chart is handed, and the sentences
// the view shows. The race itself (its lanes on one clock) is clock.js's
// Race; race.js is the view, which reads all of this and draws it.
// tests/api/race-model.test.mjs checks it in node.

import { formatCount } from '../lib/dom.js';
import { countWord, listWords, shortName } from '../lib/words.js';
import { CLOCKS, standing } from './clock.js';
import { YOUR_SEARCH } from '../program/trace-session.js';

/**
 * @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo
 * @typedef {import('./clock.js').ClockId} ClockId
 * @typedef {import('./clock.js').Lane} Lane
 * @typedef {import('./clock.js').LaneEnd} LaneEnd
 * @typedef {import('./clock.js').Race} Race
 * @typedef {import('./clock.js').RaceGoal} RaceGoal
 * @typedef {import('./clock.js').RaceSetup} RaceSetup
 * @typedef {import('./chart.js').ChartLane} ChartLane
 * @typedef {import('./chart.js').ChartY} ChartY
 */

/** A race has at least this many lanes (and at most one per algorithm). */
export const MIN_LANES = 2;
/** Positions of the timeline on the work clocks (a log scale: 2,000 checks and 34 million both show). */
export const TIMELINE_STEPS = 1000;
/** Board sizes past the searches for every solution's that the N picker offers (a link may ask for any other). */
const BIG_SIZES = [25, 30, 40, 50, 64, 100, 200, 500, 1000];

/** "two to five": how many lanes a race may have, in words. */
export const laneRange = (/** @type {AlgorithmInfo[]} */ algorithms) => `${countWord(MIN_LANES)} to ${countWord(algorithms.length)}`;

/**
 * The algorithms a race with `goal` has lanes for: the searches for every
 * solution race to the end of their spaces; to a first solution, any search.
 * @param {AlgorithmInfo[]} algorithms  the core's algorithms(), in page order
 * @param {RaceGoal} goal
 */
export const raceable = (algorithms, goal) => (goal === 'all' ? algorithms.filter((a) => a.goal === 'all') : algorithms);

/**
 * The board sizes a race with these algorithms may have.
 * @param {AlgorithmInfo[]} algorithms  raceable()'s
 */
export const sizeRange = (algorithms) => ({ minN: Math.min(...algorithms.map((a) => a.minN)), maxN: Math.max(...algorithms.map((a) => a.maxN)) });

/**
 * The N picker's sizes for these lanes: every size up to 20 they take, the
 * larger ones they take of BIG_SIZES, and `n` itself (a link's), ascending.
 * @param {AlgorithmInfo[]} algorithms  raceable()'s
 * @param {number} n
 */
export function boardSizes(algorithms, n) {
  const { minN, maxN } = sizeRange(algorithms);
  const small = Array.from({ length: Math.min(maxN, 20) - minN + 1 }, (_, i) => minN + i);
  return [...new Set([...small, ...BIG_SIZES.filter((size) => size <= maxN), n])].sort((a, b) => a - b);
}

/**
 * What the chart's y axis may show in a race with `goal`, the first the usual one.
 * @param {RaceGoal} goal
 * @returns {[ChartY, string][]}  its value and its label
 */
export function chartChoices(goal) {
  return goal === 'one'
    ? [['conflicts', 'attacking pairs on the board'], ['decided', 'boards ruled out or found']]
    : [['decided', 'boards ruled out or found'], ['solutions', 'solutions found']];
}

/** @param {RaceGoal} goal */
export const chartHeading = (goal) => (goal === 'one' ? 'The race to a first solution, against work' : 'Boards decided against work');

/**
 * The set-up after the goal is picked: the lanes that can race for it stay
 * (racing to a first solution adds the searches for one; fewer than
 * MIN_LANES left, all of them race), and N stays where it fits, else the
 * nearest size that does, with a sentence that says so.
 * @param {RaceSetup} setup
 * @param {AlgorithmInfo[]} algorithms  the core's algorithms()
 * @param {RaceGoal} goal
 * @returns {{ change: Partial<RaceSetup>, warning: string | null }}
 */
export function goalChange(setup, algorithms, goal) {
  const lanes = raceable(algorithms, goal);
  const known = lanes.map((a) => a.id);
  const added = goal === 'one' ? lanes.filter((a) => a.goal === 'one').map((a) => a.id) : [];
  let ids = known.filter((id) => setup.ids.includes(id) || added.includes(id));
  if (ids.length < MIN_LANES) ids = known;
  const { minN, maxN } = sizeRange(lanes);
  const was = setup.n;
  const n = Math.min(maxN, Math.max(minN, was));
  const warning = n === was ? null : `The searches for every solution go up to ${maxN}×${maxN}: racing on ${n}×${n} instead of ${was}×${was}.`;
  return { change: { goal, ids, n }, warning };
}

/**
 * The lanes after one box is ticked or not, in page order, or the sentence
 * that says why not (a race keeps MIN_LANES).
 * @param {RaceSetup} setup
 * @param {AlgorithmInfo[]} algorithms  the core's algorithms()
 * @param {string} id  the box's algorithm
 * @param {boolean} on
 * @returns {{ ids: string[] } | { problem: string }}
 */
export function lanePicked(setup, algorithms, id, on) {
  const ids = raceable(algorithms, setup.goal).map((a) => a.id).filter((x) => (x === id ? on : setup.ids.includes(x)));
  if (ids.length < MIN_LANES) return { problem: `A race needs at least ${countWord(MIN_LANES)} lanes: choose another before taking this one off.` };
  return { ids };
}

/**
 * What to choose when no chosen lane runs at `n`: a smaller board, a
 * bigger one, or other lanes.
 * @param {AlgorithmInfo[]} algorithms
 * @param {string[]} ids
 * @param {number} n
 */
export function fitAdvice(algorithms, ids, n) {
  const chosen = algorithms.filter((a) => ids.includes(a.id));
  if (chosen.length && chosen.every((a) => n > a.maxN)) return 'choose a smaller board or other lanes.';
  if (chosen.length && chosen.every((a) => n < a.minN)) return 'choose a bigger board or other lanes.';
  return 'choose other lanes or another board size.';
}

/**
 * The sentence when a race opens: how many lanes start, or why none can.
 * @param {RaceSetup} setup
 * @param {AlgorithmInfo[]} algorithms
 * @param {number} able  the lanes that run at the set-up's N
 * @param {string | null} refused  the core's sentence when it refused the race
 */
export function openSentence({ n, ids, clock, goal, seed }, algorithms, able, refused) {
  // The core's refusal says why (no board of 2 or 3 has a solution); else no chosen lane fits N.
  if (refused) return `${refused} Choose another board size.`;
  if (!able) return `None of the chosen searches can run at N=${n}: ${fitAdvice(algorithms, ids, n)}`;
  const to = goal === 'one' ? `, racing to a first solution (seed ${seed})` : '';
  return `${able} search${able === 1 ? '' : 'es'} at the start line, N=${n}, on equal ${CLOCKS[clock].label === 'ms' ? 'wall time' : CLOCKS[clock].label}${to}. Press Play or Space.`;
}

/**
 * How to add the learner's own program as a lane, while it is not one: it
 * joins once a program has run to its end in Your search in this tab.
 * @param {AlgorithmInfo[]} algorithms
 */
export function yoursHint(algorithms) {
  return algorithms.some((a) => a.id === YOUR_SEARCH) ? '' : 'To race your own program, run it to its end in Your search first: it then joins as a lane.';
}

/**
 * A clock's reading in words: "1,965 checks".
 * @param {number} value
 * @param {ClockId} clock
 */
export const readingWords = (value, clock) => `${formatCount(value)} ${CLOCKS[clock].label}`;

/**
 * Where a race stands, in a sentence.
 * @param {Race} race
 */
export function summary(race) {
  const done = race.active.filter((lane) => lane.reached(race.goal)).length;
  return `Clock at ${readingWords(race.clock, race.clockId)}: ${done} of ${race.active.length} lanes finished.`;
}

/**
 * After a step by hand: which lanes moved, and what the one that moved did.
 * @param {Race} race
 * @param {number[]} before  each active lane's step before
 */
export function moveSentence(race, before) {
  const moved = race.active.filter((lane, i) => lane.session.stepIndex !== before[i]);
  if (moved.length === 1) return `Clock at ${readingWords(race.clock, race.clockId)}. ${shortName(moved[0].info)}: ${moved[0].session.message()}`;
  return `${summary(race)} ${moved.length ? `${moved.map((lane) => shortName(lane.info)).join(', ')} moved.` : ''}`.trim();
}

/**
 * Lanes in finishing order, as sort's comparator: for lanes that have finished.
 * @param {Lane} a
 * @param {Lane} b
 */
const byFinish = (a, b) => /** @type {number} */ (a.finish) - /** @type {number} */ (b.finish);

/**
 * The sentence for the race's end: the finishing order, and on the wall
 * clock the lanes that tie within a tick.
 * @param {Race} race  one whose every lane has ended
 */
export function overSentence(race) {
  const order = [...race.active].sort(byFinish)
    .map((lane) => `${shortName(lane.info)} (${formatCount(/** @type {number} */ (lane.finish))}${/** @type {LaneEnd} */ (lane.last).done ? '' : ', capped'})`);
  const over = `The race is over at ${readingWords(/** @type {number} */ (race.end), race.clockId)}. Finishing order: ${order.join(', ')}.`;
  if (race.clockId !== 'wall') return over;
  // The wall clock moves in ticks of 1 ms for every lane: lanes that end in
  // the same tick tie, whatever their true times (the table measures those).
  /** @type {Map<number | null, string[]>} */
  const ticks = new Map();
  for (const lane of race.active) ticks.set(lane.finish, [...(ticks.get(lane.finish) ?? []), shortName(lane.info)]);
  const ties = [...ticks.entries()].filter(([, names]) => names.length > 1)
    .map(([at, names]) => `${listWords(names)} ${names.length === 2 ? 'both' : `all ${countWord(names.length)}`} ended within tick ${formatCount(/** @type {number} */ (at))}`);
  return `${over} The wall clock gives each running lane the same 1 ms of search a tick, so it tells lanes apart only to the millisecond`
    + `${ties.length ? `: ${ties.join('; ')}, a tie at this clock's resolution` : ''}. The results table below times each search alone, finely.`;
}

/**
 * Each lane that has finished and stands at its end, with its place (0 the
 * first; lanes that tie share a place).
 * @param {Race} race
 * @returns {Map<Lane, number>}
 */
export function places(race) {
  const finished = race.active.filter((lane) => lane.reached(race.goal) || (lane.finish !== null && lane.session.stepIndex >= /** @type {LaneEnd} */ (lane.last).steps));
  return new Map(finished.sort(byFinish).map((lane, i, all) => [lane, all.findIndex((other) => other.finish === lane.finish)]));
}

/**
 * The timeline's scale: from 0 to the furthest reading, a position a
 * reading (the wall clock) or log-scaled over TIMELINE_STEPS (the work clocks).
 * @param {Race} race
 */
export function timelineTop(race) {
  return race.unit ? (race.furthest > 0 ? TIMELINE_STEPS : 0) : race.furthest;
}

/**
 * The timeline's position for a reading.
 * @param {Race} race
 * @param {number} at
 */
export function timelinePosition(race, at) {
  const max = race.furthest;
  return race.unit ? (max > 0 ? Math.round((Math.log1p(at) / Math.log1p(max)) * TIMELINE_STEPS) : 0) : at;
}

/**
 * The reading a position of the timeline stands for.
 * @param {Race} race
 * @param {number} position
 */
export function timelineReading(race, position) {
  return race.unit ? Math.round(Math.expm1((position / TIMELINE_STEPS) * Math.log1p(race.furthest))) : position;
}

/**
 * What the chart draws: every lane's curve and where it stands (its work on
 * the work clocks, the reading on the wall clock), the diamond of a lane
 * that found its first solution, and the lanes with nothing on this axis
 * (a search for one solution decides no boards), which it leaves out.
 * @param {Race} race
 * @param {ChartY} y
 * @returns {{ lanes: ChartLane[], left: string[], total: number }}  total: the top of the y axis (0: the highest point)
 */
export function chartLanes(race, y) {
  const first = race.goal === 'one';
  // Racing to the end, the axis goes to all N^N boards; to a first solution, as high as a lane got.
  const total = first ? 0 : Number(BigInt(race.n) ** BigInt(race.n));
  const all = race.active.map((lane) => {
    const x = race.unit ? lane.work(race.unit) : race.clock;
    const end = first && lane.finish !== null && lane.last?.done ? lane.samples.find((p) => p.x >= /** @type {number} */ (lane.finish)) ?? null : null;
    return { index: lane.index, name: shortName(lane.info), samples: lane.samples, now: { x, ...standing(lane.session) }, finish: end };
  });
  return { lanes: all.filter((lane) => lane.now[y] >= 0), left: all.filter((lane) => lane.now[y] < 0).map((lane) => lane.name), total };
}

/**
 * The chart in words: its label for a screen reader, and the note under it.
 * @param {Race} race
 * @param {{ lanes: ChartLane[], left: string[] }} drawn  chartLanes()'s
 * @param {ChartY} y
 */
export function chartWords(race, { lanes, left }, y) {
  const label = { decided: 'boards decided (ruled out or found)', solutions: 'solutions found', conflicts: 'attacking pairs on the board' }[y];
  const aria = `Chart: ${label} against work, one line per lane. Now: ${lanes.map((l) => `${l.name} ${formatCount(l.now[y])} at ${formatCount(l.now.x)}`).join('; ')}.`;
  const marks = race.goal === 'one' ? ' a dot is where it stands now, a diamond where it found its first solution.' : ' a dot is where it stands now.';
  const zero = y === 'conflicts' ? ' The searches that place only safe queens (backtracking, restarts, construction) stay on 0 until they finish.' : '';
  const note = race.active.length
    ? `Each line is a lane: ${label} (log scale${y === 'conflicts' ? ', with a row for 0' : ''}) against its work in ${CLOCKS[race.clockId].label} (log scale);${marks}${zero}${left.length ? ` Not shown, as they do not count boards: ${left.join(', ')}.` : ''}`
    : '';
  return { aria, note };
}

/**
 * Where a race stands, for its link: the set-up, the clock's reading (where
 * a seek of the player is headed while it goes there), each lane's step on a
 * work clock, and the speed.
 * @param {RaceSetup} setup
 * @param {Race | null} race
 * @param {{ mode: string, goal: { reading: number } | null, speedIndex: number }} player
 * @returns {RaceSetup & { at: number, steps: number[] | null, speed: number }}
 */
export function raceState(setup, race, { mode, goal, speedIndex }) {
  const at = race?.clock ?? 0;
  return {
    ...setup,
    at: mode === 'go-to' && goal ? goal.reading : at,
    steps: race && !race.unit && at > 0 ? race.active.map((lane) => lane.session.stepIndex) : null,
    speed: speedIndex,
  };
}

/**
 * Which of the race's buttons are off: all with no lane racing; Step and
 * Run to end at the end (unless the player is busy); Back and Reset at the
 * start.
 * @param {Race | null} race
 * @param {string} mode  the player's
 * @returns {{ play: boolean, step: boolean, runToEnd: boolean, stepBack: boolean, reset: boolean }}
 */
export function buttonsOff(race, mode) {
  if (!race || race.active.length === 0) return { play: true, step: true, runToEnd: true, stepBack: true, reset: true };
  const atEnd = mode === 'idle' && race.atEnd();
  const atStart = race.clock === 0;
  return { play: false, step: atEnd, runToEnd: atEnd, stepBack: atStart, reset: atStart };
}

/**
 * The timeline as it shows a reading: its top, its position, its words
 * ("1,965 checks / 34,000") and what a screen reader hears.
 * @param {Race} race
 * @param {number} at  the reading its thumb stands on
 * @param {ClockId} clock
 */
export function timelineShown(race, at, clock) {
  const reading = readingWords(race.clock, clock);
  const max = formatCount(race.furthest);
  return { top: timelineTop(race), position: timelinePosition(race, at), text: `${reading} / ${max}`, aria: `clock at ${reading} of ${max}` };
}

/**
 * The line over the bar while the player runs to the end or goes to a reading.
 * @param {number | null} to  the reading it goes to, or null running to the end
 * @param {number} fraction  how far it has got
 * @param {ClockId} clock
 */
export function goingText(to, fraction, clock) {
  const what = to === null ? 'Running to the end' : `Going to ${readingWords(to, clock)}`;
  return `${what}: ${Math.min(99, Math.floor(fraction * 100))}%…`;
}

/**
 * How many lanes stand side by side: up to six in one row, more in two rows
 * (so that eleven fit 1,280 px).
 * @param {number} lanes
 */
export const laneColumns = (lanes) => {
  const count = Math.max(1, lanes);
  return count <= 6 ? count : Math.ceil(count / 2);
};
