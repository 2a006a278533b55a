// Race mode (issue 10): the searches side by side, on one clock.
//
// The view inside its root (#race): the set-up (the goal, N, the clock, the
// seed of the randomised searches, from two lanes to one per algorithm of the
// goal), the race's controls (play, step, back, reset, run to
// end, speed, timeline; the visualizer's keys, through controls.js's
// shortcut), a LaneView per algorithm (race-lane.js), the chart of boards
// decided (or, racing to the first solution, attacking pairs) against work,
// and the result table once every lane has ended
// (race-results.js). The model is race-clock.js, the scheduling
// race-player.js, the pictures race-chart.js. Keeps the address bar
// (mode-race.js's writer) while shown; a lane's button opens that search in
// the visualizer at its step (onOpen).
//
// The goal (issue 20): "all" races the searches for every solution to the end
// of their spaces, as before; "one" races any search to its first solution,
// on boards up to the searches for one solution's maxN (each lane that cannot
// take N says why), its randomised lanes from one seed that the set-up shows
// and re-rolls.

import { readTheme } from '../components/board.js';
import { focusPlay, returnFocusAfterPick, shortcut } from '../components/controls.js';
import { el, formatCount, part } from '../lib/dom.js';
import { attempt, clearProblem, guard, showProblem } from '../lib/errors.js';
import { UrlSync } from '../lib/params.js';
import { CLOCKS, Race, standing } from './clock.js';
import { newSeed, seedMax, seedNumber, seedRange } from '../core/seeds.js';
import { laneColour, readRaceColours } from '../components/colours.js';
import { RaceChart } from './chart.js';
import { LaneView } from './lane.js';
import { RacePlayer } from './player.js';
import { RaceResults } from './results.js';
import { RACE_SPEEDS, raceSpeedLabel } from '../components/speeds.js';
import { clip, countWord, listWords, rangeSentence, shortName } from '../lib/words.js';

/**
 * @typedef {import('../types.js').Core} Core
 * @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo
 * @typedef {import('./clock.js').ClockId} ClockId
 * @typedef {import('./clock.js').Lane} Lane
 * @typedef {import('./clock.js').LaneEnd} LaneEnd
 * @typedef {import('./player.js').PlayMode} PlayMode
 * @typedef {import('./player.js').Goal} Goal
 * @typedef {import('./mode.js').RaceLink} RaceLink
 * @typedef {import('./clock.js').RaceSetup} RaceSetup
 * @typedef {import('./clock.js').RaceGoal} RaceGoal
 * @typedef {import('./chart.js').ChartY} ChartY
 * @typedef {RaceSetup & { at: number, steps: number[] | null, speed: number }} RaceState
 *   where a race stands, for its link (see mode-race.js's writeRaceParams)
 */

/** Positions of the timeline on the work clocks (a log scale: 2,000 checks and 34 million both show). */
const TIMELINE_STEPS = 1000;
/** While running, strips and the chart are redrawn at most this often. */
const PICTURE_MS = 120;
/** A race has at least this many lanes (and at most one per algorithm). */
export const MIN_LANES = 2;
/** "two to five": how many lanes a race may have, in words. */
export const laneRange = (/** @type {AlgorithmInfo[]} */ algorithms) => `${countWord(MIN_LANES)} to ${countWord(algorithms.length)}`;
/** The largest seed a link or the seed field may give (the core takes 0 to 2^53 − 1). */
/** Board sizes past the searches for every solution's that the N picker offers (a link may ask for any other). */
const BIG_SIZES = [25, 30, 40, 50, 64, 100, 200, 500, 1000];

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
 * Lanes in finishing order, as sort's comparator: for lanes that have finished.
 * @param {Lane} a
 * @param {Lane} b
 */
const byFinish = (a, b) => /** @type {number} */ (a.finish) - /** @type {number} */ (b.finish);

export class RaceView {
  /**
   * @param {HTMLElement} root  #race
   * @param {{ onOpen: (id: string, n: number, step: number) => void, write: (state: RaceState) => void }} options
   *   onOpen: show this search in the visualizer at that step; write: puts
   *   the race's state (see state()) in the address bar
   */
  constructor(root, { onOpen, write }) {
    this.root = root;
    this.onOpen = onOpen;
    /** @type {Core | null} */
    this.wasm = null;
    /** @type {AlgorithmInfo[]} */
    this.algorithms = [];
    /** @type {Race | null} */
    this.race = null;
    /** @type {RaceSetup} */
    this.setup = { n: 0, ids: [], clock: 'checks', goal: 'all', seed: 0 }; // attach() sets the link's (or the core's defaults)
    /** @type {RaceGoal | null} */
    this.builtFor = null; // the goal the pickers were filled for
    /** @type {RaceLink | null} */
    this.waiting = null; // the link's race, until the view is first shown (attach())
    this.active = false; // the view shown: it keeps the URL
    /** @type {LaneView[]} */
    this.laneViews = [];
    this.drawnAt = 0; // when the strips were last drawn
    this.chartAt = 0; // and the chart
    /** @type {Race | null} */
    this.legendFor = null; // the race the chart's legend is of
    /** @type {import('../components/colours.js').RaceColours | null} */
    this.colours = null; // the strips', read once per theme
    /** @type {PlayMode} */
    this.lastMode = 'idle'; // the player's, as modeChanged() last heard
    // The address bar is this view's only while it is shown (a write may come late).
    this.url = new UrlSync(() => this.state(), (state) => this.active && write(state));
    const $ = (/** @type {string} */ name) => part(root, name);
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(name));
    this.message = $('message');
    this.lanesBox = $('lanes');
    this.picks = $('picks');
    this.nPicker = /** @type {HTMLSelectElement} */ ($('n'));
    this.clockPicker = /** @type {HTMLSelectElement} */ ($('clock'));
    this.goalPicker = /** @type {HTMLSelectElement} */ ($('goal'));
    this.seedField = $('seed-field');
    this.seedInput = /** @type {HTMLInputElement} */ ($('seed'));
    this.newSeedButton = button('new-seed');
    this.speed = /** @type {HTMLInputElement} */ ($('speed'));
    this.speedValue = $('speed-value');
    this.timeline = /** @type {HTMLInputElement} */ ($('timeline'));
    this.timelineValue = $('timeline-value');
    this.buttons = { play: button('play'), step: button('step'), stepBack: button('step-back'), reset: button('reset'), runToEnd: button('run-to-end') };
    this.going = { box: $('going'), text: $('going-text'), bar: /** @type {HTMLProgressElement} */ ($('going-bar')) };
    this.chart = new RaceChart(/** @type {HTMLCanvasElement} */ ($('chart')));
    this.chartY = /** @type {HTMLSelectElement} */ ($('chart-y'));
    this.chartHeading = $('chart-heading');
    this.chartNote = $('chart-note');
    this.legend = $('chart-legend');
    this.results = new RaceResults({ panel: $('results-panel'), table: /** @type {HTMLTableElement} */ ($('results')), status: $('results-status') }, {
      current: () => this.race,
      wasm: () => this.wasm,
    });
    this.keys = /** @type {HTMLDialogElement} */ ($('keys'));
    this.player = new RacePlayer({
      race: () => this.race,
      render: () => this.render(),
      modeChanged: (mode) => this.modeChanged(mode),
      say: (text) => this.say(text),
      progress: (fraction) => this.showGoing(fraction),
      over: () => this.overSentence(),
    });

    const b = this.buttons;
    b.play.addEventListener('click', () => this.togglePlay());
    b.step.addEventListener('click', () => this.step());
    b.stepBack.addEventListener('click', () => this.stepBack());
    b.reset.addEventListener('click', () => this.reset());
    b.runToEnd.addEventListener('click', () => this.runToEnd());
    $('going-cancel').addEventListener('click', () => this.cancel());
    $('show-keys').addEventListener('click', () => this.showKeys());
    $('copy-link').addEventListener('click', () => this.copyLink());
    this.speed.max = String(RACE_SPEEDS.length - 1);
    this.speed.addEventListener('input', () => this.setSpeed(Number(this.speed.value)));
    this.timeline.addEventListener('input', () => this.seekPosition(Number(this.timeline.value), false));
    this.timeline.addEventListener('change', () => this.seekPosition(Number(this.timeline.value), true));
    this.nPicker.addEventListener('change', () => this.choose({ n: Number(this.nPicker.value) }));
    this.clockPicker.addEventListener('change', () => this.choose({ clock: /** @type {ClockId} */ (this.clockPicker.value) })); // its options are the clocks
    this.goalPicker.addEventListener('change', () => this.chooseGoal(/** @type {RaceGoal} */ (this.goalPicker.value))); // its options are the goals
    this.seedInput.addEventListener('change', () => this.chooseSeed(this.seedInput.value));
    this.newSeedButton.addEventListener('click', () => this.choose({ seed: newSeed(this.setup.seed) }));
    this.chartY.addEventListener('change', () => this.drawPictures(true));
    // As in the visualizer, a pick with the pointer hands focus back to Play, so Space plays.
    for (const control of [this.nPicker, this.clockPicker, this.goalPicker, this.speed]) returnFocusAfterPick(control, () => this.focusPlay());
    new ResizeObserver(() => this.resized()).observe(this.lanesBox);
    new ResizeObserver(([entry]) => {
      this.chart.resized(entry.contentRect.width);
      this.drawPictures(true);
    }).observe(this.chart.canvas);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.repaint());
  }

  /**
   * The core is loaded: fills the pickers and opens the race a link asks for
   * ({ n, ids, clock, at, steps, speed } from mode-race.js's parseRaceParams).
   * @param {Core} wasm  the core's module
   * @param {AlgorithmInfo[]} algorithms  the core's algorithms()
   * @param {RaceLink} wanted
   */
  attach(wasm, algorithms, wanted) {
    this.wasm = wasm;
    this.algorithms = algorithms;
    for (const control of [this.nPicker, this.clockPicker, this.goalPicker, this.seedInput, this.newSeedButton, this.speed, this.timeline, ...Object.values(this.buttons)]) control.disabled = false;
    this.seedInput.max = String(seedMax());
    if (wanted.speed !== null) this.setSpeed(wanted.speed);
    else this.setSpeed(this.player.speedIndex);
    // The race's sessions are made when the view is first shown, not while the visualizer loads.
    this.waiting = wanted;
    this.setup = { n: wanted.n, ids: wanted.ids, clock: wanted.clock, goal: wanted.goal, seed: wanted.seed };
    this.fillPickers(wanted.goal, wanted.n);
    if (this.active) this.start();
  }

  /**
   * The algorithms a race with the set-up's goal has lanes for.
   * @param {RaceGoal} [goal]
   */
  lanesFor(goal = this.setup.goal) {
    return raceable(this.algorithms, goal);
  }

  /**
   * The N picker, the lane boxes and the chart's choices for a goal (again
   * only when the goal changed, or N is not in the list: a link's N outside
   * the usual sizes is added).
   * @param {RaceGoal} goal
   * @param {number} n
   */
  fillPickers(goal, n) {
    const same = this.builtFor === goal;
    if (same && this.nPicker.querySelector(`option[value="${n}"]`)) return;
    this.builtFor = goal;
    const algorithms = this.lanesFor(goal);
    const { minN, maxN } = sizeRange(algorithms);
    const small = Array.from({ length: Math.min(maxN, 20) - minN + 1 }, (_, i) => minN + i);
    const sizes = [...new Set([...small, ...BIG_SIZES.filter((size) => size <= maxN), n])].sort((a, b) => a - b);
    this.nPicker.replaceChildren(...sizes.map((size) => new Option(`${size} × ${size}`, String(size))));
    this.picks.replaceChildren(el('legend', 'field-label', `Lanes: ${laneRange(algorithms)} searches`), ...algorithms.map((info) => {
      const box = el('input', { type: 'checkbox', value: info.id, id: `race-pick-${info.id}` });
      let pointer = false;
      box.addEventListener('pointerdown', () => { pointer = true; });
      box.addEventListener('change', () => {
        this.pick(info.id, box.checked);
        if (pointer) this.focusPlay();
        pointer = false;
      });
      // A lane's colour is its place in the catalogue, whatever the goal.
      return el('label', { class: 'race-pick', for: box.id, style: `--lane-colour: ${laneColour(this.algorithms.indexOf(info))}` }, [box, el('span', 'race-swatch', ''), shortName(info)]);
    }));
    /** @type {[ChartY, string][]} */
    const choices = goal === 'one'
      ? [['conflicts', 'attacking pairs on the board'], ['decided', 'boards ruled out or found']]
      : [['decided', 'boards ruled out or found'], ['solutions', 'solutions found']];
    const y = this.chartY.value;
    this.chartY.replaceChildren(...choices.map(([value, label]) => new Option(label, value)));
    if (same) this.chartY.value = y; // a size added: the chart stays as it was
    this.chartHeading.textContent = goal === 'one' ? 'The race to a first solution, against work' : 'Boards decided against work';
    this.seedField.hidden = goal !== 'one';
  }

  /** The first showing: the race the link asked for, at its moment. */
  start() {
    const wanted = /** @type {RaceLink} */ (this.waiting); // its callers check it
    this.waiting = null;
    this.open(wanted);
    if (wanted.at > 0) guard(() => this.player.goTo({ reading: wanted.at, steps: wanted.steps }));
  }

  /**
   * A fresh core after a trap: the same race again, back at the same reading.
   * @param {Core} wasm
   */
  useCore(wasm) {
    this.wasm = wasm;
    if (this.waiting) return; // never opened: nothing to bring back
    this.player.forget();
    const at = this.race?.clock ?? 0;
    const steps = this.race && !this.race.unit ? this.race.stepsAt(at) : null;
    this.race = null; // its sessions belong to the trapped instance: never call them again
    this.open(this.setup);
    if (at > 0) guard(() => this.player.goTo({ reading: at, steps }));
  }

  /**
   * Shown or hidden (the tabs): the view shown keeps the URL; a hidden race stops.
   * @param {boolean} on
   */
  setActive(on) {
    this.active = on;
    if (!on) this.player.stop();
    else {
      if (this.waiting) this.start();
      this.resized();
      this.url.update(true);
    }
  }

  /**
   * Opens a new race.
   * @param {RaceSetup} setup
   */
  open({ n, ids, clock, goal, seed }) {
    this.player.forget();
    this.race?.free();
    this.race = null;
    this.setup = { n, ids: [...ids], clock, goal, seed };
    this.fillPickers(goal, n);
    this.nPicker.value = String(n);
    this.clockPicker.value = clock;
    this.goalPicker.value = goal;
    this.seedInput.value = String(seed);
    for (const box of this.picks.querySelectorAll('input')) box.checked = ids.includes(box.value);
    const wasm = /** @type {Core} */ (this.wasm); // attach() set it before any race
    const made = attempt(() => new Race(wasm, this.algorithms, this.setup, rangeSentence));
    this.race = made.value;
    this.buildLanes();
    this.results.hide();
    const able = this.race?.active.length ?? 0;
    this.root.dataset.lanes = String(able);
    const to = goal === 'one' ? `, racing to a first solution (seed ${seed})` : '';
    // The core's refusal says why (no board of 2 or 3 has a solution); else no chosen lane fits N.
    if (made.refused) this.say(`${made.refused} Choose another board size.`);
    else if (!able) this.say(`None of the chosen searches can run at N=${n}: ${this.fitAdvice(ids, n)}`);
    else this.say(`${able} search${able === 1 ? '' : 'es'} at the start line, N=${n}, on equal ${CLOCKS[clock].label === 'ms' ? 'wall time' : CLOCKS[clock].label}${to}. Press Play or Space.`);
    this.showSpeed();
    this.render();
    if (this.active) this.url.update(true);
  }

  /**
   * What to choose when no chosen lane runs at `n`: a smaller board, a
   * bigger one, or other lanes.
   * @param {string[]} ids
   * @param {number} n
   * @returns {string}
   */
  fitAdvice(ids, n) {
    const chosen = this.algorithms.filter((a) => ids.includes(a.id));
    if (chosen.length && chosen.every((a) => n > a.maxN)) return 'choose a smaller board or other lanes.';
    if (chosen.length && chosen.every((a) => n < a.minN)) return 'choose a bigger board or other lanes.';
    return 'choose other lanes or another board size.';
  }

  /**
   * Where the race stands, for a link.
   * @returns {RaceState}
   */
  state() {
    const race = this.race;
    const at = race?.clock ?? 0;
    return {
      ...this.setup,
      at: this.player.mode === 'go-to' ? /** @type {Goal} */ (this.player.goal).reading : at, // goTo() set it
      steps: race && !race.unit && at > 0 ? race.active.map((lane) => lane.session.stepIndex) : null,
      speed: this.player.speedIndex,
    };
  }

  // ---- Set-up ---------------------------------------------------------------------

  /** @param {Partial<RaceSetup>} change */
  choose(change) {
    clearProblem();
    this.open({ ...this.setup, ...change });
  }

  /**
   * The goal picked: the lanes that can race for it stay (racing to a first
   * solution adds the searches for one), and N stays where it fits (else the
   * nearest size that does, and a sentence says so).
   * @param {RaceGoal} goal
   */
  chooseGoal(goal) {
    if (goal === this.setup.goal) return;
    const algorithms = this.lanesFor(goal);
    const known = algorithms.map((a) => a.id);
    const added = goal === 'one' ? algorithms.filter((a) => a.goal === 'one').map((a) => a.id) : [];
    let ids = known.filter((id) => this.setup.ids.includes(id) || added.includes(id));
    if (ids.length < MIN_LANES) ids = known;
    const { minN, maxN } = sizeRange(algorithms);
    const was = this.setup.n;
    const n = Math.min(maxN, Math.max(minN, was));
    this.choose({ goal, ids, n });
    if (n !== was) showProblem(`The searches for every solution go up to ${maxN}×${maxN}: racing on ${n}×${n} instead of ${was}×${was}.`, 'warning');
  }

  /**
   * The seed field's value: a seed (core/seeds.js), or a sentence and the seed as it was.
   * @param {string} raw
   */
  chooseSeed(raw) {
    const seed = seedNumber(raw);
    if (Number.isNaN(seed)) {
      showProblem(`A seed is ${seedRange()}; “${clip(raw)}” is not. The race keeps seed ${this.setup.seed}.`, 'warning');
      this.seedInput.value = String(this.setup.seed);
      return;
    }
    if (seed !== this.setup.seed) this.choose({ seed });
  }

  /**
   * A lane's box ticked or not.
   * @param {string} id  its algorithm
   * @param {boolean} on
   */
  pick(id, on) {
    const ids = this.lanesFor().map((a) => a.id).filter((x) => (x === id ? on : this.setup.ids.includes(x)));
    if (ids.length < MIN_LANES) {
      showProblem(`A race needs at least ${countWord(MIN_LANES)} lanes: choose another before taking this one off.`, 'warning');
      for (const box of this.picks.querySelectorAll('input')) box.checked = this.setup.ids.includes(box.value);
      return;
    }
    this.choose({ ids });
  }

  buildLanes() {
    this.laneViews = (this.race?.lanes ?? []).map((lane) => new LaneView(lane, this));
    this.lanesBox.replaceChildren(...this.laneViews.map((view) => view.root));
    // Up to six lanes side by side; more in two rows, so that eleven fit 1,280 px.
    const count = Math.max(1, this.laneViews.length);
    this.root.style.setProperty('--race-lanes', String(count <= 6 ? count : Math.ceil(count / 2)));
    for (const view of this.laneViews) view.fit();
  }

  // ---- What the controls and keys do ------------------------------------------------

  togglePlay() {
    guard(() => this.player.togglePlay());
    this.showLanes();
  }

  /**
   * On a small screen the lanes start below the set-up: Play scrolls so that
   * the controls and the lanes under them are in view.
   */
  showLanes() {
    if (this.lanesBox.getBoundingClientRect().top < window.innerHeight - 160) return;
    const bar = this.root.querySelector('.race-bar');
    if (bar) window.scrollBy({ top: bar.getBoundingClientRect().top - 8 });
  }

  runToEnd() { guard(() => this.player.runToEnd()); }

  nextSolution() {
    this.say('Next solution belongs to one search: open a lane in the visualizer for it. In a race, → steps to the next move of any lane.');
  }

  step() {
    this.move((race) => race.nextReading(), 'The race is over: no lane has a step left.');
  }

  stepBack() {
    this.move((race) => race.previousReading(), 'Already at the start line.');
  }

  /**
   * A step of the clock by hand: to the reading `where(race)` gives, or say
   * why not. Every lane first stands on the clock's reading (a frame may
   * have left some on their way), then goes to the new one: both in the
   * player's slices, so neither is one long task at N = 1,000.
   * @param {(race: Race) => number | null} where
   * @param {string} cannot  the sentence when it gives none
   */
  move(where, cannot) {
    const race = this.race;
    if (!race) return;
    this.player.goTo({ reading: race.clock }, () => {
      const before = race.active.map((lane) => lane.session.stepIndex);
      const reading = guard(() => where(race), null);
      if (reading === null) {
        this.say(cannot);
        return;
      }
      const moved = () => this.announce(race, before);
      if (race.unit || reading <= race.furthest) {
        this.player.goTo({ reading }, moved);
        return;
      }
      guard(() => race.tick()); // the wall clock's next tick: 1 ms of search a lane
      this.render();
      moved();
    });
  }

  reset() {
    if (!this.race) return;
    this.player.goTo({ reading: 0 }, () => this.say('Back at the start line.'));
  }

  /**
   * The timeline: a position (log scale on the work clocks) to a reading.
   * @param {number} position
   * @param {boolean} announce  say where the race stands (the pick is done)
   */
  seekPosition(position, announce) {
    const race = this.race;
    if (!race) return;
    const reading = race.unit
      ? Math.round(Math.expm1((position / TIMELINE_STEPS) * Math.log1p(race.furthest)))
      : position;
    this.player.goTo({ reading }, announce ? () => this.say(this.summary()) : null);
  }

  cancel() {
    if (this.player.mode !== 'go-to' && this.player.mode !== 'run-to-end') return false;
    this.player.stop();
    this.render();
    this.say(`Stopped at ${this.reading()}.`);
    return true;
  }

  /** @param {number} index  into RACE_SPEEDS */
  setSpeed(index) {
    this.player.setSpeed(index);
    this.showSpeed();
    if (this.active) this.url.update();
  }

  /** @param {number} delta  one speed faster (1) or slower (-1) */
  nudgeSpeed(delta) {
    this.setSpeed(Math.min(RACE_SPEEDS.length - 1, Math.max(0, this.player.speedIndex + delta)));
  }

  showSpeed() {
    const index = this.player.speedIndex;
    this.speed.value = String(index);
    const label = raceSpeedLabel(RACE_SPEEDS[index], CLOCKS[this.setup.clock].label);
    this.speedValue.textContent = label;
    this.speed.setAttribute('aria-valuetext', label);
  }

  focusPlay() {
    focusPlay(this.buttons);
  }

  showKeys() {
    if (!this.keys.open) this.keys.showModal();
  }

  async copyLink() {
    this.url.update(true);
    try {
      await navigator.clipboard.writeText(location.href);
      this.say('Link copied: it opens this race, its lanes and clock, at this moment.');
    } catch {
      this.say(`Copy this link: ${location.href}`);
    }
  }

  /**
   * The keyboard shortcuts (the visualizer's map, on this view's actions), for a keydown from the page.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    shortcut(event, this);
  }

  // ---- Showing the race -------------------------------------------------------------

  /**
   * The clock's reading in words: "1,965 checks".
   * @param {number} [value]  the clock's now
   */
  reading(value = this.race?.clock ?? 0) {
    return `${formatCount(value)} ${CLOCKS[this.setup.clock].label}`;
  }

  summary() {
    const race = this.race;
    if (!race) return '';
    const done = race.active.filter((lane) => lane.reached(race.goal)).length;
    return `Clock at ${this.reading()}: ${done} of ${race.active.length} lanes finished.`;
  }

  /**
   * After a step by hand: which lanes moved, and what the one that moved did.
   * @param {Race} race
   * @param {number[]} before  each active lane's step before
   */
  announce(race, before) {
    const moved = race.active.filter((lane, i) => lane.session.stepIndex !== before[i]);
    if (moved.length === 1) this.say(`Clock at ${this.reading()}. ${shortName(moved[0].info)}: ${moved[0].session.message()}`);
    else this.say(`${this.summary()} ${moved.length ? `${moved.map((lane) => shortName(lane.info)).join(', ')} moved.` : ''}`.trim());
  }

  /** The sentence for the race's end (the player asks it once every lane has ended). */
  overSentence() {
    const race = /** @type {Race} */ (this.race);
    const order = [...race.active].sort(byFinish)
      .map((lane) => `${shortName(lane.info)} (${formatCount(/** @type {number} */ (lane.finish))}${/** @type {LaneEnd} */ (lane.last).done ? '' : ', capped'})`);
    const over = `The race is over at ${this.reading(/** @type {number} */ (race.end))}. Finishing order: ${order.join(', ')}.`;
    if (race.clockId !== 'wall') return over;
    // The wall clock moves in ticks of 1 ms for every lane: lanes that end in
    // the same tick tie, whatever their true times (the table measures those).
    const ticks = new Map();
    for (const lane of race.active) ticks.set(lane.finish, [...(ticks.get(lane.finish) ?? []), shortName(lane.info)]);
    const ties = [...ticks.entries()].filter(([, names]) => names.length > 1)
      .map(([at, names]) => `${listWords(names)} ${names.length === 2 ? 'both' : `all ${countWord(names.length)}`} ended within tick ${formatCount(at)}`);
    return `${over} The wall clock gives each running lane the same 1 ms of search a tick, so it tells lanes apart only to the millisecond`
      + `${ties.length ? `: ${ties.join('; ')}, a tie at this clock's resolution` : ''}. The results table below times each search alone, finely.`;
  }

  /** @param {number} fraction  how far running to the end or to a reading has got */
  showGoing(fraction) {
    const box = this.going;
    const what = this.player.mode === 'go-to' ? `Going to ${this.reading(/** @type {Goal} */ (this.player.goal).reading)}` : 'Running to the end';
    const text = `${what}: ${Math.min(99, Math.floor(fraction * 100))}%…`;
    if (box.text.textContent !== text) box.text.textContent = text;
    box.bar.value = fraction;
  }

  /** @param {PlayMode} mode  the player's, now */
  modeChanged(mode) {
    const from = this.lastMode;
    this.lastMode = mode;
    this.root.dataset.player = mode; // for tests: a seek of a few frames shows no bar
    const long = mode === 'go-to' || mode === 'run-to-end';
    this.going.box.hidden = !long;
    if (long) this.showGoing(0);
    if (mode === 'play') this.say(`Racing at ${raceSpeedLabel(this.player.speed, CLOCKS[this.setup.clock].label)}…`);
    if (mode === 'run-to-end') this.say('Running every lane to its end…');
    if (mode === 'idle') {
      this.render();
      if (from !== 'play') this.say(this.summary()); // the end of a race says more, after this
      if (this.active) this.url.update();
    }
    this.showControls();
  }

  showControls() {
    const race = this.race;
    const mode = this.player.mode;
    const busy = mode !== 'idle';
    const b = this.buttons;
    b.play.classList.toggle('playing', mode === 'play');
    /** @type {HTMLElement} */ (b.play.querySelector('.label')).textContent = mode === 'play' ? 'Pause' : 'Play'; // index.html's
    b.play.setAttribute('aria-pressed', String(mode === 'play'));
    b.runToEnd.classList.toggle('active', mode === 'run-to-end');
    const none = !race || race.active.length === 0;
    const atEnd = none || (!busy && race.atEnd());
    b.play.disabled = none;
    b.step.disabled = atEnd;
    b.runToEnd.disabled = atEnd;
    b.stepBack.disabled = none || race.clock === 0;
    b.reset.disabled = none || race.clock === 0;
    const focused = Object.values(b).find((control) => control === document.activeElement);
    if (focused?.disabled) b.play.focus({ preventScroll: true });
    if (!race) return;
    // The timeline: 0 to the furthest reading, log-scaled on the work clocks.
    // While a seek is on its way (a few frames), the thumb stays where it
    // was put, not where the clock still reads: a drag does not jump back.
    const max = race.furthest;
    const at = mode === 'seek' ? Math.min(/** @type {Goal} */ (this.player.goal).reading, max) : race.clock;
    const position = race.unit
      ? (max > 0 ? Math.round((Math.log1p(at) / Math.log1p(max)) * TIMELINE_STEPS) : 0)
      : at;
    const top = race.unit ? (max > 0 ? TIMELINE_STEPS : 0) : max;
    if (this.timeline.max !== String(top)) this.timeline.max = String(top);
    if (this.timeline.value !== String(position)) this.timeline.value = String(position);
    const text = `${this.reading()} / ${formatCount(max)}`;
    if (this.timelineValue.textContent !== text) {
      this.timelineValue.textContent = text;
      this.timeline.setAttribute('aria-valuetext', `clock at ${this.reading()} of ${formatCount(max)}`);
    }
  }

  /** Brings the screen in line with the race; false if the core failed. */
  render() {
    const race = this.race;
    if (!race) {
      this.showControls();
      return true;
    }
    return guard(() => {
      const idle = this.player.mode === 'idle';
      /** @type {Map<Lane, number>} */
      const ranks = new Map([...race.active].filter((lane) => lane.reached(race.goal) || lane.finish !== null && lane.session.stepIndex >= /** @type {LaneEnd} */ (lane.last).steps)
        .sort(byFinish).map((lane, i, all) => [lane, all.findIndex((other) => other.finish === lane.finish)])); // a tie shares its place
      for (const view of this.laneViews) view.update(ranks.get(view.lane), idle);
      this.drawPictures(idle);
      this.root.dataset.clock = String(race.clock);
      this.root.dataset.ended = String(race.ended);
      if (race.ended) this.results.show(race);
      this.showControls();
      if (idle && this.active) this.url.update(); // once things are quiet
      return true;
    }, false);
  }

  /**
   * The strips and the chart: at once when `now` (idle); while running a few
   * times a second each, never both in one frame.
   * @param {boolean} now
   */
  drawPictures(now) {
    const race = this.race;
    if (!race) return;
    const time = performance.now();
    const strips = now || time - this.drawnAt >= PICTURE_MS;
    const chart = now || (!strips && time - this.chartAt >= PICTURE_MS);
    if (strips) {
      this.drawnAt = time;
      for (const view of this.laneViews) view.drawStrip();
    }
    if (!chart) return;
    this.chartAt = time;
    const y = /** @type {ChartY} */ (this.chartY.value); // its options' values
    const first = race.goal === 'one';
    // Racing to the end, the axis goes to all N^N boards; to a first solution, as high as a lane got.
    const total = first ? 0 : Number(BigInt(race.n) ** BigInt(race.n));
    const all = race.active.map((lane) => {
      const x = race.unit ? lane.work(race.unit) : race.clock;
      const end = first && lane.finish !== null && lane.last?.done ? lane.samples.find((p) => p.x >= /** @type {number} */ (lane.finish)) ?? null : null;
      return { index: lane.index, name: shortName(lane.info), samples: lane.samples, now: { x, ...standing(lane.session) }, finish: end };
    });
    // A lane with nothing to show on this axis (a search for one solution has no boards decided) is left out.
    const lanes = all.filter((lane) => lane.now[y] >= 0);
    this.chart.draw(lanes, { y, total, reading: race.clock, unit: CLOCKS[race.clockId].label });
    const label = { decided: 'boards decided (ruled out or found)', solutions: 'solutions found', conflicts: 'attacking pairs on the board' }[y];
    const text = `Chart: ${label} against work, one line per lane. Now: ${lanes.map((l) => `${l.name} ${formatCount(l.now[y])} at ${formatCount(l.now.x)}`).join('; ')}.`;
    this.chart.canvas.setAttribute('aria-label', text);
    const left = all.filter((lane) => lane.now[y] < 0).map((lane) => lane.name);
    const marks = first ? ' a dot is where it stands now, a diamond where it found its first solution.' : ' a dot is where it stands now.';
    const zero = y === 'conflicts' ? ' The searches that place only safe queens (backtracking, restarts, construction) stay on 0 until they finish.' : '';
    this.chartNote.textContent = race.active.length
      ? `Each line is a lane: ${label} (log scale${y === 'conflicts' ? ', with a row for 0' : ''}) against its work in ${CLOCKS[race.clockId].label} (log scale);${marks}${zero}${left.length ? ` Not shown, as they do not count boards: ${left.join(', ')}.` : ''}`
      : '';
    if (this.legendFor !== race || this.legend.dataset.y !== y) {
      this.legendFor = race;
      this.legend.dataset.y = y;
      this.legend.replaceChildren(...lanes.map((lane) => el('li', { style: `--lane-colour: ${laneColour(lane.index)}` }, [el('span', 'race-swatch', ''), lane.name])));
    }
  }

  resized() {
    for (const view of this.laneViews) view.fit();
    this.drawPictures(true);
  }

  repaint() {
    const theme = readTheme();
    this.colours = null;
    this.chart.repaint();
    for (const view of this.laneViews) view.repaint(theme);
    this.drawPictures(true);
  }

  /**
   * The status line (aria-live).
   * @param {string} text
   */
  say(text) {
    if (this.message.textContent !== text) this.message.textContent = text;
  }

  /** Colours of the strips, read once per theme. */
  stripColours() {
    this.colours ??= readRaceColours(this.root);
    return this.colours;
  }
}
