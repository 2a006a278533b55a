// Race mode: the searches side by side, on one clock.
//
// The view inside its root (#race): the set-up's controls (setup.js: the
// goal, N, the clock, the seed of the randomised searches, from two lanes
// to one per algorithm of the goal), the race's controls (controls.js: play,
// step, back, reset, run to end, speed, timeline; the visualizer's keys,
// through components/controls.js's shortcut), a LaneView per algorithm
// (lane.js), the chart of boards decided (or, racing to the first solution,
// attacking pairs) against work (chart.js), and the result table once every
// lane has ended (results.js). What it shows comes from the models: the race on its clock
// (clock.js), and model.js's set-up rules, timeline scale, places, chart
// data and sentences; player.js schedules. Keeps the address bar (mode.js's
// writer) while shown; a lane's button opens that search in the visualizer
// at its step (onOpen).
//
// The goal: "all" races the searches for every solution to the end of their
// spaces; "one" races any search to its first solution, on boards up to the
// searches for one solution's maxN (each lane that cannot take N says why),
// its randomised lanes from one seed that the set-up shows and re-rolls.

import { readTheme } from '../components/board.js';
import { shortcut } from '../components/controls.js';
import { el, part } from '../lib/dom.js';
import { attempt, clearProblem, guard } from '../lib/errors.js';
import { UrlSync } from '../lib/params.js';
import { CLOCKS, Race } from './clock.js';
import {
  chartChoices, chartHeading, chartLanes, chartWords, goingText, laneColumns, moveSentence, openSentence, overSentence, places, raceState,
  readingWords, summary, timelineReading,
} from './model.js';
import { RaceSetupView } from './setup.js';
import { laneColour, readRaceColours } from '../components/colours.js';
import { RaceChart } from './chart.js';
import { LaneView } from './lane.js';
import { RacePlayer } from './player.js';
import { RaceResults } from './results.js';
import { RACE_SPEEDS, raceSpeedLabel } from '../components/speeds.js';
import { RaceControls } from './controls.js';
import { rangeSentence } from '../lib/words.js';
import { TraceSession, yourSearchInfo } from '../program/trace-session.js';

/**
 * The lanes a race may have: the core's searches, and Your search once a
 * program has run to its end in this tab.
 * @param {AlgorithmInfo[]} algorithms  the core's
 */
const withYourSearch = (algorithms, /** @type {import('../modes.js').KeptRuns} */ kept) => (kept.sizes().length ? [...algorithms, yourSearchInfo(kept.sizes())] : algorithms);

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
 *   where a race stands, for its link (see mode.js's writeRaceParams)
 */

/** While running, strips and the chart are redrawn at most this often. */
const PICTURE_MS = 120;

export class RaceView {
  /**
   * @param {HTMLElement} root  #race
   * @param {{ onOpen: (id: string, n: number, step: number) => void, write: (state: RaceState) => void, kept: import('../modes.js').KeptRuns }} options
   *   onOpen: show this search in the visualizer at that step; write: puts
   *   the race's state (see state()) in the address bar; kept: the runs of
   *   Your search in this tab, the shell's
   */
  constructor(root, { onOpen, write, kept }) {
    this.root = root;
    this.onOpen = onOpen;
    this.kept = kept;
    /** @type {Core | null} */
    this.wasm = null;
    /** @type {AlgorithmInfo[]} */
    this.algorithms = [];
    /** @type {AlgorithmInfo[]} the core's, without Your search */
    this.coreAlgorithms = [];
    /** @type {Race | null} */
    this.race = null;
    /** @type {RaceSetup} */
    this.setup = { n: 0, ids: [], clock: 'checks', goal: 'all', seed: 0 }; // attach() sets the link's (or the core's defaults)
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
    this.message = $('message');
    this.lanesBox = $('lanes');
    this.setupControls = new RaceSetupView(root, { setup: () => this.setup, choose: (change) => this.choose(change), focusPlay: () => this.focusPlay() });
    this.controls = new RaceControls(root, {
      togglePlay: () => this.togglePlay(), step: () => this.step(), stepBack: () => this.stepBack(), reset: () => this.reset(), runToEnd: () => this.runToEnd(),
      cancel: () => this.cancel(), copyLink: () => this.copyLink(), setSpeed: (index) => this.setSpeed(index),
      seekPosition: (position, announce) => this.seekPosition(position, announce),
    });
    this.chart = new RaceChart(/** @type {HTMLCanvasElement} */ ($('chart')));
    this.chartY = /** @type {HTMLSelectElement} */ ($('chart-y'));
    this.chartHeading = $('chart-heading');
    this.chartNote = $('chart-note');
    this.legend = $('chart-legend');
    this.results = new RaceResults({ panel: $('results-panel'), table: /** @type {HTMLTableElement} */ ($('results')), status: $('results-status') }, {
      current: () => this.race,
      wasm: () => this.wasm,
    });
    this.player = new RacePlayer({
      race: () => this.race,
      render: () => this.render(),
      modeChanged: (mode) => this.modeChanged(mode),
      say: (text) => this.say(text),
      progress: (fraction) => this.showGoing(fraction),
      over: () => this.overSentence(),
    });

    this.chartY.addEventListener('change', () => this.drawPictures(true));
    new ResizeObserver(() => this.resized()).observe(this.lanesBox);
    new ResizeObserver(([entry]) => {
      this.chart.resized(entry.contentRect.width);
      this.drawPictures(true);
    }).observe(this.chart.canvas);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.repaint());
  }

  /**
   * The core is loaded: fills the pickers and opens the race a link asks for
   * ({ n, ids, clock, at, steps, speed } from mode.js's parseRaceParams).
   * @param {Core} wasm  the core's module
   * @param {AlgorithmInfo[]} algorithms  the core's algorithms()
   * @param {RaceLink} wanted
   */
  attach(wasm, algorithms, wanted) {
    this.wasm = wasm;
    this.coreAlgorithms = algorithms;
    this.algorithms = withYourSearch(algorithms, this.kept);
    this.setupControls.attach(this.algorithms);
    // A run of Your search ended in this tab: its lane is offered from now on.
    this.kept.onKeep(() => {
      this.algorithms = withYourSearch(this.coreAlgorithms, this.kept);
      this.setupControls.attach(this.algorithms);
      this.setupControls.builtFor = null;
      this.fillPickers(this.setup.goal, this.setup.n);
      this.setupControls.show(this.setup);
    });
    this.controls.enable();
    if (wanted.speed !== null) this.setSpeed(wanted.speed);
    else this.setSpeed(this.player.speedIndex);
    // The race's sessions are made when the view is first shown, not while the visualizer loads.
    this.waiting = wanted;
    this.setup = { n: wanted.n, ids: wanted.ids, clock: wanted.clock, goal: wanted.goal, seed: wanted.seed };
    this.fillPickers(wanted.goal, wanted.n);
    if (this.active) this.start();
  }

  /**
   * The set-up's controls and the chart's choices for a goal (again only
   * when the goal changed, or N is not in the N picker's list).
   * @param {RaceGoal} goal
   * @param {number} n
   */
  fillPickers(goal, n) {
    const same = this.setupControls.fill(goal, n);
    if (same === null) return;
    const y = this.chartY.value;
    this.chartY.replaceChildren(...chartChoices(goal).map(([value, label]) => new Option(label, value)));
    if (same) this.chartY.value = y; // a size added: the chart stays as it was
    this.chartHeading.textContent = chartHeading(goal);
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
    this.setupControls.show(this.setup);
    const wasm = /** @type {Core} */ (this.wasm); // attach() set it before any race
    const kept = this.kept;
    const made = attempt(() => new Race(wasm, this.algorithms, this.setup, rangeSentence, (size) => {
      const trace = kept.get(size);
      return trace ? new TraceSession(trace) : null;
    }));
    this.race = made.value;
    this.buildLanes();
    this.results.hide();
    const able = this.race?.active.length ?? 0;
    this.root.dataset.lanes = String(able);
    this.say(openSentence(this.setup, this.algorithms, able, made.refused ?? null));
    this.showSpeed();
    this.render();
    if (this.active) this.url.update(true);
  }

  /**
   * Where the race stands, for a link.
   * @returns {RaceState}
   */
  state() {
    return raceState(this.setup, this.race, this.player);
  }

  // ---- Set-up ---------------------------------------------------------------------

  /** @param {Partial<RaceSetup>} change */
  choose(change) {
    clearProblem();
    this.open({ ...this.setup, ...change });
  }

  buildLanes() {
    this.laneViews = (this.race?.lanes ?? []).map((lane) => new LaneView(lane, this));
    this.lanesBox.replaceChildren(...this.laneViews.map((view) => view.root));
    this.root.style.setProperty('--race-lanes', String(laneColumns(this.laneViews.length)));
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
    const reading = timelineReading(race, position);
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
    this.controls.showSpeed(this.player.speedIndex, this.setup.clock);
  }

  focusPlay() {
    this.controls.focusPlay();
  }

  showKeys() {
    this.controls.showKeys();
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
    return readingWords(value, this.setup.clock);
  }

  summary() {
    return this.race ? summary(this.race) : '';
  }

  /**
   * After a step by hand: which lanes moved, and what the one that moved did.
   * @param {Race} race
   * @param {number[]} before  each active lane's step before
   */
  announce(race, before) {
    this.say(moveSentence(race, before));
  }

  /** The sentence for the race's end (the player asks it once every lane has ended). */
  overSentence() {
    return overSentence(/** @type {Race} */ (this.race));
  }

  /** @param {number} fraction  how far running to the end or to a reading has got */
  showGoing(fraction) {
    const to = this.player.mode === 'go-to' ? /** @type {Goal} */ (this.player.goal).reading : null;
    this.controls.showGoing(goingText(to, fraction, this.setup.clock), fraction);
  }

  /** @param {PlayMode} mode  the player's, now */
  modeChanged(mode) {
    const from = this.lastMode;
    this.lastMode = mode;
    this.root.dataset.player = mode; // for tests: a seek of a few frames shows no bar
    const long = mode === 'go-to' || mode === 'run-to-end';
    this.controls.going.box.hidden = !long;
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
    const mode = this.player.mode;
    this.controls.show(this.race, mode, mode === 'seek' ? /** @type {Goal} */ (this.player.goal).reading : 0, this.setup.clock);
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
      const ranks = places(race);
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
    const drawn = chartLanes(race, y);
    const lanes = drawn.lanes;
    this.chart.draw(lanes, { y, total: drawn.total, reading: race.clock, unit: CLOCKS[race.clockId].label });
    const words = chartWords(race, drawn, y);
    this.chart.canvas.setAttribute('aria-label', words.aria);
    this.chartNote.textContent = words.note;
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
