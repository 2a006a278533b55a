// Race mode (issue 10): the five searches side by side, on one clock.
//
// The view inside its root (#race): the set-up (N, the clock, two to five
// lanes), the race's controls (play, step, back, reset, run to end, speed,
// timeline; the visualizer's keys), a lane per algorithm (a small live board,
// its search-tree strip and the boards ruled out, its counters, a "done" mark
// with the clock's reading when it finished), the chart of boards decided
// against work, and the result table once every lane has ended. The model is
// race-clock.js, the scheduling race-player.js, the pictures race-chart.js.
// Keeps ?mode=race&n=&lanes=&clock=&at= in the address bar while shown; a
// lane's button opens that search in the visualizer at its step (onOpen).

import { BoardView, readTheme } from './board.js';
import { Controls, rangeSentence } from './controls.js';
import { el, formatCount, part } from './dom.js';
import { clearProblem, guard, reportError, showProblem } from './errors.js';
import { UrlSync, writeRaceParams } from './params.js';
import { CLOCKS, Race, STEP_CAP } from './race-clock.js';
import { RaceChart, drawStrip, readRaceColours } from './race-chart.js';
import { RACE_SPEEDS, RacePlayer, raceSpeedLabel } from './race-player.js';
import { Runner } from './runner.js';

/** Positions of the timeline on the work clocks (a log scale: 2,000 checks and 34 million both show). */
const TIMELINE_STEPS = 1000;
/** While running, strips and the chart are redrawn at most this often. */
const PICTURE_MS = 120;
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];
const shortName = (info) => info.name.replace(/ \(.*\)$/, '');

export class RaceView {
  /**
   * @param {HTMLElement} root  #race
   * @param {{ onOpen: (id: string, n: number, step: number) => void }} options
   *   onOpen: show this search in the visualizer at that step
   */
  constructor(root, { onOpen }) {
    this.root = root;
    this.onOpen = onOpen;
    this.wasm = null;
    this.algorithms = [];
    this.race = null;
    this.setup = { n: 8, ids: [], clock: 'checks' };
    this.active = false; // the view shown: it keeps the URL
    this.laneViews = [];
    this.drawnAt = 0; // when the strips were last drawn
    this.chartAt = 0; // and the chart
    // The address bar is this view's only while it is shown (a write may come late).
    this.url = new UrlSync(() => this.state(), (state) => this.active && writeRaceParams(state));
    const $ = (name) => part(root, name);
    this.message = $('message');
    this.lanesBox = $('lanes');
    this.picks = $('picks');
    this.nPicker = $('n');
    this.clockPicker = $('clock');
    this.speed = $('speed');
    this.speedValue = $('speed-value');
    this.timeline = $('timeline');
    this.timelineValue = $('timeline-value');
    this.buttons = { play: $('play'), step: $('step'), stepBack: $('step-back'), reset: $('reset'), runToEnd: $('run-to-end') };
    this.going = { box: $('going'), text: $('going-text'), bar: $('going-bar') };
    this.chart = new RaceChart($('chart'));
    this.chartY = $('chart-y');
    this.chartNote = $('chart-note');
    this.legend = $('chart-legend');
    this.results = { panel: $('results-panel'), table: $('results'), status: $('results-status') };
    this.keys = $('keys');
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
    this.clockPicker.addEventListener('change', () => this.choose({ clock: this.clockPicker.value }));
    this.chartY.addEventListener('change', () => this.drawPictures(true));
    // The keys are the visualizer's: its Controls' shortcut map, on this view's actions.
    this.keyMap = { actions: this, nudgeSpeed: (delta) => this.nudgeSpeed(delta) };
    // As there, a pick with the pointer hands focus back to Play, so Space plays.
    const home = { focusHome: () => this.focusPlay() };
    for (const control of [this.nPicker, this.clockPicker, this.speed]) Controls.prototype.returnFocusAfterPick.call(home, control);
    new ResizeObserver(() => this.resized()).observe(this.lanesBox);
    new ResizeObserver(([entry]) => {
      this.chart.resized(entry.contentRect.width);
      this.drawPictures(true);
    }).observe(this.chart.canvas);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.repaint());
  }

  /**
   * The core is loaded: fills the pickers and opens the race a link asks for
   * ({ n, ids, clock, at, steps, speed } from params.js's parseRaceParams).
   */
  attach(wasm, algorithms, wanted) {
    this.wasm = wasm;
    this.algorithms = algorithms;
    const minN = Math.min(...algorithms.map((a) => a.minN));
    const maxN = Math.max(...algorithms.map((a) => a.maxN));
    this.nPicker.replaceChildren(...Array.from({ length: maxN - minN + 1 }, (_, i) => new Option(`${minN + i} × ${minN + i}`, String(minN + i))));
    this.picks.replaceChildren(el('legend', 'field-label', 'Lanes: two to five searches'), ...algorithms.map((info, index) => {
      const box = el('input', { type: 'checkbox', value: info.id, id: `race-pick-${info.id}` });
      let pointer = false;
      box.addEventListener('pointerdown', () => { pointer = true; });
      box.addEventListener('change', () => {
        this.pick(info.id, box.checked);
        if (pointer) this.focusPlay();
        pointer = false;
      });
      return el('label', { class: 'race-pick', for: box.id, style: `--lane-colour: var(--lane-${index})` }, [box, el('span', 'race-swatch', ''), shortName(info)]);
    }));
    for (const control of [this.nPicker, this.clockPicker, this.speed, this.timeline, ...Object.values(this.buttons)]) control.disabled = false;
    if (wanted.speed !== null) this.setSpeed(wanted.speed);
    else this.setSpeed(this.player.speedIndex);
    // The race's sessions are made when the view is first shown, not while the visualizer loads.
    this.waiting = wanted;
    this.setup = { n: wanted.n, ids: wanted.ids, clock: wanted.clock };
    if (this.active) this.start();
  }

  /** The first showing: the race the link asked for, at its moment. */
  start() {
    const wanted = this.waiting;
    this.waiting = null;
    this.open(wanted);
    if (wanted.at > 0) guard(() => this.player.goTo({ reading: wanted.at, steps: wanted.steps }));
  }

  /** A fresh core after a trap: the same race again, back at the same reading. */
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

  /** Shown or hidden (the tabs): the view shown keeps the URL; a hidden race stops. */
  setActive(on) {
    this.active = on;
    if (!on) this.player.stop();
    else {
      if (this.waiting) this.start();
      this.resized();
      this.url.update(true);
    }
  }

  /** Opens a new race: { n, ids, clock }. */
  open({ n, ids, clock }) {
    this.player.forget();
    this.race?.free();
    this.race = null;
    this.setup = { n, ids: [...ids], clock };
    this.nPicker.value = String(n);
    this.clockPicker.value = clock;
    for (const box of this.picks.querySelectorAll('input')) box.checked = ids.includes(box.value);
    this.race = guard(() => new Race(this.wasm, this.algorithms, this.setup, rangeSentence), null);
    this.buildLanes();
    this.results.panel.hidden = true;
    this.shownResults = null;
    const able = this.race?.active.length ?? 0;
    this.root.dataset.lanes = String(able);
    if (!able) this.say(`None of the chosen searches can run at N=${n}: choose a smaller board or other lanes.`);
    else this.say(`${able} search${able === 1 ? '' : 'es'} at the start line, N=${n}, on equal ${CLOCKS[clock].label === 'ms' ? 'wall time' : CLOCKS[clock].label}. Press Play or Space.`);
    this.showSpeed();
    this.render();
    if (this.active) this.url.update(true);
  }

  /** Where the race stands, for a link. */
  state() {
    const race = this.race;
    const at = race?.clock ?? 0;
    return {
      ...this.setup,
      at: this.player.mode === 'go-to' ? this.player.goal.reading : at,
      steps: race && !race.unit && at > 0 ? race.active.map((lane) => lane.session.stepIndex) : null,
      speed: this.player.speedIndex,
    };
  }

  // ---- Set-up ---------------------------------------------------------------------

  choose(change) {
    clearProblem();
    this.open({ ...this.setup, ...change });
  }

  pick(id, on) {
    const ids = this.algorithms.map((a) => a.id).filter((x) => (x === id ? on : this.setup.ids.includes(x)));
    if (ids.length < 2) {
      showProblem('A race needs at least two lanes: choose another before taking this one off.', 'warning');
      for (const box of this.picks.querySelectorAll('input')) box.checked = this.setup.ids.includes(box.value);
      return;
    }
    this.choose({ ids });
  }

  buildLanes() {
    this.laneViews = (this.race?.lanes ?? []).map((lane) => new LaneView(lane, this));
    this.lanesBox.replaceChildren(...this.laneViews.map((view) => view.root));
    this.root.style.setProperty('--race-lanes', String(Math.max(1, this.laneViews.length)));
    for (const view of this.laneViews) view.fit();
  }

  // ---- What the controls and keys do ------------------------------------------------

  togglePlay() { guard(() => this.player.togglePlay()); }

  runToEnd() { guard(() => this.player.runToEnd()); }

  nextSolution() {
    this.say('Next solution belongs to one search: open a lane in the visualizer for it. In a race, → steps to the next move of any lane.');
  }

  step() {
    this.move(() => this.race.nextReading(), 'The race is over: no lane has a step left.');
  }

  stepBack() {
    this.move(() => this.race.previousReading(), 'Already at the start line.');
  }

  /** A step of the clock by hand: to the reading `where()` gives, or say why not. */
  move(where, cannot) {
    if (!this.race) return;
    this.player.stop();
    const before = this.race.active.map((lane) => lane.session.stepIndex);
    const reading = guard(() => where(), null);
    if (reading === null) {
      this.say(cannot);
      return;
    }
    guard(() => {
      if (reading <= this.race.furthest) this.race.seek(reading);
      else if (this.race.unit) this.race.advance(reading, Infinity);
      else this.race.tick();
    });
    this.render();
    this.announce(before);
  }

  reset() {
    if (!this.race) return;
    this.player.stop();
    guard(() => this.race.seek(0));
    this.render();
    this.say('Back at the start line.');
  }

  /** The timeline: a position (log scale on the work clocks) to a reading. */
  seekPosition(position, announce) {
    const race = this.race;
    if (!race) return;
    this.player.stop();
    const reading = race.unit
      ? Math.round(Math.expm1((position / TIMELINE_STEPS) * Math.log1p(race.furthest)))
      : position;
    guard(() => race.seek(reading));
    this.render();
    if (announce) this.say(this.summary());
  }

  cancel() {
    if (this.player.mode !== 'go-to' && this.player.mode !== 'run-to-end') return false;
    this.player.stop();
    this.render();
    this.say(`Stopped at ${this.reading()}.`);
    return true;
  }

  setSpeed(index) {
    this.player.setSpeed(index);
    this.showSpeed();
    if (this.active) this.url.update();
  }

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
    const home = [this.buttons.play, this.buttons.step].find((b) => !b.disabled);
    home?.focus({ preventScroll: true });
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

  /** The keyboard shortcuts (the visualizer's map), for a keydown from the page. */
  onKey(event) {
    Controls.prototype.onKey.call(this.keyMap, event);
  }

  // ---- Showing the race -------------------------------------------------------------

  /** The clock's reading in words: "1,965 checks". */
  reading(value = this.race?.clock ?? 0) {
    return `${formatCount(value)} ${CLOCKS[this.setup.clock].label}`;
  }

  summary() {
    const race = this.race;
    if (!race) return '';
    const done = race.active.filter((lane) => lane.session.done).length;
    return `Clock at ${this.reading()}: ${done} of ${race.active.length} lanes finished.`;
  }

  /** After a step by hand: which lanes moved, and what the one that moved did. */
  announce(before) {
    const moved = this.race.active.filter((lane, i) => lane.session.stepIndex !== before[i]);
    if (moved.length === 1) this.say(`Clock at ${this.reading()}. ${shortName(moved[0].info)}: ${moved[0].session.message()}`);
    else this.say(`${this.summary()} ${moved.length ? `${moved.map((lane) => shortName(lane.info)).join(', ')} moved.` : ''}`.trim());
  }

  overSentence() {
    const race = this.race;
    const order = [...race.active].sort((a, b) => a.finish - b.finish)
      .map((lane) => `${shortName(lane.info)} (${formatCount(lane.finish)}${lane.last.done ? '' : ', capped'})`);
    return `The race is over at ${this.reading(race.end)}. Finishing order: ${order.join(', ')}.`;
  }

  showGoing(fraction) {
    const box = this.going;
    const what = this.player.mode === 'go-to' ? `Going to ${this.reading(this.player.goal.reading)}` : 'Running to the end';
    const text = `${what}: ${Math.min(99, Math.floor(fraction * 100))}%…`;
    if (box.text.textContent !== text) box.text.textContent = text;
    box.bar.value = fraction;
  }

  modeChanged(mode) {
    const from = this.lastMode;
    this.lastMode = mode;
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
    b.play.querySelector('.label').textContent = mode === 'play' ? 'Pause' : 'Play';
    b.play.setAttribute('aria-pressed', String(mode === 'play'));
    b.runToEnd.classList.toggle('active', mode === 'run-to-end');
    const none = !race || race.active.length === 0;
    const atEnd = none || (!busy && race.atEnd());
    b.play.disabled = none;
    b.step.disabled = atEnd;
    b.runToEnd.disabled = atEnd;
    b.stepBack.disabled = none || race.clock === 0;
    b.reset.disabled = none || race.clock === 0;
    const focused = document.activeElement;
    if (focused?.disabled && Object.values(b).includes(focused)) b.play.focus({ preventScroll: true });
    if (!race) return;
    // The timeline: 0 to the furthest reading, log-scaled on the work clocks.
    const max = race.furthest;
    const position = race.unit
      ? (max > 0 ? Math.round((Math.log1p(race.clock) / Math.log1p(max)) * TIMELINE_STEPS) : 0)
      : race.clock;
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
      const ranks = new Map([...race.active].filter((lane) => lane.session.done || lane.finish !== null && lane.session.stepIndex >= lane.last.steps)
        .sort((a, b) => a.finish - b.finish).map((lane, i) => [lane, i]));
      for (const view of this.laneViews) view.update(ranks.get(view.lane), idle);
      this.drawPictures(idle);
      this.root.dataset.clock = String(race.clock);
      this.root.dataset.ended = String(race.ended);
      if (race.ended && this.shownResults !== race) this.showResults();
      this.showControls();
      if (idle && this.active) this.url.update(); // once things are quiet
      return true;
    }, false);
  }

  /**
   * The strips and the chart: at once when `now` (idle); while running a few
   * times a second each, never both in one frame.
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
    const y = this.chartY.value;
    const total = Number(BigInt(race.n) ** BigInt(race.n));
    const lanes = race.active.map((lane) => {
      const { ruledOut, solutions } = lane.session.space();
      const x = race.unit ? lane.work(race.unit) : race.clock;
      return { index: lane.index, name: shortName(lane.info), samples: lane.samples, now: { x, decided: Number(ruledOut + solutions), solutions: Number(solutions) } };
    });
    this.chart.draw(lanes, { y, total, reading: race.clock, unit: CLOCKS[race.clockId].label });
    const label = y === 'decided' ? 'boards decided (ruled out or found)' : 'solutions found';
    const text = `Chart: ${label} against work, one line per lane. Now: ${lanes.map((l) => `${l.name} ${formatCount(y === 'decided' ? l.now.decided : l.now.solutions)} at ${formatCount(l.now.x)}`).join('; ')}.`;
    this.chart.canvas.setAttribute('aria-label', text);
    this.chartNote.textContent = race.active.length ? `Each line is a lane: ${label} (log scale) against its work in ${CLOCKS[race.clockId].label} (log scale); a dot is where it stands now.` : '';
    if (this.legendFor !== race) {
      this.legendFor = race;
      this.legend.replaceChildren(...race.active.map((lane) => el('li', { style: `--lane-colour: var(--lane-${lane.index})` }, [el('span', 'race-swatch', ''), shortName(lane.info)])));
    }
  }

  /**
   * The result table, once every lane has ended: the work each took and its
   * ratio to the best. The time is measured afterwards, on a copy of each
   * search run alone in big slices (a race's own slices are too small to time).
   */
  showResults() {
    const race = this.race;
    this.shownResults = race;
    this.fillResults(race);
    this.timeLanes(race).catch(reportError);
  }

  /** Runs each lane's search again, alone, to where the race left it, and times it. */
  async timeLanes(race) {
    const wasm = this.wasm;
    for (const lane of race.active) {
      const s = new wasm.Session(lane.id, race.n);
      try {
        const runner = new Runner(s, { budgetMs: 6, chunk: 1 << 16 });
        while (s.stepIndex < lane.last.steps && !s.done) {
          // A slice a frame, so the page stays smooth.
          await new Promise((resolve) => requestAnimationFrame(resolve));
          if (this.race !== race) return; // a new race, or a new core: this one is over
          runner.run(lane.last.steps - s.stepIndex);
        }
        lane.ms = runner.busyMs;
      } finally {
        if (this.wasm === wasm) s.free(); // not a session of a core that trapped
      }
      this.fillResults(race);
    }
  }

  fillResults(race) {
    const unit = CLOCKS[race.clockId].label;
    const table = this.results.table;
    const columns = [['steps', 'Steps'], ['checks', 'Checks'], ['solutions', 'Solutions'], ['ms', 'Time']];
    const head = el('tr', {}, [el('th', { scope: 'col', text: 'Lane' }), ...columns.map(([, l]) => el('th', { scope: 'col', text: l }))]);
    const value = (lane, key) => (key === 'ms' ? lane.ms : lane.last[key]);
    const finished = race.active.filter((lane) => lane.last.done);
    const best = Object.fromEntries(['steps', 'checks', 'ms'].map((key) => [key, Math.min(...finished.map((lane) => value(lane, key) ?? Infinity))]));
    const rows = race.lanes.map((lane) => {
      const row = el('tr', { 'data-lane': lane.id }, [el('th', { scope: 'row', text: shortName(lane.info) })]);
      if (!lane.session) {
        row.append(el('td', { class: 'muted', colspan: columns.length, text: lane.reason }));
        return row;
      }
      const partial = !lane.last.done;
      row.dataset.partial = String(partial);
      for (const [key, label] of columns) {
        const v = value(lane, key);
        if (v === null) {
          row.append(el('td', { 'data-label': label, class: 'muted' }, 'timing…'));
          continue;
        }
        const text = key === 'ms' ? `${v < 10 ? v.toFixed(1) : formatCount(Math.round(v))} ms` : formatCount(v);
        const cell = el('td', { 'data-label': label }, [partial && key === 'steps' ? `over ${formatCount(STEP_CAP)}` : text]);
        if (partial) cell.append(el('span', 'cell-note', key === 'steps' ? 'capped: partial' : 'partial, so far'));
        else if (key !== 'solutions' && finished.length > 1 && Number.isFinite(best[key])) {
          const ratio = v / best[key];
          cell.append(el('span', 'cell-note', ratio < 1.005 ? 'best' : `×${ratio < 10 ? ratio.toFixed(1) : formatCount(Math.round(ratio))}`));
        }
        row.append(cell);
      }
      return row;
    });
    table.replaceChildren(el('thead', {}, [head]), el('tbody', {}, rows));
    const capped = race.active.filter((lane) => !lane.last.done).length;
    this.results.status.textContent = `N=${race.n}, equal ${unit === 'ms' ? 'wall time' : unit}. Time: each search run again alone to where it ended, in the core in this browser; ×: the ratio to the best lane.`
      + (capped ? ` ${capped} lane${capped === 1 ? '' : 's'} stopped at ${formatCount(STEP_CAP)} steps: ${capped === 1 ? 'its' : 'their'} figures are partial.` : '');
    this.results.panel.hidden = false;
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

  /** The status line (aria-live). */
  say(text) {
    if (this.message.textContent !== text) this.message.textContent = text;
  }

  /** Colours of the strips, read once per theme. */
  stripColours() {
    this.colours ??= readRaceColours(this.root);
    return this.colours;
  }
}

/** One lane on screen: its board, strip, counters and mark. */
class LaneView {
  constructor(lane, view) {
    this.lane = lane;
    this.view = view;
    const { info, index } = lane;
    const name = el('h3', { id: `lane-${info.id}-name`, class: 'lane-name' }, [el('span', 'race-swatch', ''), shortName(info)]);
    this.root = el('article', { class: 'race-lane', 'data-lane': info.id, 'aria-labelledby': name.id, style: `--lane-colour: var(--lane-${index})` }, [name]);
    this.shown = { step: -1 };
    if (!lane.session) {
      this.root.dataset.unable = 'true';
      this.root.dataset.done = 'false';
      this.root.append(el('p', 'lane-unable', lane.reason));
      return;
    }
    this.mark = el('p', 'lane-mark', '');
    const canvas = el('canvas', { 'data-part': 'board', class: 'lane-board', role: 'img', 'aria-label': `${shortName(info)}'s board` });
    this.strip = el('canvas', { class: 'lane-strip', 'aria-hidden': 'true' });
    this.space = el('p', 'lane-space', '');
    this.counters = {};
    const counters = el('dl', 'lane-counters', ['steps', 'checks', 'solutions'].map((key) => {
      this.counters[key] = el('dd', {}, '0');
      return el('div', {}, [el('dt', {}, key), this.counters[key]]);
    }));
    const open = el('button', { type: 'button', class: 'linkish lane-open', title: `Open ${shortName(info)} in the visualizer at this step` }, 'Open in the visualizer');
    open.addEventListener('click', () => this.open());
    canvas.addEventListener('click', () => this.open());
    this.root.append(this.mark, canvas, this.strip, this.space, counters, open);
    this.board = new BoardView(this.root);
  }

  open() {
    const s = this.lane.session;
    const step = guard(() => s.stepIndex, 0);
    this.view.player.stop();
    this.view.onOpen(this.lane.id, this.view.race.n, step);
  }

  /** After a resize (layout is fresh then): the board's size and the strip's width. */
  fit() {
    this.stale = true;
    this.stripWidth = this.strip?.getBoundingClientRect().width ?? 0;
    if (this.board?.fit()) this.board.redraw();
  }

  repaint(theme) {
    if (!this.board) return;
    this.board.setTheme(theme);
    this.board.redraw();
    this.stale = true;
  }

  /** Counters, hooks, mark and board, when the lane moved; `rank`: its finishing place if done. */
  update(rank, idle) {
    const { lane } = this;
    const s = lane.session;
    if (!s) return;
    const step = s.stepIndex;
    const root = this.root;
    if (this.shown.step !== step) {
      this.shown.step = step;
      const n = this.view.race.n;
      this.board.draw(s.cells(), n);
      const figures = { steps: step, checks: s.checks, solutions: s.solutionCount };
      for (const [key, v] of Object.entries(figures)) {
        root.dataset[key] = String(v);
        this.counters[key].textContent = formatCount(v);
      }
      const { total, ruledOut } = s.space();
      const share = total > 0n ? Number((ruledOut * 10000n) / total) / 100 : 0;
      this.space.textContent = `Ruled out ${formatCount(ruledOut)} of ${formatCount(total)} boards (${share.toFixed(2)}%)`;
      this.stale = true;
    }
    const capped = !s.done && lane.finish !== null && step >= lane.last.steps;
    const done = s.done;
    root.dataset.done = String(done);
    root.dataset.capped = String(capped);
    if (done || capped) root.dataset.finish = String(lane.finish);
    else delete root.dataset.finish;
    const mark = done
      ? `✓ ${ORDINALS[rank] ?? ''} · done at ${this.view.reading(lane.finish)}`
      : capped ? `Stopped at the cap (${formatCount(STEP_CAP)} steps): partial` : step === 0 ? 'At the start line' : 'Running';
    if (this.mark.textContent !== mark) this.mark.textContent = mark;
    root.classList.toggle('done', done);
    if (idle && this.described !== step) {
      this.described = step;
      this.board.describe(s.queens(), this.view.race.n);
    }
  }

  drawStrip() {
    if (!this.lane.session || !this.stale) return;
    this.stale = false;
    drawStrip(this.strip, this.stripWidth, this.lane.session, this.view.race.n, this.view.stripColours());
  }
}
